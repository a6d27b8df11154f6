/* i386: its system call numbers, which x86-64 kernels serve too, and its trap. */
#ifndef ODC_ARCH_I386_H
#define ODC_ARCH_I386_H

#define ODC_I386_NR_OPEN	5
#define ODC_I386_NR_CLOSE	6
#define ODC_I386_NR_FCNTL	55
#define ODC_I386_NR_OPENAT	295
#define ODC_I386_NR_SECCOMP	354
#define ODC_I386_NR_PRLIMIT64	340
#define ODC_I386_NR_CLOCK_GETTIME	265
#define ODC_I386_NR_GETRANDOM	355
#define ODC_AUDIT_ARCH_I386	0x40000003u

#ifdef __i386__
#define ODC_NR_OPEN	ODC_I386_NR_OPEN
#define ODC_NR_CLOSE	ODC_I386_NR_CLOSE
#define ODC_NR_FCNTL	ODC_I386_NR_FCNTL
#define ODC_NR_OPENAT	ODC_I386_NR_OPENAT
#define ODC_NR_SECCOMP	ODC_I386_NR_SECCOMP
#define ODC_NR_PRLIMIT64	ODC_I386_NR_PRLIMIT64
#define ODC_NR_CLOCK_GETTIME	ODC_I386_NR_CLOCK_GETTIME
#define ODC_NR_GETRANDOM	ODC_I386_NR_GETRANDOM
#define ODC_O_LARGEFILE	0100000

/* What a seccomp filter here sees: i386 programs. */
#define ODC_ARCH_ABIS \
	{ ODC_AUDIT_ARCH_I386, { ODC_I386_NR_OPEN, ODC_I386_NR_OPENAT, ODC_NR_OPENAT2 }, false }

/*
 * The sixth argument goes in %ebp, which the compiler will not hand out, so
 * it travels in memory with the number and is loaded around the trap.
 */
static inline long odc_arch_trap(long nr, long a, long b, long c, long d, long e, long f)
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
#endif

#endif
