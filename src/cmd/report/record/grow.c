/* The report's memory (odc_report_grow.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_exit.h"
#include "odc_report_grow.h"

void *odc_report_grow(void *p, size_t size)
{
	void *q = realloc(p, size);

	if (!q) {
		perror("odcreat report");
		exit(ODC_EXIT_FAILED);
	}
	return q;
}

void *odc_report_room(void *array, size_t *cap, size_t index, size_t size)
{
	size_t want = *cap ? *cap : 8;

	while (index >= want)
		want *= 2;
	if (want == *cap)
		return array;
	*cap = want;
	return odc_report_grow(array, want * size);
}

char *odc_report_copy(const char *s, size_t len)
{
	char *copy = odc_report_grow(NULL, len + 1);

	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}
