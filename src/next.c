/* Symbol resolution: find the definitions that the shim's own ones hide. */
#include <dlfcn.h>

#include "odc_next.h"

struct odc_next odc_next;

#define odc_next_publish(member, symbol) \
	__atomic_store_n(&odc_next.member, dlsym(RTLD_NEXT, symbol), __ATOMIC_RELEASE)

void odc_next_resolve(void)
{
	odc_next_publish(open, "open");
	odc_next_publish(open_lfs, "open64");
	odc_next_publish(openat, "openat");
	odc_next_publish(openat_lfs, "openat64");
	odc_next_publish(openat2, "openat2");
	odc_next_publish(syscall, "syscall");
}
