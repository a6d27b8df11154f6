/*
 * odcreat --probe: try O_CREAT|O_DIRECTORY on the running kernel for each
 * path state, show what happened and what was left on disk, and name the
 * modes that give exactly the same. Each mode's answer comes from running
 * odcreat's own semantics on the same state, so there is no second copy of
 * the table to drift. Every call goes to the kernel directly, never through
 * a preloaded shim.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "odc_errname.h"
#include "odc_exit.h"
#include "odc_meaning.h"
#include "odc_probe.h"
#include "odc_real.h"
#include "odc_sys.h"

enum odc_probe_object { ODC_PROBE_NOTHING, ODC_PROBE_DIR, ODC_PROBE_DATA };

/* Each state: the object made, at "p" or, through a symlink p -> t, at "t". */
struct odc_probe_state {
	const char *name;
	const char *path;
	enum odc_probe_object object;
	bool via_link;
};

static const struct odc_probe_state odc_probe_states[] = {
	{ "missing", "p", ODC_PROBE_NOTHING, false },
	{ "directory", "p", ODC_PROBE_DIR, false },
	{ "regular file", "p", ODC_PROBE_DATA, false },
	{ "symlink to dir", "p", ODC_PROBE_DIR, true },
	{ "symlink to file", "p", ODC_PROBE_DATA, true },
	{ "dangling symlink", "p", ODC_PROBE_NOTHING, true },
	{ "missing, p/", "p/", ODC_PROBE_NOTHING, false },
	{ "missing parent", "a/p", ODC_PROBE_NOTHING, false },
};

#define ODC_PROBE_STATES (sizeof odc_probe_states / sizeof odc_probe_states[0])
#define ODC_PROBE_MODES ODC_NATIVE	/* every mode before native */
#define ODC_PROBE_TEXT 64

static int odc_probe_put_data(int dir, const char *name)
{
	long fd = odc_real_openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

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

static void odc_probe_clear(int dir)
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

/* "RESULT DISK", as the test suite writes them: "fd:dir p:dir", "ENOTDIR p:file". */
static void odc_probe_describe(int dir, long ret, char *out, size_t len)
{
	struct stat st;

	if (ret < 0)
		snprintf(out, len, "%s", odc_errname((int)-ret));
	else if (fstat((int)ret, &st) == 0)
		snprintf(out, len, "fd:%s", S_ISDIR(st.st_mode) ? "dir" : "file");
	if (ret >= 0)
		close((int)ret);
	size_t used = strlen(out);
	odc_probe_describe_name(dir, "p", out, len);
	odc_probe_describe_name(dir, "t", out, len);
	if (strlen(out) == used)
		snprintf(out + used, len - used, " -");
}

/* What one call does in STATE: the kernel's (MODE < 0) or a mode's. */
static int odc_probe_one(int dir, size_t state, int flags, int mode, char *out, size_t len)
{
	struct odc_call c = { .dirfd = dir, .path = odc_probe_states[state].path,
			      .flags = flags, .mode = 0755 };

	if (odc_probe_setup(dir, &odc_probe_states[state]) < 0) {
		fprintf(stderr, "odcreat: --probe could not prepare \"%s\": %s\n",
			odc_probe_states[state].name, strerror(errno));
		return -1;
	}
	long ret = mode < 0 ? odc_real_openat(dir, c.path, flags, c.mode) : odc_semantics(mode, &c);
	odc_probe_describe(dir, ret, out, len);
	odc_probe_clear(dir);
	return 0;
}

static int odc_probe_in(int dir, const char *where)
{
	static const int flag_sets[] = { O_RDONLY | O_CREAT | O_DIRECTORY,
					 O_RDONLY | O_CREAT | O_DIRECTORY | O_EXCL };
	unsigned matched[ODC_PROBE_MODES] = { 0 };
	unsigned cases = 0;
	struct utsname uts;

	uname(&uts);
	printf("open(path, O_CREAT|O_DIRECTORY, 0755) on %s %s, in %s\n\n", uts.sysname,
	       uts.release, where);
	printf("%-18s %-6s %-26s %s\n", "path", "O_EXCL", "kernel: result, on disk", "same as");
	for (size_t f = 0; f < 2; f++) {
		for (size_t s = 0; s < ODC_PROBE_STATES; s++) {
			char kernel[ODC_PROBE_TEXT] = "", emulated[ODC_PROBE_TEXT];
			if (odc_probe_one(dir, s, flag_sets[f], -1, kernel, sizeof kernel) < 0)
				return ODC_EXIT_FAILED;
			printf("%-18s %-6s %-26s", odc_probe_states[s].name, f ? "yes" : "no", kernel);
			for (int m = 0; m < ODC_PROBE_MODES; m++) {
				emulated[0] = '\0';
				if (odc_probe_one(dir, s, flag_sets[f], m, emulated, sizeof emulated) < 0)
					return ODC_EXIT_FAILED;
				if (strcmp(kernel, emulated) != 0)
					continue;
				matched[m]++;
				printf(" %s", odc_mode_name((enum odc_mode)m));
			}
			printf("\n");
			cases++;
		}
	}

	int best = 0;
	for (int m = 0; m < ODC_PROBE_MODES; m++)
		if (matched[m] > matched[best])
			best = m;
	if (matched[best] == cases)
		printf("\nThis kernel behaves like mode %s: %s.\n", odc_mode_name((enum odc_mode)best),
		       odc_mode_systems((enum odc_mode)best));
	else
		printf("\nNo mode matches this kernel; the closest is %s (%u of %u cases).\n",
		       odc_mode_name((enum odc_mode)best), matched[best], cases);
	return 0;
}

/* The classification, which creates nothing, before the table, which creates and removes. */
static void odc_probe_meaning(void)
{
	long answer = odc_kernel_answer();
	const char *name = answer < 0 ? odc_errname((int)-answer) : NULL;
	enum odc_mode meaning = odc_kernel_meaning();

	printf("Asked without touching anything, openat(AT_FDCWD, \"\", "
	       "O_CREAT|O_DIRECTORY|O_RDWR) answers %s: ", name ? name : "something unheard of");
	if (meaning == ODC_NATIVE)
		printf("no known meaning.\n\n");
	else
		printf("this kernel's meaning is %s%s.\n\n", odc_mode_name(meaning),
		       meaning == ODC_LEGACY || meaning == ODC_LINUX57
			       ? " (legacy or linux-5.7: told apart by the release number alone)"
			       : "");
}

int odc_probe(void)
{
	const char *tmp = getenv("TMPDIR");
	char where[4096];

	odc_probe_meaning();
	snprintf(where, sizeof where, "%s/odcreat-probe.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(where)) {
		fprintf(stderr, "odcreat: --probe cannot make a directory in %s: %s\n",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		return ODC_EXIT_FAILED;
	}
	long dir = odc_real_openat(AT_FDCWD, where, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	int status = dir < 0 ? ODC_EXIT_FAILED : odc_probe_in((int)dir, where);
	if (dir >= 0) {
		odc_probe_clear((int)dir);
		close((int)dir);
	}
	rmdir(where);
	fflush(stdout);
	return status;
}
