/*
 * A clock read in nanoseconds, asked of the kernel directly: libc's
 * clock_gettime is of version GLIBC_2.17, which would cost every process
 * the library is loaded into a check at start-up.
 */
#ifndef ODC_CLOCK_H
#define ODC_CLOCK_H

/* CLOCK's time (CLOCK_MONOTONIC, say) in nanoseconds, or -1 where it cannot be read. */
long long odc_clock_ns(int clock);

#endif
