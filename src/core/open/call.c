/*
 * A call's own opens (odc_call.h): openat2's open_how read as the kernel
 * reads it, by the library and the supervisor alike, and the call's path
 * opened again through the same system call.
 */
#include <errno.h>

#include "odc_call.h"
#include "odc_libc.h"

/*
 * The first checks of build_open_flags, the same on every kernel with
 * openat2 and made before the flags mean anything: every mode, and the
 * kernel it stands for, answers EINVAL here.
 */
static long odc_how_check(const struct odc_open_how *how)
{
	uint64_t flags = how->flags & ~(uint64_t)O_CLOEXEC;
	uint64_t mode_bits = flags & (O_CREAT | ODC_TMPFILE_BIT) ? 07777 : 0;

	if (flags & ~(uint64_t)ODC_VALID_OPEN_FLAGS)
		return -EINVAL;
	if (how->resolve & ~(uint64_t)ODC_RESOLVE_ALL)
		return -EINVAL;
	if ((how->resolve & ODC_RESOLVE_BENEATH) && (how->resolve & ODC_RESOLVE_IN_ROOT))
		return -EINVAL;
	if (how->mode & ~mode_bits)
		return -EINVAL;
	return 0;
}

struct odc_call odc_call_openat2(int dirfd, const char *path, const struct odc_open_how *how)
{
	return (struct odc_call){
		.dirfd = dirfd,
		.path = path,
		.flags = (int)how->flags,
		.mode = (mode_t)how->mode,
		.resolve = how->resolve,
		.via_openat2 = true,
		.how_error = odc_how_check(how),
	};
}

long odc_call_open(const struct odc_call *c, int flags, mode_t mode)
{
	if (!c->via_openat2)
		return odc_libc_openat(c->dirfd, c->path, flags, mode);

	/* openat2 refuses a mode that nothing will be created with. */
	struct odc_open_how how = {
		.flags = (uint32_t)flags,
		.mode = flags & (O_CREAT | ODC_TMPFILE_BIT) ? mode : 0,
		.resolve = c->resolve,
	};
	return odc_libc_openat2(c->dirfd, c->path, &how, sizeof how);
}
