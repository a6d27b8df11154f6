/*
 * What O_CREAT|O_DIRECTORY means in each mode: one function per mode, built
 * from real calls. Each decides from what the call that acts returns (an
 * O_EXCL create, an O_DIRECTORY open), never from a stat made before it, and
 * undoes what it made when it fails. Nothing here allocates or locks.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "odc_path.h"
#include "odc_readable.h"
#include "odc_sticky.h"
#include "odc_sys.h"

/* FD, found by this call, as the caller's descriptor: see odc_call.give. */
static long odc_give(const struct odc_call *c, long fd)
{
	if (fd < 0 || !c->give)
		return fd;
	long given = c->give(c, fd);
	odc_sys_close((int)fd);
	return given;
}

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
	long ret = odc_readable_path(c->path);

	if (ret == 0 && c->room)
		ret = c->room(c);
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
	return odc_give(c, odc_sys_open(c, c->flags & ~O_CREAT, 0));
}

/*
 * The directory a name is made, examined or removed in, held open, and the
 * last component of the name in it. Holding the parent means that every
 * step of one call acts in the same directory, whatever a racer renames
 * above it meanwhile, and that the descriptor the call returns has a free
 * slot before anything is made: the kernel, too, allocates the descriptor
 * before it creates.
 */
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
 * The parent is opened through the call's own system call, so that under
 * RESOLVE_* it is where the kernel's own resolution puts it, and never
 * outside the root. An absolute name with no parent to split off ("/")
 * names itself.
 */
static long odc_at_enter(const struct odc_call *c, struct odc_at *at)
{
	at->dirfd = c->dirfd;
	at->name = c->path;
	at->owned = false;

	const char *slash = odc_last_slash(c->path);
	if (!slash && c->path[0] == '/')
		return 0;
	long ret = odc_path_parent(c->path, slash, at->parent, sizeof at->parent);
	if (ret < 0)
		return ret;

	struct odc_call parent = *c;
	parent.path = at->parent;
	long fd = odc_sys_open(&parent, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
	if (fd < 0)
		return fd;
	at->dirfd = (int)fd;
	at->name = slash ? slash + 1 : c->path;
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

/*
 * Whether ST can be what this call created: an object of the caller's own,
 * with no permission beyond the mode the call asked for. Something that a
 * racer renamed into the new name's place passes only if it is the
 * caller's and no more open than that, which limits what a mistake could
 * touch to what the caller itself may change.
 */
static bool odc_may_be_made(const struct odc_call *c, const struct stat *st)
{
	return st->st_uid == geteuid() && !(st->st_mode & 0777 & ~c->mode);
}

/*
 * Undo this call's create: remove AT's name if it still holds MADE. No
 * system call removes a name only while it holds a given inode, so a racer
 * that renames something else into place between the fstatat and the
 * removal still loses it. That window, two system calls wide, is the one
 * odcreat cannot close; it opens only when a create cannot be handed over.
 */
static void odc_undo(const struct odc_call *c, const struct odc_at *at,
		     const struct stat *made)
{
	struct stat now;

	if (at->dirfd == -1 || !odc_may_be_made(c, made) ||
	    odc_sys_fstatat(at->dirfd, at->name, &now) < 0 ||
	    now.st_dev != made->st_dev || now.st_ino != made->st_ino)
		return;
	if (S_ISDIR(now.st_mode))
		odc_sys_rmdirat(at->dirfd, at->name);
	else
		odc_sys_unlinkat(at->dirfd, at->name);
}

/*
 * Hand FD, which this call made at AT (NULL: at C's path), to the caller;
 * if that fails, undo the create.
 */
static long odc_give_made(const struct odc_call *c, const struct odc_at *at, long fd)
{
	if (!c->give)
		return fd;
	long given = c->give(c, fd);
	struct stat made;
	struct odc_at own;
	if (given < 0 && odc_sys_fstat((int)fd, &made) == 0) {
		if (at)
			odc_undo(c, at, &made);
		else if (odc_at_enter(c, &own) == 0) {
			odc_undo(c, &own, &made);
			odc_at_leave(&own);
		}
	}
	odc_sys_close((int)fd);
	return given;
}

/*
 * The directory that holds FD's object, which C's name led to: a
 * directory's "..", or the name's own parent where the name is no symlink,
 * or else the directory that /proc names for FD.
 */
static long odc_holder(const struct odc_call *c, int fd, bool dir, struct stat *holder)
{
	struct odc_at at;
	struct stat st;
	char self[ODC_FD_PATH_MAX], path[PATH_MAX];

	if (dir && odc_sys_fstatat(fd, "..", holder) == 0)
		return 0;
	if (odc_at_enter(c, &at) == 0) {
		long ret = at.owned && odc_sys_fstatat(at.dirfd, at.name, &st) == 0 &&
				   !S_ISLNK(st.st_mode) ? odc_sys_fstat(at.dirfd, holder) : -ENOENT;
		odc_at_leave(&at);
		if (ret == 0)
			return 0;
	}
	odc_sys_fd_path(fd, self);
	long len = odc_sys_readlinkat(AT_FDCWD, self, path, sizeof path);
	if (len <= 0 || len >= (long)sizeof path || path[0] != '/')
		return -ENOENT;
	path[len] = '\0';
	if (odc_path_parent(path, strrchr(path, '/'), path, sizeof path) < 0)
		return -ENOENT;
	return odc_sys_fstatat(AT_FDCWD, path, holder);
}

/* Whether the sticky-directory rule refuses what FD refers to, found by C's name. */
static bool odc_sticky_found(const struct odc_call *c, int fd, bool dir)
{
	struct stat object, holder;

	return odc_sys_fstat(fd, &object) == 0 && odc_holder(c, fd, dir, &holder) == 0 &&
	       odc_sticky_refuses(&object, &holder);
}

/*
 * What O_CREAT makes of C's name when it holds something other than a
 * directory: EACCES where the sticky-directory rule refuses it, which the
 * kernel checks first, or else ENOTDIR.
 */
static long odc_not_a_dir(const struct odc_call *c)
{
	long fd = odc_sys_open(c, O_PATH | O_CLOEXEC | (c->flags & O_NOFOLLOW), 0);

	if (fd < 0)
		return -ENOTDIR;
	bool refused = odc_sticky_found(c, (int)fd, false);
	odc_sys_close((int)fd);
	return refused ? -EACCES : -ENOTDIR;
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
		return odc_sys_open(c, create, c->mode);

	fd = odc_sys_open(c, (c->flags & ~O_CREAT) | O_CLOEXEC, 0);
	if (fd >= 0) {
		odc_sys_close(fd);
		return -EISDIR;
	}
	if (fd == -ENOTDIR)
		return odc_not_a_dir(c);
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

	return fd < 0 ? fd : odc_give_made(c, NULL, fd);
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
 * for the one open (and search access, which reopening "." needs). Every
 * step acts on a descriptor of the directory, never on its name, which a
 * racer could point elsewhere meanwhile, and on nothing that cannot be the
 * directory this call made. If the directory is that, and still cannot be
 * opened, it goes.
 */
static long odc_open_unreadable(const struct odc_call *c, const struct odc_at *at,
				int flags)
{
	long dir = odc_sys_openat(at->dirfd, at->name,
				  O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC, 0);
	struct stat st;
	long fd = -EACCES;

	if (dir < 0)
		return fd;
	if (odc_sys_fstat((int)dir, &st) == 0 && odc_may_be_made(c, &st) &&
	    !(st.st_mode & S_IRUSR)) {
		if (odc_sys_fchmod_path((int)dir, (st.st_mode | S_IRUSR | S_IXUSR) & 07777) == 0) {
			fd = odc_sys_openat((int)dir, ".", flags, 0);
			odc_sys_fchmod_path((int)dir, st.st_mode & 07777);
		}
		if (fd < 0)
			odc_undo(c, at, &st);
	}
	odc_sys_close((int)dir);
	return fd;
}

/*
 * The undo after the open of the new directory failed with ERR, before
 * any descriptor showed what the name held. Only a want of resources says
 * nothing about the name: any other failure means that it no longer held
 * the new directory, which a racer has taken elsewhere, and that it might
 * by now hold the racer's own. Then nothing is removed.
 */
static void odc_undo_unseen(const struct odc_call *c, const struct odc_at *at, long err)
{
	struct stat made;

	if ((err == -EMFILE || err == -ENFILE || err == -ENOMEM) && at->dirfd != -1 &&
	    odc_sys_fstatat(at->dirfd, at->name, &made) == 0 && S_ISDIR(made.st_mode))
		odc_undo(c, at, &made);
}

/*
 * Open the directory just made at AT. With one descriptor free the
 * parent's holds it, where the kernel would need just the one: the parent
 * is given up and the name looked up again, then AT taken again for an
 * undo (unusable, dirfd -1, if that fails).
 */
static long odc_open_new(const struct odc_call *c, struct odc_at *at, int flags)
{
	struct odc_call in_parent = *c;
	in_parent.dirfd = at->dirfd;
	in_parent.path = at->name;
	long fd = odc_sys_open(&in_parent, flags, 0);

	if (fd != -EMFILE || !at->owned)
		return fd;
	odc_at_leave(at);
	fd = odc_sys_open(c, flags, 0);
	if (odc_at_enter(c, at) < 0)
		*at = (struct odc_at){ .dirfd = -1 };
	return fd;
}

static long odc_open_made(const struct odc_call *c, struct odc_at *at)
{
	/* Should a racer swap a symlink in for the new directory, fail, not follow. */
	int flags = odc_dir_flags(c) | O_NOFOLLOW;
	long fd = odc_open_new(c, at, flags);

	if (fd == -EACCES && at->dirfd != -1)
		fd = odc_open_unreadable(c, at, flags);
	else if (fd < 0)
		odc_undo_unseen(c, at, fd);
	return fd < 0 ? fd : odc_give_made(c, at, fd);
}

/* The series drops EISDIR for a directory found, but keeps the sticky-directory rule. */
static long odc_open_found(const struct odc_call *c)
{
	long fd = odc_sys_open(c, odc_dir_flags(c), 0);

	/* mkdir saw the name and the open found nothing behind it: a dangling symlink. */
	if (fd == -ENOENT)
		return -EEXIST;
	if (fd == -ENOTDIR)
		return odc_not_a_dir(c);
	if (fd >= 0 && odc_sticky_found(c, (int)fd, true)) {
		odc_sys_close((int)fd);
		return -EACCES;
	}
	return odc_give(c, fd);
}

/* The upstream series: make the directory unless it exists, then open it. */
static long odc_mkdir(const struct odc_call *c)
{
	if ((c->flags & O_ACCMODE) != O_RDONLY)
		return -ENOTDIR;

	long ret = odc_admit(c);
	if (ret < 0)
		return ret;
	struct odc_at at;
	ret = odc_at_enter(c, &at);
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
