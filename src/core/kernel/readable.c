/*
 * Readability, as the kernel finds it. Each question is an open that the
 * kernel gives up on right after it has copied the caller's bytes, before it
 * looks anything up: the directory descriptor is -1, the only start a
 * relative name (and, under RESOLVE_IN_ROOT, an absolute one) may have, or
 * the name is empty. So nothing is opened, created or even looked up, and
 * the call is one that every sandbox which lets the program open files
 * allows. (process_vm_readv would copy the bytes too, but sandboxes such as
 * systemd's SystemCallFilter=@system-service refuse it, some by killing the
 * process.) No signal handler, no allocation, errno untouched.
 */
#include <errno.h>
#include <fcntl.h>

#include "odc_trap.h"
#include "odc_readable.h"

static long odc_readable_openat2(const char *path, const struct odc_open_how *how, size_t size)
{
	return odc_trap(ODC_NR_OPENAT2, -1, (long)path, (long)how, (long)size, 0, 0);
}

/*
 * Without openat2 (Linux < 5.6, or a sandbox's filter), an O_PATH open from
 * descriptor -1: a relative name fails there, an absolute one is looked up
 * and its descriptor closed at once. ENOENT then comes from the lookup, too.
 */
static long odc_readable_path_old(const char *path)
{
	long ret = odc_trap(ODC_NR_OPENAT, -1, (long)path, O_PATH | O_NOFOLLOW | O_CLOEXEC,
				0, 0, 0);

	if (ret >= 0)
		odc_trap(ODC_NR_CLOSE, ret, 0, 0, 0, 0, 0);
	if (ret == -EFAULT || ret == -ENAMETOOLONG || ret == -ENOMEM)
		return ret;
	return ret == -ENOENT && path[0] == '\0' ? -ENOENT : 0;
}

long odc_readable_path(const char *path)
{
	const struct odc_open_how how = { .flags = O_PATH | O_CLOEXEC,
					  .resolve = ODC_RESOLVE_IN_ROOT };
	long ret = odc_readable_openat2(path, &how, sizeof how);

	switch (ret) {
	case -EFAULT:
	case -ENAMETOOLONG:
	case -ENOENT:
	case -ENOMEM:
		return ret;
	case -ENOSYS:
	case -EPERM:
		return odc_readable_path_old(path);
	}
	/* EBADF, or a shortage of descriptors: the name itself was copied. */
	return 0;
}

/*
 * Refused for its flags (EINVAL; EAGAIN for RESOLVE_CACHED; ENOTDIR for
 * write access on a kernel with the O_CREAT|O_DIRECTORY series), short of
 * a descriptor, or on to the empty name (ENOENT): the structure was read
 * whole. EFAULT, E2BIG, ENOSYS or a sandbox's EPERM: it was not.
 */
bool odc_readable_how(const struct odc_open_how *how, size_t size)
{
	switch (odc_readable_openat2("", how, size)) {
	case -EINVAL:
	case -EAGAIN:
	case -ENOTDIR:
	case -EMFILE:
	case -ENFILE:
	case -ENOENT:
		return true;
	default:
		return false;
	}
}
