/* Symbol resolution: find the definitions that the shim's own ones hide. */
#include <dlfcn.h>

#include "odc_next.h"

struct odc_next odc_next;

#define odc_next_publish(name) \
	__atomic_store_n(&odc_next.name, dlsym(RTLD_NEXT, #name), __ATOMIC_RELEASE)

void odc_next_resolve(void)
{
	odc_next_publish(open);
	odc_next_publish(open64);
	odc_next_publish(openat);
	odc_next_publish(openat64);
	odc_next_publish(openat2);
	odc_next_publish(syscall);
}
