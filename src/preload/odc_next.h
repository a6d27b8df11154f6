/*
 * The next definitions of the interposed functions, and thin forwarders to
 * them. Each forwarder behaves exactly as the libc function it stands for.
 */
#ifndef ODC_NEXT_H
#define ODC_NEXT_H

#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <sys/types.h>

#include "odc_abi.h"

typedef int odc_open_fn(const char *, int, ...);
typedef int odc_openat_fn(int, const char *, int, ...);
typedef int odc_openat2_fn(int, const char *, const struct odc_open_how *, size_t);
typedef long odc_syscall_fn(long, ...);
typedef int odc_find_object_fn(void *, void *);

/* open64 and openat64 by other names: musl's headers make those macros. */
struct odc_next {
	odc_open_fn *open;
	odc_open_fn *open_lfs;		/* open64 */
	odc_openat_fn *openat;
	odc_openat_fn *openat_lfs;	/* openat64 */
	odc_openat2_fn *openat2;	/* glibc < 2.43 has none */
	odc_syscall_fn *syscall;
	/* Not interposed: the loader's, which where= asks (odc_libc.h); glibc < 2.35 has none. */
	odc_find_object_fn *find_object;
};

extern struct odc_next odc_next;

/*
 * The first calls of the forwarders, out of line so that their common
 * case needs no stack frame: the next definitions looked for, once, then
 * the one found called. They are found without dlsym, which is neither
 * lock-free nor signal-safe, so a signal handler, a vfork child or another
 * library's constructor may be that first caller; and only then, so that
 * no program pays for them at start-up. Where there is none (libc lacks
 * openat2 before glibc 2.43), the call goes to the kernel, and its answer
 * is given as libc would: -1 and errno. LFS: open64 and openat64.
 */
int odc_next_first_open(const char *path, int flags, mode_t mode, bool lfs);
int odc_next_first_openat(int dirfd, const char *path, int flags, mode_t mode, bool lfs);
int odc_next_first_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size);
long odc_next_first_syscall(long nr, long a, long b, long c, long d, long e, long f);
/* The loader's _dl_find_object, looked for with the next definitions, or NULL. */
odc_find_object_fn *odc_next_find_object(void);

#define odc_next_fn(name) __atomic_load_n(&odc_next.name, __ATOMIC_ACQUIRE)
#define odc_likely(x) __builtin_expect(!!(x), 1)

static inline int odc_next_open(const char *path, int flags, mode_t mode)
{
	odc_open_fn *fn = odc_next_fn(open);
	if (odc_likely(fn))
		return fn(path, flags, mode);
	return odc_next_first_open(path, flags, mode, false);
}

static inline int odc_next_open64(const char *path, int flags, mode_t mode)
{
	odc_open_fn *fn = odc_next_fn(open_lfs);
	if (odc_likely(fn))
		return fn(path, flags, mode);
	return odc_next_first_open(path, flags, mode, true);
}

static inline int odc_next_openat(int dirfd, const char *path, int flags,
				  mode_t mode)
{
	odc_openat_fn *fn = odc_next_fn(openat);
	if (odc_likely(fn))
		return fn(dirfd, path, flags, mode);
	return odc_next_first_openat(dirfd, path, flags, mode, false);
}

static inline int odc_next_openat64(int dirfd, const char *path, int flags,
				    mode_t mode)
{
	odc_openat_fn *fn = odc_next_fn(openat_lfs);
	if (odc_likely(fn))
		return fn(dirfd, path, flags, mode);
	return odc_next_first_openat(dirfd, path, flags, mode, true);
}

static inline int odc_next_openat2(int dirfd, const char *path,
				   const struct odc_open_how *how, size_t size)
{
	odc_openat2_fn *fn = odc_next_fn(openat2);
	if (fn)
		return fn(dirfd, path, how, size);
	return odc_next_first_openat2(dirfd, path, how, size);
}

static inline long odc_next_syscall(long nr, long a, long b, long c, long d,
				    long e, long f)
{
	odc_syscall_fn *fn = odc_next_fn(syscall);
	if (odc_likely(fn))
		return fn(nr, a, b, c, d, e, f);
	return odc_next_first_syscall(nr, a, b, c, d, e, f);
}

#endif
