/*
 * What a call made: handing it to the caller, opening a new directory its
 * mode forbids reading, and the undo when either fails. Every step acts on
 * a descriptor or in the parent held open, never on a name a racer could
 * swap, and removes nothing that cannot be what the call made.
 */
#include <errno.h>
#include <unistd.h>

#include "odc_at.h"
#include "odc_made.h"
#include "odc_fs.h"

long odc_give(const struct odc_call *c, long fd)
{
	if (fd < 0 || !c->caller)
		return fd;
	long given = c->caller->give(c->caller->ctx, fd, c->flags & O_CLOEXEC);
	odc_fs_close((int)fd);
	return given;
}

/*
 * open(2) returns the lowest descriptor the process has free, and a
 * program may count on it (one that closes 0 and opens, say). The parent
 * held at AT while the new directory was opened took a lower slot than
 * FD; now that it is closed, FD moves down to the lowest free slot. A
 * caller in another process is given the lowest of its own by the kernel.
 */
long odc_lowest(const struct odc_call *c, const struct odc_at *at, long fd)
{
	if (fd < 0 || c->caller || !at->owned || at->dirfd > fd)
		return fd;
	long low = odc_fs_dup_lowest((int)fd, c->flags & O_CLOEXEC);

	if (low < 0)
		return fd;
	odc_fs_close((int)(low < fd ? fd : low));
	return low < fd ? low : fd;
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
	    odc_fs_fstatat(at->dirfd, at->name, &now) < 0 ||
	    now.st_dev != made->st_dev || now.st_ino != made->st_ino)
		return;
	if (S_ISDIR(now.st_mode))
		odc_fs_rmdirat(at->dirfd, at->name);
	else
		odc_fs_unlinkat(at->dirfd, at->name);
}

long odc_give_made(const struct odc_call *c, const struct odc_at *at, long fd)
{
	if (!c->caller)
		return fd;
	long given = c->caller->give(c->caller->ctx, fd, c->flags & O_CLOEXEC);
	struct stat made;
	struct odc_at own;
	if (given < 0 && odc_fs_fstat((int)fd, &made) == 0) {
		if (at)
			odc_undo(c, at, &made);
		else if (odc_at_enter(c, &own) == 0) {
			odc_undo(c, &own, &made);
			odc_at_leave(&own);
		}
	}
	odc_fs_close((int)fd);
	return given;
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
	long dir = odc_fs_openat(at->dirfd, at->name,
				  O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC, 0);
	struct stat st;
	long fd = -EACCES;

	if (dir < 0)
		return fd;
	if (odc_fs_fstat((int)dir, &st) == 0 && odc_may_be_made(c, &st) &&
	    !(st.st_mode & S_IRUSR)) {
		if (odc_fs_fchmod_path((int)dir, (st.st_mode | S_IRUSR | S_IXUSR) & 07777) == 0) {
			fd = odc_fs_openat((int)dir, ".", flags, 0);
			odc_fs_fchmod_path((int)dir, st.st_mode & 07777);
		}
		if (fd < 0)
			odc_undo(c, at, &st);
	}
	odc_fs_close((int)dir);
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
	    odc_fs_fstatat(at->dirfd, at->name, &made) == 0 && S_ISDIR(made.st_mode))
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
	long fd = odc_call_open(&in_parent, flags, 0);

	if (fd != -EMFILE || !at->owned)
		return fd;
	odc_at_leave(at);
	fd = odc_call_open(c, flags, 0);
	if (odc_at_enter(c, at) < 0)
		*at = (struct odc_at){ .dirfd = -1 };
	return fd;
}

long odc_open_made(const struct odc_call *c, struct odc_at *at, int flags)
{
	/* Should a racer swap a symlink in for the new directory, fail, not follow. */
	flags |= O_NOFOLLOW;
	long fd = odc_open_new(c, at, flags);

	if (fd == -EACCES && at->dirfd != -1)
		fd = odc_open_unreadable(c, at, flags);
	else if (fd < 0)
		odc_undo_unseen(c, at, fd);
	return fd < 0 ? fd : odc_give_made(c, at, fd);
}

