/*
 * The library's own opens go to the next definitions, as the program's
 * would; and the loader is asked which object holds an address.
 */
#include <errno.h>
#include <link.h>

#include "odc_next.h"
#include "odc_libc.h"

static long odc_real_result(long ret)
{
	return ret < 0 ? -errno : ret;
}

long odc_libc_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return odc_real_result(odc_next_openat(dirfd, path, flags, mode));
}

long odc_libc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	return odc_real_result(odc_next_openat2(dirfd, path, how, size));
}

/* glibc's struct dl_find_object (2.35), which older headers and musl's lack. */
struct odc_find_object {
	unsigned long long flags;
	void *map_start, *map_end;
	struct link_map *link_map;
	void *eh_frame;
	unsigned long long reserved[7];
};

/*
 * The object's name is its link map's, which stays while its code runs:
 * PC is the return address of a call the object's code made, and is
 * making.
 */
int odc_libc_object(const void *pc, uintptr_t *start, uint64_t *name)
{
	odc_find_object_fn *find = odc_next_find_object();
	struct odc_find_object o;

	if (!find || find((void *)pc, &o) != 0 || !o.link_map || !o.link_map->l_name)
		return -1;
	*start = (uintptr_t)o.map_start;
	*name = 14695981039346656037ULL;	/* FNV-1a */
	for (const char *c = o.link_map->l_name; *c; c++)
		*name = (*name ^ (unsigned char)*c) * 1099511628211ULL;
	return 0;
}
