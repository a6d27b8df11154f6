/* AArch64: its system call numbers (no open(2), only openat(2)) and trap. */
#ifndef ODC_ARCH_AARCH64_H
#define ODC_ARCH_AARCH64_H

#define ODC_NR_CLOSE	57
#define ODC_NR_FCNTL	25
#define ODC_NR_OPENAT	56
#define ODC_NR_SECCOMP	277
#define ODC_NR_CLOCK_GETTIME	113
#define ODC_NR_GETRANDOM	278
#define ODC_NR_PRLIMIT64	261
#define ODC_AUDIT_ARCH_AARCH64	0xc00000b7u
#define ODC_O_LARGEFILE	0400000

/* What a seccomp filter here sees: AArch64 programs; -1: no such call. */
#define ODC_ARCH_ABIS \
	{ ODC_AUDIT_ARCH_AARCH64, { -1, ODC_NR_OPENAT, ODC_NR_OPENAT2 }, false }

static inline long odc_arch_trap(long nr, long a, long b, long c, long d, long e, long f)
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

#endif
