/*
 * The core's own opens, straight to the kernel, for the products that
 * interpose nothing: the command and the watcher.
 */
#include "odc_trap.h"
#include "odc_libc.h"

long odc_libc_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return odc_trap(ODC_NR_OPENAT, dirfd, (long)path, flags, mode, 0, 0);
}

long odc_libc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	return odc_trap(ODC_NR_OPENAT2, dirfd, (long)path, (long)how, (long)size, 0, 0);
}

/* Neither logs a call of its own, so no where=. */
int odc_libc_object(const void *pc, uintptr_t *start, uint64_t *name)
{
	(void)pc, (void)start, (void)name;
	return -1;
}
