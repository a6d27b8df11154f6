/*
 * Each mode's answer predicted from the flags and what the name held
 * (odc_predict.h): src/core/open/semantics.c's modes, restated over a state
 * instead of carried out. tests/survey.bats holds each prediction against
 * what its mode really does, for every row of tests/table.txt.
 */
#include <errno.h>
#include <stddef.h>

#include "odc_predict.h"

static struct odc_outcome odc_fd(bool made)
{
	return (struct odc_outcome){ .error = 0, .made = made };
}

static struct odc_outcome odc_fails(int error)
{
	return (struct odc_outcome){ .error = error, .made = false };
}

static bool odc_is_dir(const struct odc_found *f)
{
	return f->state == ODC_STATE_DIR || f->state == ODC_STATE_LINK_DIR;
}

static bool odc_is_link(const struct odc_found *f)
{
	return f->state == ODC_STATE_LINK_DIR || f->state == ODC_STATE_LINK_FILE ||
	       f->state == ODC_STATE_DANGLING;
}

/* What the lookup answers once a mode's flag checks pass: 0 where the name can be acted on. */
static int odc_lookup_error(const struct odc_found *f)
{
	return f->state == ODC_STATE_ERROR ? f->error : 0;
}

static struct odc_outcome odc_einval(int flags, const struct odc_found *f)
{
	(void)flags, (void)f;
	return odc_fails(EINVAL);
}

/* A directory opens for reading only; O_TRUNC asks for write access too. */
static int odc_dir_open_error(int flags)
{
	return (flags & O_ACCMODE) == O_RDONLY && !(flags & O_TRUNC) ? 0 : EISDIR;
}

static struct odc_outcome odc_freebsd(int flags, const struct odc_found *f)
{
	if (flags & O_EXCL)
		return odc_fails(EINVAL);
	int error = odc_lookup_error(f);
	if (error)
		return odc_fails(error);
	if (f->state == ODC_STATE_MISSING || f->state == ODC_STATE_DANGLING)
		return odc_fails(ENOENT);
	if (!odc_is_dir(f))
		return odc_fails(ENOTDIR);
	error = odc_dir_open_error(flags);
	return error ? odc_fails(error) : odc_fd(false);
}

static struct odc_outcome odc_mkdir(int flags, const struct odc_found *f)
{
	if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC))
		return odc_fails(ENOTDIR);
	int error = odc_lookup_error(f);
	if (error)
		return odc_fails(error);
	if (f->state == ODC_STATE_MISSING)
		return odc_fd(true);
	if (f->state == ODC_STATE_DANGLING || (flags & O_EXCL))
		return odc_fails(EEXIST);
	if (f->sticky)
		return odc_fails(EACCES);
	return odc_is_dir(f) ? odc_fd(false) : odc_fails(ENOTDIR);
}

/* Linux 5.6's O_CREAT: a regular file where nothing was, EISDIR for "name/". */
static struct odc_outcome odc_legacy(int flags, const struct odc_found *f)
{
	int error = odc_lookup_error(f);
	if (error)
		return odc_fails(error);
	if (f->state == ODC_STATE_MISSING)
		return f->slash ? odc_fails(EISDIR) : odc_fd(true);
	if (flags & O_EXCL)
		return odc_fails(EEXIST);
	if (f->state == ODC_STATE_DANGLING)
		return odc_fd(true);
	if (odc_is_dir(f))
		return odc_fails(EISDIR);
	return odc_fails(f->sticky ? EACCES : ENOTDIR);
}

/* The same create, and then O_DIRECTORY refuses the file it made. */
static struct odc_outcome odc_linux57(int flags, const struct odc_found *f)
{
	struct odc_outcome o = odc_legacy(flags, f);

	if (o.error == 0)
		o.error = ENOTDIR;
	return o;
}

/* native has no prediction here: what it answers is the running kernel's. */
#define odc_native NULL
#define ODC_MODE_PREDICT(id, fn, name, systems) [ODC_##id] = odc_##fn,

static struct odc_outcome (*const odc_predict_of[ODC_MODE_COUNT])(int, const struct odc_found *) = {
	ODC_MODES(ODC_MODE_PREDICT)
};

struct odc_outcome odc_predict(enum odc_mode mode, int flags, const struct odc_found *f)
{
	if (f->state == ODC_STATE_INVALID)
		return odc_fails(f->error);
	/* O_NOFOLLOW: a link, whatever it points at, is found as itself, no directory. */
	if ((flags & O_NOFOLLOW) && odc_is_link(f)) {
		struct odc_found link = { .state = ODC_STATE_FILE, .slash = f->slash };
		return odc_predict_of[mode](flags, &link);
	}
	return odc_predict_of[mode](flags, f);
}
