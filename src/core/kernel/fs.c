/*
 * The file system calls behind the semantics: opens as the product makes
 * its own (odc_libc.h), the rest through libc, so that another preloaded library
 * (fakeroot) sees them; libc's errno becomes a negative errno here, once.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "odc_line.h"
#include "odc_trap.h"
#include "odc_libc.h"
#include "odc_fs.h"

static long odc_fs_result(long ret)
{
	return ret < 0 ? -errno : ret;
}

long odc_fs_openat(int dirfd, const char *name, int flags, mode_t mode)
{
	return odc_libc_openat(dirfd, name, flags, mode);
}

long odc_fs_close(int fd)
{
	return odc_fs_result(close(fd));
}

/* Raw: libc's fcntl would be the only import of its symbol version. */
long odc_fs_dup_lowest(int fd, bool cloexec)
{
	return odc_trap(ODC_NR_FCNTL, fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 0, 0, 0, 0);
}

long odc_fs_mkdirat(int dirfd, const char *name, mode_t mode)
{
	return odc_fs_result(mkdirat(dirfd, name, mode));
}

long odc_fs_rmdirat(int dirfd, const char *name)
{
	return odc_fs_result(unlinkat(dirfd, name, AT_REMOVEDIR));
}

long odc_fs_unlinkat(int dirfd, const char *name)
{
	return odc_fs_result(unlinkat(dirfd, name, 0));
}

long odc_fs_fstatat(int dirfd, const char *name, struct stat *st)
{
	return odc_fs_result(fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW));
}

long odc_fs_read(int fd, void *buf, size_t len)
{
	return odc_fs_result(read(fd, buf, len));
}

long odc_fs_readlinkat(int dirfd, const char *name, char *buf, size_t len)
{
	return odc_fs_result(readlinkat(dirfd, name, buf, len));
}

long odc_fs_fstat(int fd, struct stat *st)
{
	return odc_fs_result(fstat(fd, st));
}

void odc_fs_fd_path(int fd, char out[ODC_FD_PATH_MAX])
{
	static const char head[] = "/proc/self/fd/";

	odc_copy(out, head, sizeof head - 1);
	out[sizeof head - 1 + odc_format_uint(out + sizeof head - 1, (unsigned)fd)] = '\0';
}

long odc_fs_fchmod_path(int fd, mode_t mode)
{
	long ret = odc_trap(ODC_NR_FCHMODAT2, fd, (long)"", mode, AT_EMPTY_PATH, 0, 0);

	/* Older kernels say ENOSYS; some sandboxes' filters say EPERM. */
	if (ret == 0)
		return 0;
	char path[ODC_FD_PATH_MAX];
	odc_fs_fd_path(fd, path);
	return odc_fs_result(fchmodat(AT_FDCWD, path, mode, 0));
}
