/* A clock read without libc (include/odc_clock.h says why). */
#include "odc_arch.h"
#include "odc_clock.h"
#include "odc_trap.h"

/* Each ABI's own clock_gettime fills two of its longs. */
long long odc_clock_ns(int clock)
{
	struct {
		long sec, nsec;
	} now;

	if (odc_trap(ODC_NR_CLOCK_GETTIME, clock, (long)&now, 0, 0, 0, 0) < 0)
		return -1;
	return (long long)now.sec * 1000000000LL + now.nsec;
}
