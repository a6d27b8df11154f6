/* System calls without libc, through this architecture's trap (include/arch/). */
#include "odc_abi.h"
#include "odc_trap.h"

long odc_trap(long nr, long a, long b, long c, long d, long e, long f)
{
	return odc_arch_trap(nr, a, b, c, d, e, f);
}
