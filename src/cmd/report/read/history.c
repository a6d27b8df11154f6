/*
 * The library's lines kept before an argument's first of the watcher's
 * (odc_report_join.h): a ring of bytes, written in order, each line's
 * print but its hash, and what both eyes' lines of its call say alike.
 * Nothing of it is read until the watcher's first line, if ever.
 */
#include <stdint.h>
#include <string.h>

#include "odc_report_join.h"

/* The bytes a kept line of LEN bytes of text takes: aligned for the next. */
static size_t odc_size_of(size_t len)
{
	return (sizeof(struct odc_join_line) + sizeof(uint32_t) + len + 7) & ~(size_t)7;
}

static uint32_t odc_text_len(const struct odc_join_history *h, size_t at)
{
	uint32_t len;

	memcpy(&len, h->bytes + at + sizeof(struct odc_join_line), sizeof len);
	return len;
}

void odc_history_clear(struct odc_join_history *h)
{
	h->oldest = h->tail = h->count = 0;
	h->wrap = SIZE_MAX;
}

/* The oldest kept forgotten. */
static void odc_forget(struct odc_join_history *h)
{
	h->oldest += odc_size_of(odc_text_len(h, h->oldest));
	if (h->oldest == h->wrap) {
		h->oldest = 0;
		h->wrap = SIZE_MAX;
	}
	if (--h->count == 0)
		odc_history_clear(h);
}

void odc_history_keep(struct odc_join_history *h, const struct odc_join_line *l, const char *text,
		      size_t len)
{
	size_t need = odc_size_of(len);
	uint32_t len32 = (uint32_t)len;

	if (need > sizeof h->bytes / 4)
		return;	/* a journal entry's, longer than any line: it is not joined */
	for (;;) {
		if (h->wrap == SIZE_MAX && h->tail + need <= sizeof h->bytes)
			break;
		if (h->wrap == SIZE_MAX) {	/* the rest of the ring's end left unused */
			h->wrap = h->tail;
			h->tail = 0;
		} else if (h->tail + need <= h->oldest) {
			break;
		} else {
			odc_forget(h);
		}
	}
	memcpy(h->bytes + h->tail, l, sizeof *l);
	memcpy(h->bytes + h->tail + sizeof *l, &len32, sizeof len32);
	memcpy(h->bytes + h->tail + sizeof *l + sizeof len32, text, len);
	h->tail += need;
	h->count++;
}

bool odc_history_take(struct odc_join_history *h, struct odc_join_line *l, const char **text, size_t *len)
{
	if (!h->count)
		return false;
	memcpy(l, h->bytes + h->oldest, sizeof *l);
	*len = odc_text_len(h, h->oldest);
	*text = h->bytes + h->oldest + sizeof *l + sizeof(uint32_t);
	odc_forget(h);
	return true;
}
