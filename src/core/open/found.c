/*
 * What a call's name held just before the call (odc_predict.h), for the
 * survey's state= field. Only looks: the parent is held open as mkdir mode
 * holds it, the name examined there without following a last symlink, and
 * whatever is there opened O_PATH to see through a link and to apply the
 * sticky-directory rule. A racer can make the answer stale; it is
 * informational, and the call's own result never depends on it.
 */
#include <errno.h>
#include <string.h>

#include "odc_at.h"
#include "odc_predict.h"
#include "odc_readable.h"
#include "odc_sticky.h"
#include "odc_fs.h"

#define ODC_STATE_NAME(id, name) [ODC_STATE_##id] = name,

static const char *const odc_state_names[] = { ODC_STATES(ODC_STATE_NAME) };

const char *odc_state_name(enum odc_state state)
{
	return odc_state_names[state];
}

int odc_state_parse_len(const char *name, size_t len)
{
	for (int state = ODC_STATE_MISSING; state <= ODC_STATE_ERROR; state++) {
		const char *known = odc_state_names[state];
		size_t i = 0;
		while (i < len && known[i] && known[i] == name[i])
			i++;
		if (i == len && known[i] == '\0')
			return state;
	}
	return -1;
}

static void odc_found_error(struct odc_found *f, long err)
{
	f->state = ODC_STATE_ERROR;
	f->error = (int)-err;
}

/* What the name is when it is something: through its link, if it is one. */
static void odc_found_object(const struct odc_call *c, bool link, struct odc_found *f)
{
	struct stat st;
	long fd = odc_call_open(c, O_PATH | O_CLOEXEC, 0);

	if (fd < 0) {
		if (link && fd == -ENOENT)
			f->state = ODC_STATE_DANGLING;
		else
			odc_found_error(f, fd);
		return;
	}
	if (odc_fs_fstat((int)fd, &st) < 0) {
		odc_found_error(f, -EIO);
	} else {
		bool dir = S_ISDIR(st.st_mode);
		f->state = link ? (dir ? ODC_STATE_LINK_DIR : ODC_STATE_LINK_FILE)
				: dir ? ODC_STATE_DIR : S_ISREG(st.st_mode) ? ODC_STATE_FILE
									: ODC_STATE_OTHER;
		f->sticky = odc_sticky_found(c, (int)fd, dir);
	}
	odc_fs_close((int)fd);
}

void odc_found_read(const struct odc_call *c, struct odc_found *f)
{
	*f = (struct odc_found){ .state = ODC_STATE_ERROR, .readable = odc_readable_path(c->path) };
	if (c->how_error) {
		f->state = ODC_STATE_INVALID;
		f->error = (int)-c->how_error;
		return;
	}
	if (c->via_openat2 && (c->resolve & ODC_RESOLVE_CACHED)) {
		f->error = EAGAIN;
		return;
	}
	if (f->readable < 0) {
		odc_found_error(f, f->readable);
		return;
	}
	size_t len = strlen(c->path);
	f->slash = len && c->path[len - 1] == '/';

	struct odc_at at;
	struct stat st;
	long ret = odc_at_enter(c, &at);
	if (ret == 0) {
		ret = odc_fs_fstatat(at.dirfd, at.name, &st);
		odc_at_leave(&at);
	}
	if (ret == -ENOENT && at.owned)
		f->state = ODC_STATE_MISSING;
	else if (ret < 0)
		odc_found_error(f, ret);
	else
		odc_found_object(c, S_ISLNK(st.st_mode), f);
}

long odc_found_dir_stat(const struct odc_call *c, struct stat *st)
{
	struct odc_at at;
	long ret = odc_readable_path(c->path);

	if (ret == 0)
		ret = odc_at_enter(c, &at);
	if (ret < 0)
		return ret;
	ret = at.owned ? odc_fs_fstat(at.dirfd, st) : odc_fs_fstatat(AT_FDCWD, "/", st);
	odc_at_leave(&at);
	return ret;
}
