/*
 * The exported entry points. Each unpacks its arguments, passes any call
 * that is not O_CREAT|O_DIRECTORY straight to the next definition, and hands
 * the rest to the semantics. Async-signal-safe, and usable before the
 * library's constructor has run.
 */
#include <errno.h>

#include "odc_call.h"
#include "odc_config.h"
#include "odc_log.h"
#include "odc_next.h"
#include "odc_readable.h"
#include "odc_syscall.h"

/*
 * open() and syscall() are variadic. Their entry points name the optional
 * arguments as parameters instead of reading them with va_arg: on the ABIs
 * this library builds for (x86-64, i386 and AArch64 Linux) a variadic
 * argument travels exactly where a named one would, so the common case hands
 * every argument on untouched, as a tail call. The mode is used only where
 * the flags say that the caller passed one.
 */
#define ODC_ENTRY(name) __asm__(#name) __attribute__((visibility("default")))

int odc_open(const char *path, int flags, mode_t mode) ODC_ENTRY(open);
int odc_open64(const char *path, int flags, mode_t mode) ODC_ENTRY(open64);
int odc_openat(int dirfd, const char *path, int flags, mode_t mode) ODC_ENTRY(openat);
int odc_openat64(int dirfd, const char *path, int flags, mode_t mode) ODC_ENTRY(openat64);
int odc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
	ODC_ENTRY(openat2);
long odc_syscall(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
	ODC_ENTRY(syscall);

/*
 * Carry out C in the configured mode and log it, with libc's result and
 * errno conventions. ENTRY names the function the program called, and
 * CALLER is its return address there: the program's code that called,
 * which each exported function takes for itself (__builtin_return_address
 * in a function it calls would name the library instead).
 */
static long odc_emulate(const char *entry, const struct odc_call *c, const void *caller)
{
	int saved_errno = errno;
	enum odc_mode mode = odc_config_mode();
	struct odc_log_target log = odc_config_log();
	struct odc_found found;
	odc_log_before(&log, c, &found);
	long ret = odc_semantics(mode, c);

	odc_log(&log, &(struct odc_log_entry){
		.entry = entry, .call = c, .mode = mode, .result = ret, .found = &found,
		.caller = caller });
	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	errno = saved_errno;
	return ret;
}

/* Out of line, so that the entry points' common case needs no stack frame. */
__attribute__((noinline)) static long odc_emulate_openat(const char *entry, int dirfd,
							  const char *path, int flags,
							  mode_t mode, const void *caller)
{
	struct odc_call c = { .dirfd = dirfd, .path = path, .flags = flags, .mode = mode };

	return odc_emulate(entry, &c, caller);
}

/*
 * Whether an openat2 carries the pair, read from a COPY of its open_how
 * made once the kernel has shown that it can read it: of the size this
 * build knows, at an address the caller may read. Any other goes to the
 * kernel as it is, which answers for it (EFAULT, E2BIG, ...).
 */
static bool odc_how_copy_combined(const struct odc_open_how *how, size_t size,
				  struct odc_open_how *copy)
{
	if (size != sizeof *copy || !odc_readable_how(how, size))
		return false;
	*copy = *how;
	return odc_how_combined(copy);
}

int odc_open(const char *path, int flags, mode_t mode)
{
	if (odc_likely(!odc_flags_combined(flags)))
		return odc_next_open(path, flags, mode);
	return (int)odc_emulate_openat("open", AT_FDCWD, path, flags, mode,
				       __builtin_return_address(0));
}

int odc_open64(const char *path, int flags, mode_t mode)
{
	if (odc_likely(!odc_flags_combined(flags)))
		return odc_next_open64(path, flags, mode);
	return (int)odc_emulate_openat("open64", AT_FDCWD, path, flags | O_LARGEFILE, mode,
				       __builtin_return_address(0));
}

int odc_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	if (odc_likely(!odc_flags_combined(flags)))
		return odc_next_openat(dirfd, path, flags, mode);
	return (int)odc_emulate_openat("openat", dirfd, path, flags, mode,
				       __builtin_return_address(0));
}

int odc_openat64(int dirfd, const char *path, int flags, mode_t mode)
{
	if (odc_likely(!odc_flags_combined(flags)))
		return odc_next_openat64(dirfd, path, flags, mode);
	return (int)odc_emulate_openat("openat64", dirfd, path, flags | O_LARGEFILE, mode,
				       __builtin_return_address(0));
}

/* glibc 2.43 adds openat2(); programs built against it find it here too. */
int odc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	struct odc_open_how copy;

	if (!odc_how_copy_combined(how, size, &copy))
		return odc_next_openat2(dirfd, path, how, size);
	struct odc_call c = odc_call_openat2(dirfd, path, &copy);
	return (int)odc_emulate("openat2", &c, __builtin_return_address(0));
}

/*
 * The open numbers of syscall(2), in the kernel's argument order and with
 * no O_LARGEFILE added. They take four arguments at most.
 */
__attribute__((noinline)) static long odc_syscall_open(long nr, long a0, long a1, long a2,
							long a3, const void *caller)
{
	enum odc_syscall call = odc_syscall_of(nr);
	struct odc_syscall_args args;
	struct odc_open_how copy;
	struct odc_call c;

	odc_syscall_decode(call, (const uint64_t[]){ (uint64_t)a0, (uint64_t)a1, (uint64_t)a2,
						    (uint64_t)a3 }, &args);
	if (call == ODC_SYSCALL_OPENAT2) {
		if (!odc_how_copy_combined((const struct odc_open_how *)(uintptr_t)args.how,
					   (size_t)args.size, &copy))
			return odc_next_syscall(nr, a0, a1, a2, a3, 0, 0);
		c = odc_call_openat2(args.dirfd, (const char *)(uintptr_t)args.path, &copy);
	} else {
		if (!odc_flags_combined(args.flags))
			return odc_next_syscall(nr, a0, a1, a2, a3, 0, 0);
		c = (struct odc_call){ .dirfd = args.dirfd, .path = (const char *)(uintptr_t)args.path,
				       .flags = args.flags, .mode = args.mode };
	}
	return odc_emulate(odc_syscall_name(call, true), &c, caller);
}

/* Every other number passes on all six arguments: only the kernel knows how many count. */
long odc_syscall(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
	if (odc_likely(!odc_syscall_opens(nr)))
		return odc_next_syscall(nr, a0, a1, a2, a3, a4, a5);
	return odc_syscall_open(nr, a0, a1, a2, a3, __builtin_return_address(0));
}

