/*
 * A record copied whole, its strings with it, into memory of its own
 * (odc_report_parts.h): the watcher's lines that join.c holds outlive the
 * reader's buffer they were read from.
 */
#include <stdalign.h>
#include <string.h>

#include "odc_report_parts.h"

/* N rounded up, so that the next record copied after it is aligned. */
static size_t odc_aligned(size_t n)
{
	return (n + alignof(struct odc_record) - 1) & ~(alignof(struct odc_record) - 1);
}

size_t odc_record_size(const struct odc_record *r)
{
	size_t n = sizeof *r;

#define ODC_STRING_SIZE(name) n += r->name ? r->name##_len + 1 : 0;
	ODC_RECORD_STRINGS(ODC_STRING_SIZE)
#undef ODC_STRING_SIZE
	return odc_aligned(n);
}

void odc_record_copy(void *to, const struct odc_record *r)
{
	struct odc_record *copy = to;
	char *text = (char *)(copy + 1);

	*copy = *r;
#define ODC_STRING_COPY(name)                                  \
	if (r->name) {                                         \
		memcpy(text, r->name, r->name##_len);          \
		text[r->name##_len] = '\0';                    \
		copy->name = text;                             \
		text += r->name##_len + 1;                     \
	}
	ODC_RECORD_STRINGS(ODC_STRING_COPY)
#undef ODC_STRING_COPY
}
