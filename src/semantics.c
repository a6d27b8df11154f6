/*
 * What O_CREAT|O_DIRECTORY means in each mode: one function per mode, built
 * from real calls. Each decides from what the call that acts returns (an
 * O_EXCL create, an O_DIRECTORY open), never from a stat made before it, and
 * undoes what it made when it fails. Nothing here allocates or locks.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "odc_sys.h"

/* FD, as the caller's descriptor: see odc_call.give. */
static long odc_give(const struct odc_call *c, long fd)
{
	return fd >= 0 && c->give ? c->give(c, fd) : fd;
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
	return odc_give(c, odc_sys_open(c, c->flags & ~O_CREAT, 0));
}

/* Where calls that know no RESOLVE_* flags (mkdirat, unlinkat, fstatat) are to act. */
struct odc_at {
	int dirfd;
	const char *name;
	bool owned;
	char parent[PATH_MAX];
};

/* The slash before the last component, or NULL when there is no such slash. */
static const char *odc_last_slash(const char *path)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	const char *slash = memrchr(path, '/', len);
	return slash && slash[1] ? slash : NULL;
}

/*
 * Under RESOLVE_* the parent is opened through openat2 first, so that what
 * is made, examined or removed is where the kernel's own resolution puts
 * it, and never outside the root.
 */
static long odc_at_enter(const struct odc_call *c, struct odc_at *at)
{
	at->dirfd = c->dirfd;
	at->name = c->path;
	at->owned = false;

	const char *slash = c->resolve ? odc_last_slash(c->path) : NULL;
	if (!slash)
		return 0;
	size_t len = slash == c->path ? 1 : (size_t)(slash - c->path);
	if (len >= sizeof at->parent)
		return -ENAMETOOLONG;
	memcpy(at->parent, c->path, len);
	at->parent[len] = '\0';

	struct odc_call parent = *c;
	parent.path = at->parent;
	long fd = odc_sys_open(&parent, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
	if (fd < 0)
		return fd;
	at->dirfd = (int)fd;
	at->name = slash + 1;
	at->owned = true;
	return 0;
}

static void odc_at_leave(const struct odc_at *at)
{
	if (at->owned)
		odc_sys_close(at->dirfd);
}

static bool odc_names_symlink(const struct odc_call *c)
{
	struct odc_at at;
	struct stat st;

	if (odc_at_enter(c, &at) < 0)
		return false;
	bool link = odc_sys_fstatat(at.dirfd, at.name, &st) == 0 && S_ISLNK(st.st_mode);
	odc_at_leave(&at);
	return link;
}

static void odc_unlink(const struct odc_call *c)
{
	struct odc_at at;

	if (odc_at_enter(c, &at) < 0)
		return;
	odc_sys_unlinkat(at.dirfd, at.name);
	odc_at_leave(&at);
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

	if (c->flags & O_EXCL)
		return odc_sys_open(c, create, c->mode);

	long fd = odc_sys_open(c, (c->flags & ~O_CREAT) | O_CLOEXEC, 0);
	if (fd >= 0) {
		odc_sys_close(fd);
		return -EISDIR;
	}
	if (fd != -ENOENT)
		return fd;
	fd = odc_sys_open(c, create | O_EXCL, c->mode);
	if (fd != -EEXIST)
		return fd;
	/* A name that resolves to nothing is a dangling symlink: O_CREAT makes its target. */
	fd = odc_sys_open(c, create, c->mode);
	if (fd < 0 || odc_names_symlink(c))
		return fd;
	/*
	 * No symlink: a racer created a regular file after the lookup above. One
	 * atomic open would have found it and refused it, as O_DIRECTORY does.
	 */
	odc_sys_close(fd);
	return -ENOTDIR;
}

/*
 * The file goes when the caller cannot be given it. One made through a
 * dangling symlink stays: the name to remove is the link's target.
 */
static long odc_legacy(const struct odc_call *c)
{
	long fd = odc_legacy_create(c);

	if (fd < 0)
		return fd;
	fd = odc_give(c, fd);
	if (fd < 0 && !odc_names_symlink(c))
		odc_unlink(c);
	return fd;
}

/* Linux 5.7 to 6.3 (973d4b73fbaf): the legacy create happens, then O_DIRECTORY fails it. */
static long odc_linux57(const struct odc_call *c)
{
	long fd = odc_legacy_create(c);

	if (fd < 0)
		return fd;
	odc_sys_close(fd);
	return -ENOTDIR;
}

/* A directory has nothing to truncate, and it exists by the time it is opened. */
static int odc_dir_flags(const struct odc_call *c)
{
	return c->flags & ~(O_CREAT | O_EXCL | O_TRUNC);
}

/*
 * The creator gets its new directory open even when its mode forbids
 * reading, as O_CREAT gives a file: the owner lends itself read access
 * for the one open.
 */
static long odc_open_unreadable(const struct odc_call *c, const struct odc_at *at,
				int flags)
{
	struct stat st;

	if (odc_sys_fstatat(at->dirfd, at->name, &st) < 0 || !S_ISDIR(st.st_mode) ||
	    (st.st_mode & S_IRUSR))
		return -EACCES;
	if (odc_sys_fchmodat(at->dirfd, at->name, (st.st_mode | S_IRUSR) & 07777) < 0)
		return -EACCES;
	long fd = odc_sys_open(c, flags, 0);
	odc_sys_fchmodat(at->dirfd, at->name, st.st_mode & 07777);
	return fd;
}

static long odc_open_made(const struct odc_call *c, const struct odc_at *at)
{
	/* Should a racer swap a symlink in for the new directory, fail, not follow. */
	int flags = odc_dir_flags(c) | O_NOFOLLOW;
	long fd = odc_sys_open(c, flags, 0);

	if (fd == -EACCES)
		fd = odc_open_unreadable(c, at, flags);
	fd = odc_give(c, fd);
	if (fd < 0)
		odc_sys_rmdirat(at->dirfd, at->name);
	return fd;
}

static long odc_open_found(const struct odc_call *c)
{
	long fd = odc_sys_open(c, odc_dir_flags(c), 0);

	/* mkdir saw the name and the open found nothing behind it: a dangling symlink. */
	return fd == -ENOENT ? -EEXIST : odc_give(c, fd);
}

/* The upstream series: make the directory unless it exists, then open it. */
static long odc_mkdir(const struct odc_call *c)
{
	if ((c->flags & O_ACCMODE) != O_RDONLY)
		return -ENOTDIR;

	struct odc_at at;
	long ret = odc_at_enter(c, &at);
	if (ret < 0)
		return ret;
	ret = odc_sys_mkdirat(at.dirfd, at.name, c->mode);
	if (ret == 0)
		ret = odc_open_made(c, &at);
	else if (ret == -EEXIST && !(c->flags & O_EXCL))
		ret = odc_open_found(c);
	odc_at_leave(&at);
	return ret;
}

static long odc_native(const struct odc_call *c)
{
	return odc_give(c, odc_sys_open(c, c->flags, c->mode));
}

static long (*const odc_semantics_of[ODC_MODE_COUNT])(const struct odc_call *) = {
	[ODC_EINVAL] = odc_einval,
	[ODC_FREEBSD] = odc_freebsd,
	[ODC_MKDIR] = odc_mkdir,
	[ODC_LEGACY] = odc_legacy,
	[ODC_LINUX57] = odc_linux57,
	[ODC_NATIVE] = odc_native,
};

long odc_semantics(enum odc_mode mode, const struct odc_call *c)
{
	return odc_semantics_of[mode](c);
}
