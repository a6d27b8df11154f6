/*
 * The next definitions of the interposed functions, and thin forwarders to
 * them. Each forwarder behaves exactly as the libc function it stands for.
 */
#ifndef ODC_NEXT_H
#define ODC_NEXT_H

#include <fcntl.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include "odc_abi.h"

typedef int odc_open_fn(const char *, int, ...);
typedef int odc_openat_fn(int, const char *, int, ...);
typedef int odc_openat2_fn(int, const char *, const struct odc_open_how *, size_t);
typedef long odc_syscall_fn(long, ...);

/* open64 and openat64 by other names: musl's headers make those macros. */
struct odc_next {
	odc_open_fn *open;
	odc_open_fn *open_lfs;		/* open64 */
	odc_openat_fn *openat;
	odc_openat_fn *openat_lfs;	/* openat64 */
	odc_openat2_fn *openat2;	/* glibc < 2.43 has none */
	odc_syscall_fn *syscall;
};

extern struct odc_next odc_next;

/* Called from the constructor: dlsym is neither lock-free nor signal-safe. */
void odc_next_resolve(void);

/*
 * Until the constructor has run (other libraries' constructors open files
 * first), and for functions libc lacks, the forwarders go to the kernel,
 * and give its answer as libc would: -1 and errno. Out of line, so that
 * the forwarders' common case needs no stack frame.
 */
long odc_next_kernel(long nr, long a, long b, long c, long d, long e, long f);
int odc_next_kernel_openat(int dirfd, const char *path, int flags, mode_t mode);

#define odc_next_fn(name) __atomic_load_n(&odc_next.name, __ATOMIC_ACQUIRE)
#define odc_likely(x) __builtin_expect(!!(x), 1)

static inline int odc_next_open(const char *path, int flags, mode_t mode)
{
	odc_open_fn *fn = odc_next_fn(open);
	if (odc_likely(fn))
		return fn(path, flags, mode);
	return odc_next_kernel_openat(AT_FDCWD, path, flags, mode);
}

static inline int odc_next_open64(const char *path, int flags, mode_t mode)
{
	odc_open_fn *fn = odc_next_fn(open_lfs);
	if (odc_likely(fn))
		return fn(path, flags, mode);
	return odc_next_kernel_openat(AT_FDCWD, path, flags | O_LARGEFILE, mode);
}

static inline int odc_next_openat(int dirfd, const char *path, int flags,
				  mode_t mode)
{
	odc_openat_fn *fn = odc_next_fn(openat);
	if (odc_likely(fn))
		return fn(dirfd, path, flags, mode);
	return odc_next_kernel_openat(dirfd, path, flags, mode);
}

static inline int odc_next_openat64(int dirfd, const char *path, int flags,
				    mode_t mode)
{
	odc_openat_fn *fn = odc_next_fn(openat_lfs);
	if (odc_likely(fn))
		return fn(dirfd, path, flags, mode);
	return odc_next_kernel_openat(dirfd, path, flags | O_LARGEFILE, mode);
}

static inline int odc_next_openat2(int dirfd, const char *path,
				   const struct odc_open_how *how, size_t size)
{
	odc_openat2_fn *fn = odc_next_fn(openat2);
	if (fn)
		return fn(dirfd, path, how, size);
	return (int)odc_next_kernel(ODC_NR_OPENAT2, dirfd, (long)path, (long)how, (long)size, 0, 0);
}

static inline long odc_next_syscall(long nr, long a, long b, long c, long d,
				    long e, long f)
{
	odc_syscall_fn *fn = odc_next_fn(syscall);
	if (odc_likely(fn))
		return fn(nr, a, b, c, d, e, f);
	return odc_next_kernel(nr, a, b, c, d, e, f);
}

#endif
