/*
 * System calls made without libc: the library needs them before its
 * constructor has found libc's functions, and libc's own syscall() is
 * hidden behind the library's.
 */
#ifndef ODC_TRAP_H
#define ODC_TRAP_H

/* System call NR: its result or a negative errno, as the kernel returns them; errno untouched. */
long odc_trap(long nr, long a, long b, long c, long d, long e, long f);

#endif
