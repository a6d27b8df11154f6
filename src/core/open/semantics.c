/*
 * What O_CREAT|O_DIRECTORY means in each mode: one function per mode, built
 * from real calls. Each decides from what the call that acts returns (an
 * O_EXCL create, an O_DIRECTORY open), never from a stat made before it, and
 * undoes what it made when it fails. Nothing here allocates or locks.
 */
#include <errno.h>

#include "odc_at.h"
#include "odc_made.h"
#include "odc_meaning.h"
#include "odc_readable.h"
#include "odc_sticky.h"
#include "odc_fs.h"

/*
 * What the kernel checks after the flags and before it looks anything up:
 * that it can copy the name, then that the caller has a descriptor slot
 * free. Every mode that acts passes here first, so nothing below reads a
 * name the kernel could not.
 */
static long odc_admit(const struct odc_call *c)
{
	/* openat2 does not even try a create from the dentry cache alone. */
	if (c->via_openat2 && (c->resolve & ODC_RESOLVE_CACHED))
		return -EAGAIN;
	if (c->caller && c->caller->refused)
		return -EPERM;
	long ret = odc_readable_path(c->path);

	if (ret == 0 && c->caller)
		ret = c->caller->room(c->caller->ctx);
	return ret;
}

/* Linux >= 6.4 (43b450632676), NetBSD, macOS: the pair is invalid. */
static long odc_einval(const struct odc_call *c)
{
	(void)c;
	return -EINVAL;
}

/* FreeBSD's vn_open_cred: without O_EXCL the pair is a plain directory lookup. */
static long odc_freebsd(const struct odc_call *c)
{
	if (c->flags & O_EXCL)
		return -EINVAL;
	long ret = odc_admit(c);
	if (ret < 0)
		return ret;
	return odc_give(c, odc_call_open(c, c->flags & ~O_CREAT, 0));
}

/*
 * Linux <= 5.6: O_CREAT refuses an existing directory with EISDIR; anything
 * else is an O_CREAT open that ignores O_DIRECTORY once it creates a file.
 * O_TRUNC is dropped where a file is created: there is nothing to truncate.
 * A descriptor comes back only for a file this call created.
 */
static long odc_legacy_create(const struct odc_call *c)
{
	int create = c->flags & ~(O_DIRECTORY | O_TRUNC);
	long fd = odc_admit(c);

	if (fd < 0)
		return fd;
	if (c->flags & O_EXCL)
		return odc_call_open(c, create, c->mode);

	fd = odc_call_open(c, (c->flags & ~O_CREAT) | O_CLOEXEC, 0);
	if (fd >= 0) {
		odc_fs_close(fd);
		return -EISDIR;
	}
	if (fd == -ENOTDIR)
		return odc_not_a_dir(c);
	if (fd != -ENOENT)
		return fd;
	fd = odc_call_open(c, create | O_EXCL, c->mode);
	if (fd != -EEXIST)
		return fd;
	/* A name that resolves to nothing is a dangling symlink: O_CREAT makes its target. */
	fd = odc_call_open(c, create, c->mode);
	if (fd < 0 || odc_names_symlink(c))
		return fd;
	/*
	 * No symlink: a racer created a regular file after the lookup above. One
	 * atomic open would have found it and refused it, as O_DIRECTORY does.
	 */
	odc_fs_close(fd);
	return -ENOTDIR;
}

/*
 * The file goes when the caller cannot be given it. One made through a
 * dangling symlink stays: the name to remove is the link's target.
 */
static long odc_legacy(const struct odc_call *c)
{
	long fd = odc_legacy_create(c);

	return fd < 0 ? fd : odc_give_made(c, NULL, fd);
}

/* Linux 5.7 to 6.3 (973d4b73fbaf): the legacy create happens, then O_DIRECTORY fails it. */
static long odc_linux57(const struct odc_call *c)
{
	long fd = odc_legacy_create(c);

	if (fd < 0)
		return fd;
	odc_fs_close(fd);
	return -ENOTDIR;
}

/* The directory exists by the time it is opened. */
static int odc_dir_flags(const struct odc_call *c)
{
	return c->flags & ~(O_CREAT | O_EXCL);
}

/* The series drops EISDIR for a directory found, but keeps the sticky-directory rule. */
static long odc_open_found(const struct odc_call *c)
{
	long fd = odc_call_open(c, odc_dir_flags(c), 0);

	/* mkdir saw the name and the open found nothing behind it: a dangling symlink. */
	if (fd == -ENOENT)
		return -EEXIST;
	if (fd == -ENOTDIR)
		return odc_not_a_dir(c);
	if (fd >= 0 && odc_sticky_found(c, (int)fd, true)) {
		odc_fs_close((int)fd);
		return -EACCES;
	}
	return odc_give(c, fd);
}

/*
 * The kernel's own call. For a caller in another process this process
 * would make it with its own rights and descriptor table, so where the
 * kernel's meaning is known, that mode serves it, with the caller's
 * checks; elsewhere it is made here, unless the caller is refused.
 */
static long odc_native(const struct odc_call *c)
{
	enum odc_mode meaning = c->caller ? odc_kernel_meaning() : ODC_NATIVE;

	if (meaning != ODC_NATIVE)
		return odc_semantics(meaning, c);
	if (c->caller && c->caller->refused)
		return -EPERM;
	return odc_give(c, odc_call_open(c, c->flags, c->mode));
}

/*
 * The upstream series: make the directory unless it exists, then open it.
 * Write access, which O_TRUNC asks for too, can never open a directory: it
 * is ENOTDIR before anything is looked at. A kernel with the series does
 * it all itself, in one call, atomically: the library's caller gets that.
 */
static long odc_mkdir(const struct odc_call *c)
{
	if (!c->caller && odc_kernel_meaning() == ODC_MKDIR)
		return odc_native(c);
	if ((c->flags & O_ACCMODE) != O_RDONLY || (c->flags & O_TRUNC))
		return -ENOTDIR;

	long ret = odc_admit(c);
	if (ret < 0)
		return ret;
	struct odc_at at;
	ret = odc_at_enter(c, &at);
	if (ret < 0)
		return ret;
	ret = odc_fs_mkdirat(at.dirfd, at.name, c->mode);
	if (ret == 0)
		ret = odc_open_made(c, &at, odc_dir_flags(c));
	else if (ret == -EEXIST && !(c->flags & O_EXCL))
		ret = odc_open_found(c);
	odc_at_leave(&at);
	return odc_lowest(c, &at, ret);
}

#define ODC_MODE_SEMANTICS(id, fn, name, systems) [ODC_##id] = odc_##fn,

static long (*const odc_semantics_of[ODC_MODE_COUNT])(const struct odc_call *) = {
	ODC_MODES(ODC_MODE_SEMANTICS)
};

long odc_semantics(enum odc_mode mode, const struct odc_call *c)
{
	if (c->how_error)
		return c->how_error;
	return odc_semantics_of[mode](c);
}

