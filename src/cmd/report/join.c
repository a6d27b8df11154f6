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

#define ODC_JOIN_BUCKETS (2 * ODC_JOIN_HELD)	/* a power of two */

/* The print of a call's first line: 64 bytes. */
struct odc_join_print {
	uint64_t hash, older;		/* the number + 1 of the next older print of its bucket, or 0 */
	long long time, at;		/* when its call was made, and where in the order it was read */
	struct odc_report_first first;	/* what its line counted */
	unsigned tid;			/* its thread, or 0 */
	char result[11];		/* its result, cut there (an errno's name is shorter) */
	unsigned char eyes;
	bool claimed, taken;
};
_Static_assert(sizeof(struct odc_join_print) == 64, "a print is 64 bytes: the bound says so");

struct odc_join {
	struct odc_join_print prints[ODC_JOIN_HELD];	/* by number, modulo */
	uint64_t first, next;		/* the numbers of the oldest print and of the next */
	uint64_t buckets[ODC_JOIN_BUCKETS];	/* the newest print's number + 1 of each hash; 0: none */
	unsigned long long key[2];
};

static void odc_result_of(const struct odc_record *r, char out[11])
{
	size_t len = r->result_len < 10 ? r->result_len : 10;

	memcpy(out, r->result ? r->result : "", len);
	out[len] = '\0';
}

/* Whether R, of the other eye than P's line, is of P's call. */
static bool odc_one_call(const struct odc_join_print *p, const struct odc_record *r)
{
	const struct odc_record *lib = r->eyes == ODC_EYE_LIBRARY ? r : NULL;
	bool lib_claimed = lib ? r->claimed : p->claimed, seen_claimed = lib ? p->claimed : r->claimed;
	long long apart = p->time - r->time_ns;
	unsigned tid = (unsigned)odc_report_number(r->tid, r->tid_len);
	char result[11];

	odc_result_of(r, result);
	/* A line that is its writer's word alone vouches for no line that is more. */
	if (seen_claimed && !lib_claimed)
		return false;
	if (apart > ODC_JOIN_WITHIN_NS || apart < -ODC_JOIN_WITHIN_NS || (tid && p->tid && tid != p->tid))
		return false;
	/* The watcher's result is unknown where it saw neither the call's exit nor its completion. */
	return strcmp(p->result, result) == 0 || strcmp(lib ? p->result : result, "unknown") == 0;
}

/* The oldest print of R's call (of HASH) from the other eye, or NULL. */
static struct odc_join_print *odc_partner(struct odc_join *j, const struct odc_record *r, uint64_t hash)
{
	struct odc_join_print *found = NULL;

	for (uint64_t n = j->buckets[hash & (ODC_JOIN_BUCKETS - 1)]; n > j->first;) {
		struct odc_join_print *p = &j->prints[(n - 1) % ODC_JOIN_HELD];
		if (!p->taken && p->hash == hash && p->eyes != r->eyes && odc_one_call(p, r))
			found = p;
		n = p->older;
	}
	return found;
}

/* R's print, of HASH, counted in FIRST, read at AT: kept, the oldest forgotten where they are too many. */
static void odc_keep(struct odc_join *j, const struct odc_record *r, uint64_t hash,
		     const struct odc_report_first *first, long long at)
{
	uint64_t *bucket = &j->buckets[hash & (ODC_JOIN_BUCKETS - 1)];
	struct odc_join_print *p = &j->prints[j->next % ODC_JOIN_HELD];

	if (j->next - j->first == ODC_JOIN_HELD)
		j->first++;
	*p = (struct odc_join_print){ .hash = hash, .older = *bucket, .time = r->time_ns, .at = at,
				      .first = *first, .tid = (unsigned)odc_report_number(r->tid, r->tid_len),
				      .eyes = (unsigned char)r->eyes, .claimed = r->claimed };
	odc_result_of(r, p->result);
	*bucket = ++j->next;
}

/* REP's join, made at its first line that may be joined. */
static struct odc_join *odc_join_new(struct odc_report *rep)
{
	struct odc_join *j = rep->join = odc_report_grow(NULL, sizeof *j);

	j->first = j->next = 0;
	memset(j->buckets, 0, sizeof j->buckets);
	odc_report_key(j->key);
	return j;
}

void odc_join_add(struct odc_report *rep, const struct odc_record *r, long long at)
{
	struct odc_join *j = rep->join;
	struct odc_report_first first;

	if (!odc_joinable(r)) {
		odc_report_add(rep, r, &first);
		return;
	}
	j = j ? j : odc_join_new(rep);
	while (j->first < j->next && j->prints[j->first % ODC_JOIN_HELD].at + ODC_JOIN_HOLD_NS < at)
		j->first++;
	uint64_t hash = odc_join_hash(j->key, r);
	struct odc_join_print *p = odc_partner(j, r, hash);
	if (p) {
		p->taken = true;
		rep->joined++;
		odc_report_also(rep, &p->first, r);
		return;
	}
	odc_report_add(rep, r, &first);
	odc_keep(j, r, hash, &first, at);
}

void odc_join_end(struct odc_report *rep)
{
	if (rep->join)
		rep->join->first = rep->join->next;
}

void odc_join_free(struct odc_report *rep)
{
	free(rep->join);
	rep->join = NULL;
}
