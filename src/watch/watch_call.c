/* An event's call as the core has calls (include/odc_call.h): its directory descriptor is the caller's. */
#include "odc_watch.h"

struct odc_call odc_watch_call(const struct odc_watch_event *e)
{
	return (struct odc_call){
		.dirfd = e->dirfd,
		.path = e->path,
		.flags = (int)e->flags,
		.mode = (mode_t)e->mode,
		.resolve = e->resolve,
		.via_openat2 = e->entry == ODC_WATCH_OPENAT2 || e->entry == ODC_WATCH_URING_OPENAT2,
	};
}
