/*
 * Each run's lines, and the calls lost from it (odc_report_tally.h): a
 * run (one image under one euid, run=) numbers its lines (seq=) and says
 * how many it could not deliver (lost=).
 */
#include <string.h>

#include "odc_report_grow.h"
#include "odc_report_count.h"
#include "odc_report_tally.h"

/* AT's LEN bytes, at most ODC_SENDER_MAX of them, then a NUL, into KEY: its new length. */
static size_t odc_key_part(char *key, size_t at, const char *s, size_t len)
{
	len = len < ODC_SENDER_MAX ? len : ODC_SENDER_MAX;
	memcpy(key + at, s, len);
	key[at + len] = '\0';
	return at + len + 1;
}

/* The run of R, of a process of PAIR (a pid is reused): its lines counted. */
void odc_report_run(struct odc_report *rep, const struct odc_record *r, size_t pair)
{
	struct odc_report_last *last = &rep->last;
	char key[sizeof last->sender];
	size_t n = last->stream;

	memcpy(key, &pair, sizeof pair);
	size_t len = odc_key_part(key, sizeof pair, r->sender, r->sender_len);
	len = odc_key_part(key, len, r->run ? r->run : "", r->run_len) - 1;
	if (len != last->sender_len || memcmp(key, last->sender, len)) {
		bool added;
		n = odc_report_set_add(&rep->senders, key, len, &added);
		if (added) {
			rep->streams = odc_report_room(rep->streams, &rep->streams_cap, n,
						       sizeof *rep->streams);
			rep->streams[n] = (struct odc_report_stream){ .row = rep->pair_rows[pair],
								     .first = r->seq };
		}
		last->stream = n;
		last->sender_len = len;
		memcpy(last->sender, key, len);
	}
	struct odc_report_stream *s = &rep->streams[n];
	s->got++;
	s->first = r->seq < s->first ? r->seq : s->first;
	s->seq = r->seq > s->seq ? r->seq : s->seq;
	s->lost = r->lost > s->lost ? r->lost : s->lost;
}

/*
 * A run's numbers that never arrived, between the lowest and the highest
 * seen, or the count it gave of those it could not deliver, whichever is
 * more (each number taken once: a run whose numbers repeat shows no gap);
 * and those odcreat-watch's lines said, one by one.
 */
void odc_report_count_lost(struct odc_report *rep)
{
	rep->lost = rep->lost_seen;
	for (size_t i = 0; i < rep->names.count; i++)
		rep->progs[i].lost = rep->progs[i].lost_seen;
	for (size_t i = 0; i < rep->senders.count; i++) {
		const struct odc_report_stream *s = &rep->streams[i];
		unsigned long span = s->seq - s->first + 1, gap = span > s->got ? span - s->got : 0;
		long lost = (long)(gap > s->lost ? gap : s->lost);
		rep->progs[s->row].lost += lost;
		rep->lost += lost;
	}
}
