/*
 * may_create_in_sticky, as Linux 4.19 and later apply it: an O_CREAT open
 * of something that already exists in a sticky directory is refused when
 * neither the opener nor the directory's owner owns it, and the directory
 * is world-writable (or, for regular files and FIFOs at protection level
 * 2, group-writable). Regular files and FIFOs are covered only when their
 * sysctl is on; every other type always.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "odc_at.h"
#include "odc_path.h"
#include "odc_sticky.h"
#include "odc_fs.h"

/* fs.protected_regular or fs.protected_fifos, 0 where it cannot be read. */
static int odc_sticky_level(const char *path)
{
	char digit = '0';
	long fd = odc_fs_openat(AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);

	if (fd < 0)
		return 0;
	if (odc_fs_read((int)fd, &digit, 1) != 1 || digit < '0' || digit > '9')
		digit = '0';
	odc_fs_close((int)fd);
	return digit - '0';
}

bool odc_sticky_refuses(const struct stat *object, const struct stat *holder)
{
	if (!(holder->st_mode & S_ISVTX) || object->st_uid == holder->st_uid ||
	    object->st_uid == geteuid())
		return false;

	int level = 1;
	if (S_ISREG(object->st_mode))
		level = odc_sticky_level("/proc/sys/fs/protected_regular");
	else if (S_ISFIFO(object->st_mode))
		level = odc_sticky_level("/proc/sys/fs/protected_fifos");
	if (level == 0)
		return false;
	return (holder->st_mode & S_IWOTH) || ((holder->st_mode & S_IWGRP) && level >= 2);
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

	if (dir && odc_fs_fstatat(fd, "..", holder) == 0)
		return 0;
	if (odc_at_enter(c, &at) == 0) {
		long ret = at.owned && odc_fs_fstatat(at.dirfd, at.name, &st) == 0 &&
				   !S_ISLNK(st.st_mode) ? odc_fs_fstat(at.dirfd, holder) : -ENOENT;
		odc_at_leave(&at);
		if (ret == 0)
			return 0;
	}
	odc_fs_fd_path(fd, self);
	long len = odc_fs_readlinkat(AT_FDCWD, self, path, sizeof path);
	if (len <= 0 || len >= (long)sizeof path || path[0] != '/')
		return -ENOENT;
	path[len] = '\0';
	if (odc_path_parent(path, strrchr(path, '/'), path, sizeof path) < 0)
		return -ENOENT;
	return odc_fs_fstatat(AT_FDCWD, path, holder);
}

/* Whether the sticky-directory rule refuses what FD refers to, found by C's name. */
bool odc_sticky_found(const struct odc_call *c, int fd, bool dir)
{
	struct stat object, holder;

	return odc_fs_fstat(fd, &object) == 0 && odc_holder(c, fd, dir, &holder) == 0 &&
	       odc_sticky_refuses(&object, &holder);
}

/*
 * What O_CREAT makes of C's name when it holds something other than a
 * directory: EACCES where the sticky-directory rule refuses it, which the
 * kernel checks first, or else ENOTDIR.
 */
long odc_not_a_dir(const struct odc_call *c)
{
	long fd = odc_call_open(c, O_PATH | O_CLOEXEC | (c->flags & O_NOFOLLOW), 0);

	if (fd < 0)
		return -ENOTDIR;
	bool refused = odc_sticky_found(c, (int)fd, false);
	odc_fs_close((int)fd);
	return refused ? -EACCES : -ENOTDIR;
}

