/*
 * The library's line of a call and the watcher's, counted as one call
 * (odc_report_join.h). Each call's first line is counted as it comes,
 * and its print kept in a ring, oldest first, found by the hash of what
 * both lines of a call say alike (same.c). A line of the other eye, of
 * that hash, made within ODC_JOIN_WITHIN_NS of it and of its thread
 * where both name one, with its result (where the watcher saw it), is of
 * the same call: the oldest such print takes it, since two calls alike of
 * one thread are seen in the same order by both eyes. Nothing of a line
 * but its print is kept: the call is counted once, and the second line
 * adds to its row what its eye alone saw.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "odc_report_grow.h"
#include "odc_report_join.h"
#include "odc_report_set.h"

#define ODC_JOIN_BUCKETS ODC_JOIN_HELD	/* a power of two */

/* A print's marks. */
enum { ODC_PRINT_CLAIMED = 1, ODC_PRINT_TAKEN = 2, ODC_PRINT_STATE = 4, ODC_PRINT_WOULD = 8 };

/*
 * The print of a call's first line, 32 bytes: the ring of them and its
 * index stay within a core's cache however dense the log.
 */
struct odc_join_print {
	uint64_t hash;		/* what both lines of its call say alike */
	long long time;		/* when its call was made */
	uint32_t older;		/* the number + 1 of its bucket's next older print (its low 32 bits), or 0 */
	uint32_t pair;		/* the pair its call was counted in, or UINT32_MAX */
	uint32_t tid;		/* its thread, or 0 */
	uint16_t result;	/* a hash of its result, or ODC_RESULT_UNKNOWN */
	uint8_t eyes, marks;
};
_Static_assert(sizeof(struct odc_join_print) == 32, "a print is 32 bytes: the bound says so");

struct odc_join {
	struct odc_join_print prints[ODC_JOIN_HELD];	/* by number, modulo */
	uint64_t first, next;		/* the numbers of the oldest print and of the next */
	uint32_t buckets[ODC_JOIN_BUCKETS];	/* the newest print's number + 1 of each hash (low 32 bits); 0: none */
	unsigned long long key[2];
	bool printing;			/* a line of the watcher's has come: each line is printed */
	struct odc_join_history history;	/* until then, the library's lines */
};

/* R's result as a print holds it. */
static uint16_t odc_result_of(const struct odc_record *r)
{
	const char *s = r->result ? r->result : "";
	uint32_t h = 2166136261u;

	if (r->result_len == 7 && memcmp(s, "unknown", 7) == 0)
		return ODC_RESULT_UNKNOWN;
	for (size_t i = 0; i < r->result_len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return (uint16_t)(h % ODC_RESULT_UNKNOWN);
}

/* R's line, read at AT and counted in FIRST, as a print holds it. */
static struct odc_join_line odc_line_of(const struct odc_record *r, long long at,
					const struct odc_report_first *first)
{
	return (struct odc_join_line){ .time = r->time_ns, .at = at, .first = *first,
				       .tid = (uint32_t)odc_report_number(r->tid, r->tid_len),
				       .result = odc_result_of(r), .eyes = (uint8_t)r->eyes, .claimed = r->claimed };
}

/* The number of the print that a bucket's or a print's link V (a number + 1, its low 32 bits) names. */
static uint64_t odc_number(const struct odc_join *j, uint32_t v)
{
	return j->next - 1 - (uint32_t)((uint32_t)j->next - v);
}

/* Whether L, of the other eye than P's line, is of P's call. */
static bool odc_one_call(const struct odc_join_print *p, const struct odc_join_line *l)
{
	bool p_claimed = p->marks & ODC_PRINT_CLAIMED;
	long long apart = p->time - l->time;

	/* A line that is its writer's word alone vouches for no line that is more. */
	if (l->eyes == ODC_EYE_LIBRARY ? p_claimed && !l->claimed : l->claimed && !p_claimed)
		return false;
	if (apart > ODC_JOIN_WITHIN_NS || apart < -ODC_JOIN_WITHIN_NS || (l->tid && p->tid && l->tid != p->tid))
		return false;
	return p->result == l->result || p->result == ODC_RESULT_UNKNOWN || l->result == ODC_RESULT_UNKNOWN;
}

/* The oldest print of L's call (of HASH) from the other eye, or NULL. */
static struct odc_join_print *odc_partner(struct odc_join *j, const struct odc_join_line *l, uint64_t hash)
{
	struct odc_join_print *found = NULL;
	uint32_t v = j->buckets[hash & (ODC_JOIN_BUCKETS - 1)];

	for (uint64_t n; v && (n = odc_number(j, v)) >= j->first; v = j->prints[n % ODC_JOIN_HELD].older) {
		struct odc_join_print *p = &j->prints[n % ODC_JOIN_HELD];
		if (!(p->marks & ODC_PRINT_TAKEN) && p->hash == hash && p->eyes != l->eyes && odc_one_call(p, l))
			found = p;
	}
	return found;
}

/* L's print, of HASH: kept, the oldest forgotten where they are too many. */
static void odc_keep(struct odc_join *j, const struct odc_join_line *l, uint64_t hash)
{
	uint32_t *bucket = &j->buckets[hash & (ODC_JOIN_BUCKETS - 1)];

	if (j->next - j->first == ODC_JOIN_HELD)
		j->first++;
	j->prints[j->next % ODC_JOIN_HELD] = (struct odc_join_print){
		.hash = hash, .time = l->time, .older = *bucket, .pair = l->first.pair, .tid = l->tid,
		.result = l->result, .eyes = l->eyes,
		.marks = (uint8_t)((l->claimed ? ODC_PRINT_CLAIMED : 0) | (l->first.state ? ODC_PRINT_STATE : 0) |
				   (l->first.would ? ODC_PRINT_WOULD : 0)),
	};
	*bucket = (uint32_t)++j->next;
}

/* What P's line counted. */
static struct odc_report_first odc_first_of(const struct odc_join_print *p)
{
	return (struct odc_report_first){ .pair = p->pair, .claimed = p->marks & ODC_PRINT_CLAIMED,
					  .state = p->marks & ODC_PRINT_STATE, .would = p->marks & ODC_PRINT_WOULD };
}

/* Where in the order the line of P was read: the watcher's are placed late. */
static long long odc_read_at(const struct odc_join_print *p)
{
	return p->time + (p->eyes == ODC_EYE_WATCHER ? ODC_JOIN_LATE_NS : 0);
}

/* REP's join, made at its first line that may be joined. */
static struct odc_join *odc_join_new(struct odc_report *rep)
{
	struct odc_join *j = rep->join = odc_report_grow(NULL, sizeof *j);

	j->first = j->next = 0;
	j->printing = false;
	memset(j->buckets, 0, sizeof j->buckets);
	odc_history_clear(&j->history);
	odc_report_key(j->key);
	return j;
}

/* The library's lines kept, printed: those of the last ODC_JOIN_HOLD_NS before AT. */
static void odc_print_history(struct odc_join *j, long long at)
{
	struct odc_join_line l;
	const char *text;
	size_t len;

	while (odc_history_take(&j->history, &l, &text, &len))
		if (l.at + ODC_JOIN_HOLD_NS >= at)
			odc_keep(j, &l, odc_report_hash(j->key, text, len));
	j->printing = true;
}

void odc_join_add(struct odc_report *rep, const struct odc_record *r, long long at)
{
	struct odc_join *j = rep->join;
	struct odc_report_first first;
	char text[ODC_JOIN_TEXT_MAX];

	if (!odc_joinable(r)) {
		odc_report_add(rep, r, &first);
		return;
	}
	j = j ? j : odc_join_new(rep);
	size_t len = odc_join_text(text, r);
	if (!j->printing && r->eyes == ODC_EYE_LIBRARY) {
		odc_report_add(rep, r, &first);
		struct odc_join_line l = odc_line_of(r, at, &first);
		odc_history_keep(&j->history, &l, text, len);
		return;
	}
	if (!j->printing)
		odc_print_history(j, at);
	while (j->first < j->next && odc_read_at(&j->prints[j->first % ODC_JOIN_HELD]) + ODC_JOIN_HOLD_NS < at)
		j->first++;
	uint64_t hash = odc_report_hash(j->key, text, len);
	struct odc_join_line l = odc_line_of(r, at, &(struct odc_report_first){ .pair = UINT32_MAX });
	struct odc_join_print *p = odc_partner(j, &l, hash);
	if (p) {
		p->marks |= ODC_PRINT_TAKEN;
		rep->joined++;
		first = odc_first_of(p);
		odc_report_also(rep, &first, r);
		return;
	}
	odc_report_add(rep, r, &first);
	l.first = first;
	odc_keep(j, &l, hash);
}

void odc_join_end(struct odc_report *rep)
{
	if (!rep->join)
		return;
	rep->join->first = rep->join->next;
	rep->join->printing = false;
	odc_history_clear(&rep->join->history);
}
