/*
 * odcreat --probe's calls: each path state made in a private directory,
 * the call on it, by the kernel or a mode, and what it left described.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_call.h"
#include "odc_errname.h"
#include "odc_fs.h"
#include "odc_libc.h"
#include "odc_probe_call.h"
#include "odc_say.h"

enum odc_probe_object { ODC_PROBE_NOTHING, ODC_PROBE_DIR, ODC_PROBE_DATA };

/* Each state: the object made, at "p" or, through a symlink p -> t, at "t". */
struct odc_probe_state {
	const char *name;
	const char *path;
	enum odc_probe_object object;
	bool via_link;
};

/* Named as the log's state= names them, so that the two read alike. */
static const struct odc_probe_state odc_probe_states[ODC_PROBE_STATES] = {
	{ "missing", "p", ODC_PROBE_NOTHING, false },
	{ "dir", "p", ODC_PROBE_DIR, false },
	{ "file", "p", ODC_PROBE_DATA, false },
	{ "link-dir", "p", ODC_PROBE_DIR, true },
	{ "link-file", "p", ODC_PROBE_DATA, true },
	{ "dangling", "p", ODC_PROBE_NOTHING, true },
	{ "missing/", "p/", ODC_PROBE_NOTHING, false },
	{ "no-parent", "a/p", ODC_PROBE_NOTHING, false },
};

const char *odc_probe_state_name(size_t state)
{
	return odc_probe_states[state].name;
}

static int odc_probe_put_data(int dir, const char *name)
{
	long fd = odc_libc_openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	ssize_t n = write((int)fd, "data", 4);
	close((int)fd);
	return n == 4 ? 0 : -1;
}

static int odc_probe_setup(int dir, const struct odc_probe_state *s)
{
	const char *name = s->via_link ? "t" : "p";
	int err = s->object == ODC_PROBE_DIR ? mkdirat(dir, name, 0755) :
		  s->object == ODC_PROBE_DATA ? odc_probe_put_data(dir, name) : 0;

	if (err == 0 && s->via_link)
		err = symlinkat("t", dir, "p");
	return err;
}

void odc_probe_clear(int dir)
{
	static const char *const names[] = { "p", "t" };

	for (size_t i = 0; i < 2; i++)
		if (unlinkat(dir, names[i], 0) < 0 && errno == EISDIR)
			unlinkat(dir, names[i], AT_REMOVEDIR);
}

static void odc_probe_describe_name(int dir, const char *name, char *out, size_t len)
{
	struct stat st;
	size_t used = strlen(out);

	if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	snprintf(out + used, len - used, " %s:%s", name,
		 S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" :
		 st.st_size ? "data" : "file");
}

/* What p and t are (" p:link t:dir"), appended to OUT; "" where neither is. */
static void odc_probe_describe_disk(int dir, char *out, size_t len)
{
	odc_probe_describe_name(dir, "p", out, len);
	odc_probe_describe_name(dir, "t", out, len);
}

/*
 * "RESULT DISK", as the table shows them: "fd:dir p:dir", "ENOTDIR p:file",
 * "EINVAL unchanged", where the disk is as BEFORE describes it.
 */
static void odc_probe_describe(int dir, long ret, const char *before, char *out, size_t len)
{
	struct stat st;

	if (ret < 0)
		snprintf(out, len, "%s", odc_errname((int)-ret));
	else if (fstat((int)ret, &st) == 0)
		snprintf(out, len, "fd:%s", S_ISDIR(st.st_mode) ? "dir" : "file");
	if (ret >= 0)
		close((int)ret);
	size_t used = strlen(out);
	odc_probe_describe_disk(dir, out, len);
	if (strcmp(out + used, before) == 0)
		snprintf(out + used, len - used, " unchanged");
}

/* What one call does in STATE: the kernel's (MODE < 0) or a mode's. */
int odc_probe_one(int dir, size_t state, int flags, int mode, char *out, size_t len)
{
	struct odc_call c = { .dirfd = dir, .path = odc_probe_states[state].path,
			      .flags = flags, .mode = 0755 };

	if (odc_probe_setup(dir, &odc_probe_states[state]) < 0) {
		odc_say("odcreat: --probe could not prepare \"%s\": %s\n",
			odc_probe_states[state].name, strerror(errno));
		return -1;
	}
	char before[ODC_PROBE_TEXT] = "";
	odc_probe_describe_disk(dir, before, sizeof before);
	long ret = mode < 0 ? odc_libc_openat(dir, c.path, flags, c.mode) : odc_semantics(mode, &c);
	odc_probe_describe(dir, ret, before, out, len);
	odc_probe_clear(dir);
	return 0;
}
