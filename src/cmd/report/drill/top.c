/*
 * The most frequent keys of a stream, in bounded memory (odc_report_top.h):
 * a min-heap of the keys kept, by count, so that the least counted is at
 * hand, and an index of open addressing from a key's keyed hash to its
 * place in the heap, so that a key is found in constant time whatever a
 * log chose its keys to be.
 */
#include <stdlib.h>
#include <string.h>

#include "odc_report_grow.h"
#include "odc_report_set.h"
#include "odc_report_top.h"

#define ODC_EMPTY (-1)
#define ODC_DELETED (-2)

void odc_top_init(struct odc_top *t, size_t cap, void (*drop)(void *data))
{
	*t = (struct odc_top){ .cap = cap, .drop = drop, .index_cap = 4 };
	while (t->index_cap < 2 * cap)
		t->index_cap *= 2;
	t->heap = odc_report_grow(NULL, cap * sizeof *t->heap);
	t->index = odc_report_grow(NULL, t->index_cap * sizeof *t->index);
	for (size_t i = 0; i < t->index_cap; i++)
		t->index[i] = ODC_EMPTY;
	odc_report_key(t->key);
}

void odc_top_free(struct odc_top *t)
{
	for (size_t i = 0; i < t->used; i++) {
		free(t->heap[i].key);
		if (t->drop && t->heap[i].data)
			t->drop(t->heap[i].data);
	}
	free(t->heap);
	free(t->index);
}

static void odc_top_swap(struct odc_top *t, size_t i, size_t j)
{
	struct odc_top_entry e = t->heap[i];

	t->heap[i] = t->heap[j];
	t->heap[j] = e;
	t->index[t->heap[i].slot] = (long)i;
	t->index[t->heap[j].slot] = (long)j;
}

static size_t odc_top_up(struct odc_top *t, size_t i)
{
	for (; i > 0 && t->heap[(i - 1) / 2].count > t->heap[i].count; i = (i - 1) / 2)
		odc_top_swap(t, i, (i - 1) / 2);
	return i;
}

static size_t odc_top_down(struct odc_top *t, size_t i)
{
	for (;;) {
		size_t least = i, l = 2 * i + 1, r = l + 1;
		if (l < t->used && t->heap[l].count < t->heap[least].count)
			least = l;
		if (r < t->used && t->heap[r].count < t->heap[least].count)
			least = r;
		if (least == i)
			return i;
		odc_top_swap(t, i, least);
		i = least;
	}
}

/*
 * KEY's slot in the index: where it is (*FOUND), or else where it would
 * go, the first deleted slot on its way or the empty one that ends it.
 */
static size_t odc_top_slot(const struct odc_top *t, const char *key, size_t len, uint64_t h,
			   bool *found)
{
	size_t mask = t->index_cap - 1, free_slot = SIZE_MAX;

	for (size_t i = h & mask;; i = (i + 1) & mask) {
		long at = t->index[i];
		if (at == ODC_EMPTY) {
			*found = false;
			return free_slot != SIZE_MAX ? free_slot : i;
		}
		if (at == ODC_DELETED) {
			free_slot = free_slot != SIZE_MAX ? free_slot : i;
			continue;
		}
		const struct odc_top_entry *e = &t->heap[at];
		if (e->hash == h && e->len == len && memcmp(e->key, key, len) == 0) {
			*found = true;
			return i;
		}
	}
}

/* The index made again from the heap, its deleted slots gone. */
static void odc_top_reindex(struct odc_top *t)
{
	for (size_t i = 0; i < t->index_cap; i++)
		t->index[i] = ODC_EMPTY;
	t->deleted = 0;
	for (size_t i = 0; i < t->used; i++) {
		bool found;
		struct odc_top_entry *e = &t->heap[i];
		e->slot = odc_top_slot(t, e->key, e->len, e->hash, &found);
		t->index[e->slot] = (long)i;
	}
}

static char *odc_top_copy(char *old, const char *key, size_t len)
{
	char *copy = odc_report_grow(old, len ? len : 1);

	memcpy(copy, key, len);
	return copy;
}

struct odc_top_entry *odc_top_add(struct odc_top *t, const char *key, size_t len)
{
	uint64_t h = odc_report_hash(t->key, key, len);
	bool found;
	size_t slot = odc_top_slot(t, key, len, h, &found), at;

	if (found) {
		at = (size_t)t->index[slot];
		t->heap[at].count++;
		return &t->heap[odc_top_down(t, at)];
	}
	if (t->used < t->cap) {
		at = t->used++;
		t->heap[at] = (struct odc_top_entry){ .key = odc_top_copy(NULL, key, len), .len = len,
						      .count = 1, .hash = h, .slot = slot };
		t->index[slot] = (long)at;
		return &t->heap[odc_top_up(t, at)];
	}
	/* The least counted gives its place, and its count as the new key's error. */
	struct odc_top_entry *least = &t->heap[0];
	t->index[least->slot] = ODC_DELETED;
	t->deleted++;
	if (t->drop && least->data)
		t->drop(least->data);
	slot = odc_top_slot(t, key, len, h, &found);
	*least = (struct odc_top_entry){ .key = odc_top_copy(least->key, key, len), .len = len,
					 .count = least->count + 1, .error = least->count, .hash = h,
					 .slot = slot };
	t->index[slot] = 0;
	t->replaced++;
	at = odc_top_down(t, 0);
	if (t->deleted > t->index_cap / 4)
		odc_top_reindex(t);
	return &t->heap[at];
}

static int odc_top_order(const void *a, const void *b)
{
	const struct odc_top_entry *x = *(const struct odc_top_entry *const *)a;
	const struct odc_top_entry *y = *(const struct odc_top_entry *const *)b;
	size_t len = x->len < y->len ? x->len : y->len;
	int by_key = memcmp(x->key, y->key, len);

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return by_key ? by_key : (x->len > y->len) - (x->len < y->len);
}

size_t odc_top_sorted(const struct odc_top *t, const struct odc_top_entry **out)
{
	for (size_t i = 0; i < t->used; i++)
		out[i] = &t->heap[i];
	qsort(out, t->used, sizeof *out, odc_top_order);
	return t->used;
}

long odc_top_more(const struct odc_top *t, size_t shown, bool *exact)
{
	*exact = t->replaced == 0;
	size_t seen = t->used + !*exact;	/* a replacement means one key more than kept, at least */
	return seen > shown ? (long)(seen - shown) : 0;
}
