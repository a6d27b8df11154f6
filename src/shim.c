/*
 * The exported entry points. Each unpacks its arguments, passes any call
 * without O_CREAT|O_DIRECTORY straight to the next definition, and hands the
 * rest to the semantics. Async-signal-safe and usable before the constructor.
 */
#include <errno.h>
#include <stdarg.h>

#include "odc_call.h"
#include "odc_config.h"
#include "odc_next.h"

#define ODC_EXPORT __attribute__((visibility("default")))

/* The flags that make open() read its third argument. */
#define ODC_MODE_ARG (O_CREAT | __O_TMPFILE)

#define odc_mode_arg(last)                      \
	({                                      \
		va_list ap;                     \
		va_start(ap, last);             \
		mode_t mode = va_arg(ap, mode_t); \
		va_end(ap);                     \
		mode;                           \
	})

/* Carry out C in the configured mode, with libc's result and errno conventions. */
static long odc_emulate(const struct odc_call *c)
{
	int saved_errno = errno;
	long ret = odc_semantics(odc_config_mode(), c);

	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	errno = saved_errno;
	return ret;
}

/* An open_how is read only when its size is the one this build knows. */
static bool odc_how_combined(const struct open_how *how, size_t size)
{
	return how && size == sizeof *how && how->flags <= UINT32_MAX &&
	       odc_flags_combined((int)how->flags);
}

static long odc_emulate_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	struct odc_call c = { .dirfd = dirfd, .path = path, .flags = flags, .mode = mode };

	return odc_emulate(&c);
}

static struct odc_call odc_call_openat2(int dirfd, const char *path,
					const struct open_how *how)
{
	return (struct odc_call){
		.dirfd = dirfd,
		.path = path,
		.flags = (int)how->flags,
		.mode = (mode_t)how->mode,
		.resolve = how->resolve,
		.via_openat2 = true,
	};
}

ODC_EXPORT int open(const char *path, int flags, ...)
{
	if (odc_likely(!(flags & ODC_MODE_ARG)))
		return odc_next_open(path, flags, 0);
	mode_t mode = odc_mode_arg(flags);
	if (!odc_flags_combined(flags))
		return odc_next_open(path, flags, mode);
	return (int)odc_emulate_openat(AT_FDCWD, path, flags, mode);
}

ODC_EXPORT int open64(const char *path, int flags, ...)
{
	if (odc_likely(!(flags & ODC_MODE_ARG)))
		return odc_next_open64(path, flags, 0);
	mode_t mode = odc_mode_arg(flags);
	if (!odc_flags_combined(flags))
		return odc_next_open64(path, flags, mode);
	return (int)odc_emulate_openat(AT_FDCWD, path, flags | O_LARGEFILE, mode);
}

ODC_EXPORT int openat(int dirfd, const char *path, int flags, ...)
{
	if (odc_likely(!(flags & ODC_MODE_ARG)))
		return odc_next_openat(dirfd, path, flags, 0);
	mode_t mode = odc_mode_arg(flags);
	if (!odc_flags_combined(flags))
		return odc_next_openat(dirfd, path, flags, mode);
	return (int)odc_emulate_openat(dirfd, path, flags, mode);
}

ODC_EXPORT int openat64(int dirfd, const char *path, int flags, ...)
{
	if (odc_likely(!(flags & ODC_MODE_ARG)))
		return odc_next_openat64(dirfd, path, flags, 0);
	mode_t mode = odc_mode_arg(flags);
	if (!odc_flags_combined(flags))
		return odc_next_openat64(dirfd, path, flags, mode);
	return (int)odc_emulate_openat(dirfd, path, flags | O_LARGEFILE, mode);
}

/* glibc 2.43 adds openat2(); programs built against it find it here too. */
ODC_EXPORT int openat2(int dirfd, const char *path, const struct open_how *how,
		       size_t size)
{
	if (!odc_how_combined(how, size))
		return odc_next_openat2(dirfd, path, how, size);
	struct odc_call c = odc_call_openat2(dirfd, path, how);
	return (int)odc_emulate(&c);
}

/*
 * The open numbers of syscall(2), in the kernel's argument order and with
 * no O_LARGEFILE added. False for every other call and for ordinary opens.
 */
static bool odc_syscall_decode(long nr, const long a[6], struct odc_call *c)
{
	switch (nr) {
#ifdef SYS_open
	case SYS_open:
		*c = (struct odc_call){ .dirfd = AT_FDCWD, .path = (const char *)a[0],
					.flags = (int)a[1], .mode = (mode_t)a[2] };
		return odc_flags_combined(c->flags);
#endif
	case SYS_openat:
		*c = (struct odc_call){ .dirfd = (int)a[0], .path = (const char *)a[1],
					.flags = (int)a[2], .mode = (mode_t)a[3] };
		return odc_flags_combined(c->flags);
	case SYS_openat2:
		if (!odc_how_combined((const struct open_how *)a[2], (size_t)a[3]))
			return false;
		*c = odc_call_openat2((int)a[0], (const char *)a[1],
				      (const struct open_how *)a[2]);
		return true;
	default:
		return false;
	}
}

ODC_EXPORT long syscall(long nr, ...)
{
	va_list ap;
	long a[6];

	/* Every number passes on all six arguments: the shim cannot know how many there are. */
	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	struct odc_call c;
	if (odc_syscall_decode(nr, a, &c))
		return odc_emulate(&c);
	return odc_next_syscall(nr, a);
}

__attribute__((constructor)) static void odc_init(void)
{
	odc_next_resolve();
	odc_config_mode();
}
