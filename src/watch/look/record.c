/*
 * An event's call as the core has calls (include/odc_call.h): its directory
 * descriptor is the caller's. And the names the kernel took at the call.
 */
#include <string.h>

#include "odc_look.h"

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

/*
 * The name LEN bytes long, OFF bytes into E's names, or NULL where the
 * kernel took none. Each ends within them: the kernel's NUL, or the one
 * odc_on_event puts at their end.
 */
static const char *odc_name_at(const struct odc_watch_event *e, size_t off, size_t len)
{
	return len && off + len <= sizeof e->path ? e->path + off : NULL;
}

const char *odc_watch_kernel_dir(const struct odc_watch_event *e)
{
	return odc_name_at(e, e->path_len, e->dir_len);
}

const char *odc_watch_kernel_exe(const struct odc_watch_event *e)
{
	return odc_name_at(e, (size_t)e->path_len + e->dir_len, e->exe_len);
}

const char *odc_watch_kernel_groups(const struct odc_watch_event *e)
{
	size_t off = (size_t)e->path_len + e->dir_len + e->exe_len;

	return e->groups_len == 4 * e->ngroups && off + e->groups_len <= sizeof e->path ? e->path + off : NULL;
}

const char *odc_watch_kernel_args(const struct odc_watch_event *e, size_t *len)
{
	size_t off = (size_t)e->path_len + e->dir_len + e->exe_len + e->groups_len;

	*len = e->args_len < ODC_WATCH_ARGS_MAX && off + e->args_len <= sizeof e->path ? e->args_len : 0;
	return *len ? e->path + off : NULL;
}

void odc_watch_forget_args(struct odc_watch_event *e)
{
	size_t len;
	const char *args = odc_watch_kernel_args(e, &len);

	if (args)
		explicit_bzero((char *)args, len);
	e->args_len = 0;
}
