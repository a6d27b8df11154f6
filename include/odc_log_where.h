/*
 * Where a call came from (src/core/where/where.c): the file mapped at the
 * code that called the exported function, and that code's offset in the
 * file, as /proc/self/maps says.
 */
#ifndef ODC_LOG_WHERE_H
#define ODC_LOG_WHERE_H

#include <stdbool.h>
#include <stddef.h>

/* The most of a module's path a line holds, raw: escaped, it takes up to four times as much. */
#define ODC_WHERE_PATH_MAX 256

struct odc_where {
	char path[ODC_WHERE_PATH_MAX];	/* raw bytes, not NUL-terminated; the mapping's name where no file */
	size_t len;
	bool cut;			/* the path was longer than this */
	bool file;			/* a file's mapping: OFFSET is a place in it */
	unsigned long long offset;	/* the return address's offset in the file */
};

/*
 * The module of the code at return address CALLER, into W: false where
 * the maps could not be read or say nothing of it. Async-signal-safe: a
 * single slot, changed without a lock, keeps the last mapping found.
 */
bool odc_where_find(const void *caller, struct odc_where *w);

#endif
