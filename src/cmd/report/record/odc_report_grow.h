/* The report's memory: every array grows one way (src/cmd/report/record/grow.c). */
#ifndef ODC_REPORT_GROW_H
#define ODC_REPORT_GROW_H

#include <stddef.h>

/* realloc(P, SIZE), or the report ends, saying so: it cannot go on without. */
void *odc_report_grow(void *p, size_t size);

/* The LEN bytes at S, NUL-terminated, in memory of their own. */
char *odc_report_copy(const char *s, size_t len);

/*
 * ARRAY, of *CAP elements of SIZE bytes, with room for element INDEX:
 * doubled (from 8) as often as that needs, *CAP with it.
 */
void *odc_report_room(void *array, size_t *cap, size_t index, size_t size);

#endif
