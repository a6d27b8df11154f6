/*
 * The most frequent keys of a stream, in memory bounded by a capacity
 * chosen beforehand, not by the stream (src/cmd/report/drill/top.c): the
 * Space-Saving algorithm of Metwally, Agrawal and El Abbadi (2005). Up to
 * the capacity every key is counted exactly. Past it, a new key takes the
 * place of the least counted, with that count (plus its own call) as its
 * own and that count as its error: a key's true count is between
 * count - error and count, and every key counted more often than the
 * stream's length divided by the capacity is in the table.
 */
#ifndef ODC_REPORT_TOP_H
#define ODC_REPORT_TOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct odc_top_entry {
	char *key;		/* not NUL-terminated */
	size_t len;
	long count, error;
	uint64_t hash;
	size_t slot;		/* its place in the index */
	void *data;		/* the caller's, for this key: freed with it by the table's drop */
};

struct odc_top {
	struct odc_top_entry *heap;	/* a min-heap by count */
	size_t cap, used;
	long *index;			/* open addressing: a heap position, -1 empty, -2 deleted */
	size_t index_cap, deleted;
	long replaced;			/* keys that took another's place: more were seen than kept */
	void (*drop)(void *data);	/* frees an entry's data; NULL where it holds none */
	unsigned long long key[2];
};

/* T, empty, for at most CAP keys; DROP frees an entry's data (or NULL). */
void odc_top_init(struct odc_top *t, size_t cap, void (*drop)(void *data));
void odc_top_free(struct odc_top *t);

/*
 * KEY (LEN bytes) counted once more: its entry, which may have taken the
 * place of another (then its data is NULL again, the other's dropped).
 * The entry stays valid until the next call.
 */
struct odc_top_entry *odc_top_add(struct odc_top *t, const char *key, size_t len);

/* T's entries, most counted first (equal counts by key), into OUT (room for t->used): how many. */
size_t odc_top_sorted(const struct odc_top *t, const struct odc_top_entry **out);

/*
 * How many distinct keys T saw beyond the first SHOWN of its sorted
 * entries: exact where *EXACT, else at least that many.
 */
long odc_top_more(const struct odc_top *t, size_t shown, bool *exact);

#endif
