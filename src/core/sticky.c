/*
 * may_create_in_sticky, as Linux 4.19 and later apply it: an O_CREAT open
 * of something that already exists in a sticky directory is refused when
 * neither the opener nor the directory's owner owns it, and the directory
 * is world-writable (or, for regular files and FIFOs at protection level
 * 2, group-writable). Regular files and FIFOs are covered only when their
 * sysctl is on; every other type always.
 */
#include <unistd.h>

#include "odc_sticky.h"
#include "odc_sys.h"

/* fs.protected_regular or fs.protected_fifos, 0 where it cannot be read. */
static int odc_sticky_level(const char *path)
{
	char digit = '0';
	long fd = odc_sys_openat(AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);

	if (fd < 0)
		return 0;
	if (odc_sys_read((int)fd, &digit, 1) != 1 || digit < '0' || digit > '9')
		digit = '0';
	odc_sys_close((int)fd);
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
