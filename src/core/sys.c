/*
 * The real calls behind the semantics: opens as the product makes its own
 * (odc_real.h), the rest through libc, so that another preloaded library
 * (fakeroot) sees them; libc's errno becomes a negative errno here, once.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "odc_line.h"
#include "odc_raw.h"
#include "odc_real.h"
#include "odc_sys.h"

static long odc_sys_result(long ret)
{
	return ret < 0 ? -errno : ret;
}

long odc_sys_open(const struct odc_call *c, int flags, mode_t mode)
{
	if (!c->via_openat2)
		return odc_real_openat(c->dirfd, c->path, flags, mode);

	/* openat2 refuses a mode that nothing will be created with. */
	struct odc_open_how how = {
		.flags = (uint32_t)flags,
		.mode = flags & (O_CREAT | ODC_TMPFILE_BIT) ? mode : 0,
		.resolve = c->resolve,
	};
	return odc_real_openat2(c->dirfd, c->path, &how, sizeof how);
}

long odc_sys_openat(int dirfd, const char *name, int flags, mode_t mode)
{
	return odc_real_openat(dirfd, name, flags, mode);
}

long odc_sys_close(int fd)
{
	return odc_sys_result(close(fd));
}

/* Raw: libc's fcntl would be the only import of its symbol version. */
long odc_sys_dup_lowest(int fd, bool cloexec)
{
	return odc_raw_call(ODC_NR_FCNTL, fd, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 0, 0, 0, 0);
}

long odc_sys_mkdirat(int dirfd, const char *name, mode_t mode)
{
	return odc_sys_result(mkdirat(dirfd, name, mode));
}

long odc_sys_rmdirat(int dirfd, const char *name)
{
	return odc_sys_result(unlinkat(dirfd, name, AT_REMOVEDIR));
}

long odc_sys_unlinkat(int dirfd, const char *name)
{
	return odc_sys_result(unlinkat(dirfd, name, 0));
}

long odc_sys_fstatat(int dirfd, const char *name, struct stat *st)
{
	return odc_sys_result(fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW));
}

long odc_sys_read(int fd, void *buf, size_t len)
{
	return odc_sys_result(read(fd, buf, len));
}

long odc_sys_readlinkat(int dirfd, const char *name, char *buf, size_t len)
{
	return odc_sys_result(readlinkat(dirfd, name, buf, len));
}

long odc_sys_fstat(int fd, struct stat *st)
{
	return odc_sys_result(fstat(fd, st));
}

void odc_sys_fd_path(int fd, char out[ODC_FD_PATH_MAX])
{
	static const char head[] = "/proc/self/fd/";

	odc_copy(out, head, sizeof head - 1);
	out[sizeof head - 1 + odc_format_uint(out + sizeof head - 1, (unsigned)fd)] = '\0';
}

long odc_sys_fchmod_path(int fd, mode_t mode)
{
	long ret = odc_raw_call(ODC_NR_FCHMODAT2, fd, (long)"", mode, AT_EMPTY_PATH, 0, 0);

	/* Older kernels say ENOSYS; some sandboxes' filters say EPERM. */
	if (ret == 0)
		return 0;
	char path[ODC_FD_PATH_MAX];
	odc_sys_fd_path(fd, path);
	return odc_sys_result(fchmodat(AT_FDCWD, path, mode, 0));
}
