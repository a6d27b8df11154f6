/*
 * Symbol resolution: find the definitions that the shim's own ones hide,
 * as dlsym(RTLD_NEXT) would, but by reading the loaded objects' own
 * tables: the first object after this one, in the loader's order, that
 * defines the name. Nothing is allocated, and no lock is taken but the
 * one dl_iterate_phdr holds while it walks: glibc's is the loader's own
 * recursive lock, which a signal handler in the same thread takes again,
 * and which a vfork child meets only while another thread loads a
 * library. So with glibc the first forwarder to need a definition looks
 * for it, whoever calls, and no start-up pays. musl's walk takes a lock
 * that its dlopen holds: there the definitions are found at start-up too,
 * so that only another library's constructor, which musl runs with that
 * lock free, can come first.
 */
#include <errno.h>
#include <link.h>
#include <stdbool.h>

#include "odc_elf.h"
#include "odc_next.h"
#include "odc_trap.h"

struct odc_next odc_next;
static int odc_next_done;

/* This library's ELF header, where the dynamic linker mapped it. */
extern const char __ehdr_start[] __attribute__((visibility("hidden")));

/* *SLOT, where still empty, from NAME in the object S describes: whether it is full now. */
static bool odc_seek(const struct odc_symbols *s, void **slot, const char *name)
{
	if (__atomic_load_n(slot, __ATOMIC_RELAXED))
		return true;
	const ElfW(Sym) *sym = odc_lookup(s, name);
	if (sym)
		__atomic_store_n(slot, odc_address(s, sym), __ATOMIC_RELEASE);
	return sym != NULL;
}

/*
 * Each object after this one, in the loader's order, looked at for the
 * names not found yet; the walk ends once every one is. (The pointers are
 * stored as void *: every ABI this library builds for holds a function
 * in one.)
 */
static int odc_visit(struct dl_phdr_info *info, size_t size, void *data)
{
	bool *after_self = data;
	struct odc_symbols s;

	(void)size;
	if (!*after_self) {
		*after_self = info->dlpi_addr == (ElfW(Addr))__ehdr_start;
		return 0;
	}
	if (!odc_symbols_of(info, &s))
		return 0;
	bool all = true;
	all &= odc_seek(&s, (void **)&odc_next.open, "open");
	all &= odc_seek(&s, (void **)&odc_next.open_lfs, "open64");
	all &= odc_seek(&s, (void **)&odc_next.openat, "openat");
	all &= odc_seek(&s, (void **)&odc_next.openat_lfs, "openat64");
	all &= odc_seek(&s, (void **)&odc_next.openat2, "openat2");
	all &= odc_seek(&s, (void **)&odc_next.syscall, "syscall");
	all &= odc_seek(&s, (void **)&odc_next.find_object, "_dl_find_object");
	return all;
}

/* odc_next, all of it looked for once. */
static const struct odc_next *odc_next_resolve(void)
{
	bool after_self = false;

	if (!__atomic_load_n(&odc_next_done, __ATOMIC_ACQUIRE)) {
		dl_iterate_phdr(odc_visit, &after_self);
		__atomic_store_n(&odc_next_done, 1, __ATOMIC_RELEASE);
	}
	return &odc_next;
}

#ifndef __GLIBC__
__attribute__((constructor)) static void odc_next_init(void)
{
	odc_next_resolve();
}
#endif

/* The kernel's answer, as libc gives it: -1 and errno. */
static long odc_next_kernel(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret = odc_trap(nr, a, b, c, d, e, f);

	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

int odc_next_first_open(const char *path, int flags, mode_t mode, bool lfs)
{
	const struct odc_next *next = odc_next_resolve();
	odc_open_fn *fn = lfs ? next->open_lfs : next->open;

	if (fn)
		return fn(path, flags, mode);
	return odc_next_first_openat(AT_FDCWD, path, flags, mode, lfs);
}

int odc_next_first_openat(int dirfd, const char *path, int flags, mode_t mode, bool lfs)
{
	const struct odc_next *next = odc_next_resolve();
	odc_openat_fn *fn = lfs ? next->openat_lfs : next->openat;

	if (fn)
		return fn(dirfd, path, flags, mode);
	return (int)odc_next_kernel(ODC_NR_OPENAT, dirfd, (long)path, flags | (lfs ? O_LARGEFILE : 0),
				    mode, 0, 0);
}

int odc_next_first_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	odc_openat2_fn *fn = odc_next_resolve()->openat2;

	if (fn)
		return fn(dirfd, path, how, size);
	return (int)odc_next_kernel(ODC_NR_OPENAT2, dirfd, (long)path, (long)how, (long)size, 0, 0);
}

odc_find_object_fn *odc_next_find_object(void)
{
	return odc_next_resolve()->find_object;
}

long odc_next_first_syscall(long nr, long a, long b, long c, long d, long e, long f)
{
	odc_syscall_fn *fn = odc_next_resolve()->syscall;

	if (fn)
		return fn(nr, a, b, c, d, e, f);
	return odc_next_kernel(nr, a, b, c, d, e, f);
}
