/* The library's own opens go to the next definitions, as the program's would. */
#include <errno.h>

#include "odc_next.h"
#include "odc_libc.h"

static long odc_real_result(long ret)
{
	return ret < 0 ? -errno : ret;
}

long odc_libc_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return odc_real_result(odc_next_openat(dirfd, path, flags, mode));
}

long odc_libc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	return odc_real_result(odc_next_openat2(dirfd, path, how, size));
}
