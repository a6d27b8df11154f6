/*
 * System calls without libc. The shim needs them before its constructor has
 * found libc's functions, and libc's own syscall() is hidden behind ours.
 */
#include <errno.h>

#include "odc_next.h"

#if defined(__x86_64__)
long odc_raw_call(long nr, long a, long b, long c, long d, long e, long f)
{
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}
#elif defined(__i386__)
/*
 * The sixth argument goes in %ebp, which the compiler will not hand out, so
 * it travels in memory with the number and is loaded around the trap.
 */
long odc_raw_call(long nr, long a, long b, long c, long d, long e, long f)
{
	long nr_and_f[2] = { nr, f };
	long ret;

	__asm__ volatile("push %%ebp\n\t"
			 "mov 4(%%eax), %%ebp\n\t"
			 "mov (%%eax), %%eax\n\t"
			 "int $0x80\n\t"
			 "pop %%ebp"
			 : "=a"(ret)
			 : "a"(nr_and_f), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory");
	return ret;
}
#elif defined(__aarch64__)
long odc_raw_call(long nr, long a, long b, long c, long d, long e, long f)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;
	register long x3 __asm__("x3") = d;
	register long x4 __asm__("x4") = e;
	register long x5 __asm__("x5") = f;

	__asm__ volatile("svc 0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}
#else
#error "odcreat: no raw system call for this architecture yet"
#endif

long odc_raw_syscall(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret = odc_raw_call(nr, a, b, c, d, e, f);

	if ((unsigned long)ret > -4096UL) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

int odc_raw_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return (int)odc_raw_syscall(ODC_NR_OPENAT, dirfd, (long)path, flags, mode, 0, 0);
}

int odc_raw_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	return (int)odc_raw_syscall(ODC_NR_OPENAT2, dirfd, (long)path, (long)how,
				    (long)size, 0, 0);
}
