/* x86-64: its system call numbers and trap; i386 and x32 programs run here too. */
#ifndef ODC_ARCH_X86_64_H
#define ODC_ARCH_X86_64_H

#include "i386.h"

#define ODC_NR_OPEN	2
#define ODC_NR_CLOSE	3
#define ODC_NR_FCNTL	72
#define ODC_NR_OPENAT	257
#define ODC_NR_SECCOMP	317
#define ODC_NR_CLOCK_GETTIME	228
#define ODC_NR_GETRANDOM	318
#define ODC_NR_PRLIMIT64	302
#define ODC_AUDIT_ARCH_X86_64	0xc000003eu
#define ODC_O_LARGEFILE	0100000

/* x32 shares x86-64's audit arch and sets this bit in its numbers. */
#define ODC_X32_SYSCALL_BIT 0x40000000

/* What a seccomp filter here sees: x86-64 programs, x32 ones, i386 ones. */
#define ODC_ARCH_ABIS \
	{ ODC_AUDIT_ARCH_X86_64, { ODC_NR_OPEN, ODC_NR_OPENAT, ODC_NR_OPENAT2 }, false }, \
	{ ODC_AUDIT_ARCH_X86_64, { ODC_X32_SYSCALL_BIT | ODC_NR_OPEN, \
				   ODC_X32_SYSCALL_BIT | ODC_NR_OPENAT, \
				   ODC_X32_SYSCALL_BIT | ODC_NR_OPENAT2 }, true }, \
	{ ODC_AUDIT_ARCH_I386, { ODC_I386_NR_OPEN, ODC_I386_NR_OPENAT, ODC_NR_OPENAT2 }, false }

static inline long odc_arch_trap(long nr, long a, long b, long c, long d, long e, long f)
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

#endif
