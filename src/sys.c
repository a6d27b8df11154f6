/*
 * The real calls behind the semantics, as the shim makes them: opens go to
 * the next definition (never back into the shim), the rest straight to libc.
 */
#include <errno.h>
#include <unistd.h>

#include "odc_next.h"
#include "odc_sys.h"

static long odc_sys_result(long ret)
{
	return ret < 0 ? -errno : ret;
}

long odc_sys_open(const struct odc_call *c, int flags, mode_t mode)
{
	if (!c->via_openat2)
		return odc_sys_result(odc_next_openat(c->dirfd, c->path, flags, mode));

	/* openat2 refuses a mode that nothing will be created with. */
	struct open_how how = {
		.flags = (uint32_t)flags,
		.mode = flags & (O_CREAT | ODC_TMPFILE_BIT) ? mode : 0,
		.resolve = c->resolve,
	};
	return odc_sys_result(odc_next_openat2(c->dirfd, c->path, &how, sizeof how));
}

long odc_sys_close(int fd)
{
	return odc_sys_result(close(fd));
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

long odc_sys_fchmodat(int dirfd, const char *name, mode_t mode)
{
	return odc_sys_result(fchmodat(dirfd, name, mode, 0));
}
