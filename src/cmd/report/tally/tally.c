/* odcreat report: records tallied per row (odc_report_tally.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_predict.h"
#include "odc_report_drill.h"
#include "odc_report_grow.h"
#include "odc_report_count.h"
#include "odc_report_tally.h"

/* REP's sets, for odc_report_init and odc_report_free. */
#define ODC_REPORT_SETS(rep) \
	{ &(rep)->names, &(rep)->pairs, &(rep)->hosts, &(rep)->programs, &(rep)->senders }

void odc_report_init(struct odc_report *rep, unsigned by)
{
	*rep = (struct odc_report){ .by = by, .last.pair = SIZE_MAX, .writer = ODC_REPORT_NOBODY };
	struct odc_report_set *sets[] = ODC_REPORT_SETS(rep);
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		odc_report_set_init(sets[i]);
	odc_report_key(rep->path_key);
}

void odc_report_free(struct odc_report *rep)
{
	struct odc_report_set *sets[] = ODC_REPORT_SETS(rep);

	for (size_t i = 0; i < rep->names.count; i++) {
		free(rep->progs[i].name);
		free(rep->progs[i].script);
		free(rep->progs[i].host);
		free(rep->progs[i].path_hashes);
	}
	free(rep->join);
	free(rep->progs);
	free(rep->streams);
	free(rep->pair_rows);
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		odc_report_set_free(sets[i]);
}

/* A and B, each LEN bytes long, one after the other with a NUL between, into OUT: the length. */
static size_t odc_pair(char *out, const char *a, size_t a_len, const char *b, size_t b_len)
{
	memcpy(out, a, a_len);
	out[a_len] = '\0';
	memcpy(out + a_len + 1, b, b_len);
	return a_len + 1 + b_len;
}

/*
 * P's paths counted with PATH (LEN bytes): exactly up to ODC_REPORT_PATHS_MAX,
 * then no more. Their hashes grow by half again, not double: a fleet's
 * tens of thousands of rows each hold some.
 */
static void odc_count_path(const struct odc_report *rep, struct odc_report_prog *p, const char *path,
			   size_t len)
{
	if (p->paths_more)
		return;
	uint64_t h = odc_report_hash(rep->path_key, path, len);
	for (long i = 0; i < p->paths; i++)
		if (p->path_hashes[i] == h)
			return;
	if (p->paths == ODC_REPORT_PATHS_MAX) {
		p->paths_more = true;
		return;
	}
	if ((size_t)p->paths == p->paths_cap) {
		size_t cap = p->paths_cap ? p->paths_cap + (p->paths_cap + 1) / 2 : 4;
		p->paths_cap = cap < ODC_REPORT_PATHS_MAX ? cap : ODC_REPORT_PATHS_MAX;
		p->path_hashes = odc_report_grow(p->path_hashes, p->paths_cap * sizeof *p->path_hashes);
	}
	p->path_hashes[p->paths++] = h;
}

/*
 * The row of program NAME on HOST, a pair seen for the first time: a new
 * host in a row keyed by program, a new program in one keyed by host, and
 * each one seen anywhere, counted. NAME is the executable's, then where
 * it ran a script, a NUL and the script's.
 */
static size_t odc_new_pair_row(struct odc_report *rep, const char *host, size_t host_len,
			       const char *name, size_t name_len)
{
	char key[sizeof rep->last.key];
	size_t key_len = odc_pair(key, rep->by & ODC_BY_HOST ? host : "",
				  rep->by & ODC_BY_HOST ? host_len : 0,
				  rep->by & ODC_BY_PROGRAM ? name : "",
				  rep->by & ODC_BY_PROGRAM ? name_len : 0);
	bool added;
	size_t n = odc_report_set_add(&rep->names, key, key_len, &added);
	if (added) {
		rep->progs = odc_report_room(rep->progs, &rep->progs_cap, n, sizeof *rep->progs);
		size_t exe_len = strnlen(name, name_len);
		rep->progs[n] = (struct odc_report_prog){
			.name = odc_report_copy(name, exe_len), .host = odc_report_copy(host, host_len),
			.script = odc_report_copy(name + exe_len + (exe_len < name_len),
						  name_len - exe_len - (exe_len < name_len)),
		};
	}
	rep->progs[n].hosts += rep->by & ODC_BY_HOST ? added : 1;
	rep->progs[n].programs += rep->by & ODC_BY_PROGRAM ? added : 1;
	/* Where the rows are the hosts alone, or the programs alone, their count is the rows'. */
	if (rep->by != ODC_BY_HOST)
		odc_report_set_add(&rep->hosts, host, host_len, &added);
	if (rep->by != ODC_BY_PROGRAM)
		odc_report_set_add(&rep->programs, name, name_len, &added);
	return n;
}

/*
 * The pair of program NAME on HOST a call came from: its number, which
 * indexes pair_rows. The last record's pair is tried first.
 */
static size_t odc_pair_of(struct odc_report *rep, const char *host, size_t host_len,
			  const char *name, size_t name_len)
{
	struct odc_report_last *last = &rep->last;
	char key[sizeof last->key];
	size_t key_len = odc_pair(key, host, host_len, name, name_len);

	if (last->pair != SIZE_MAX && key_len == last->key_len && !memcmp(key, last->key, key_len))
		return last->pair;
	bool added;
	size_t pair = odc_report_set_add(&rep->pairs, key, key_len, &added);
	if (added) {
		rep->pair_rows = odc_report_room(rep->pair_rows, &rep->pair_rows_cap, pair,
						 sizeof *rep->pair_rows);
		rep->pair_rows[pair] = odc_new_pair_row(rep, host, host_len, name, name_len);
	}
	last->pair = pair;
	last->key_len = key_len;
	memcpy(last->key, key, key_len);
	return pair;
}

/* R's state, where it has one, counted in P: whether it had. */
static bool odc_count_state(struct odc_report_prog *p, const struct odc_record *r)
{
	int state = r->state ? odc_state_parse_len(r->state, r->state_len) : -1;

	if (state >= 0)
		p->states |= 1u << state;
	return state >= 0;
}

void odc_report_add(struct odc_report *rep, const struct odc_record *r, struct odc_report_first *first)
{
	first->pair = UINT32_MAX;
	rep->nocall += !odc_record_is_call(r);
	if (rep->drill) {
		rep->records += odc_record_is_call(r);
		if (odc_record_is_call(r))
			odc_drill_add(rep->drill, r);
		return;
	}
	if (!odc_record_is_call(r) && !r->lost_seen && !r->seq)
		return;	/* nothing to count: no row for it */
	/* Not initialised: most logs have no host, and a line would pay to clear them. */
	char name[2 * ODC_REPORT_NAME_MAX], host_name[ODC_REPORT_NAME_MAX];
	size_t name_len = odc_report_program(name, r);
	const char *host = ODC_REPORT_NO_HOST;
	size_t host_len = sizeof ODC_REPORT_NO_HOST - 1;
	if (r->host_len) {
		host_len = odc_report_canon(host_name, sizeof host_name, r->host, r->host_len, false);
		host = host_name;
	}
	size_t pair = odc_pair_of(rep, host, host_len, name, name_len), row = rep->pair_rows[pair];
	struct odc_report_prog *p = &rep->progs[row];

	p->lost_seen += (long)r->lost_seen;
	rep->lost_seen += (long)r->lost_seen;
	if (r->seq && r->sender)	/* a number without its sender says nothing */
		odc_report_run(rep, r, pair);
	if (!odc_record_is_call(r))
		return;
	*first = (struct odc_report_first){ .pair = (uint32_t)pair, .claimed = r->claimed,
					    .would = r->would != NULL };
	rep->records++;
	rep->claimed += r->claimed;
	p->calls++;
	p->claimed += r->claimed;
	p->eyes |= r->eyes;
	odc_count_path(rep, p, r->path, r->path_len);
	first->state = odc_count_state(p, r);
	if (r->would)
		odc_report_would(rep, p, r);
}

void odc_report_also(struct odc_report *rep, const struct odc_report_first *first,
		     const struct odc_record *r)
{
	if (first->pair == UINT32_MAX)
		return;
	struct odc_report_prog *p = &rep->progs[rep->pair_rows[first->pair]];

	p->eyes |= r->eyes;
	if (r->seq && r->sender)
		odc_report_run(rep, r, first->pair);
	if (first->claimed && !r->claimed) {
		p->claimed--;
		rep->claimed--;
	}
	if (!first->state)
		odc_count_state(p, r);
	if (!first->would && r->would)
		odc_report_would(rep, p, r);
}

void odc_report_unparsed(struct odc_report *rep, const char *name, long line)
{
	long n = rep->unparsed++;

	if (n >= (long)(sizeof rep->where / sizeof rep->where[0]))
		return;
	char *at = rep->where[n];
	size_t len = odc_report_canon(at, sizeof rep->where[n] - 21, name, strlen(name), false);
	snprintf(at + len, sizeof rep->where[n] - len, ":%ld", line);
}
