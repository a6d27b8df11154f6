/* System calls without libc, through this architecture's trap (include/arch/). */
#include "odc_kernel.h"
#include "odc_raw.h"

long odc_raw_call(long nr, long a, long b, long c, long d, long e, long f)
{
	return odc_raw_trap(nr, a, b, c, d, e, f);
}
