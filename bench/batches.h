/*
 * What the timing benchmarks share (combo.c, pieces.c, watch_calls.c): a
 * monotonic clock and the thread's CPU clock in nanoseconds, and figures from BATCHES batches, sorted so that the
 * median is the middle one.
 */
#ifndef BENCH_BATCHES_H
#define BENCH_BATCHES_H

#include <stdlib.h>
#include <time.h>

#define BATCHES 7

static inline double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/*
 * The calling thread's own CPU time, in nanoseconds: what a system call
 * costs its caller, in its kernel code too, without the time the machine's
 * other work takes from it (a shared machine's load is most of the noise).
 */
static inline double cpu_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* FIGURES, BATCHES of them, in order: the median is FIGURES[BATCHES / 2]. */
static inline void sort_batches(double *figures)
{
	qsort(figures, BATCHES, sizeof figures[0], cmp_double);
}

#endif
