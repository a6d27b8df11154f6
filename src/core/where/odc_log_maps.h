/*
 * The mapping that holds an address, as /proc/self/maps names it
 * (src/core/where/maps.c), for where.c.
 */
#ifndef ODC_LOG_MAPS_H
#define ODC_LOG_MAPS_H

#include <stdbool.h>
#include <stdint.h>

#include "odc_log_where.h"

/* A mapping the maps named: its addresses, its offset in its file, and the file. */
struct odc_mapping {
	uintptr_t start, end;
	unsigned long long pgoff;
	bool image;		/* the program's own executable's: mapped while the image runs */
	bool known;		/* the loader knew its object: OBJECT's mapping, of the name hashed NAME */
	uintptr_t object;
	uint64_t name;
	struct odc_where where;
};

/*
 * The mapping that holds AT, read from /proc/self/maps with raw system
 * calls through a buffer on the stack, up to its line: into M, true.
 */
bool odc_maps_find(uintptr_t at, struct odc_mapping *m);

#endif
