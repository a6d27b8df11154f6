/*
 * odcreat report: a record's would= tallied in its row (odc_report_tally.h):
 * for each mode, whether the call would have got another result than the
 * one it got, and whether it would have left something new on disk.
 */
#include <stdbool.h>
#include <string.h>

#include "odc_report_count.h"
#include "odc_report_tally.h"
#include "odc_would.h"

static bool odc_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(s, word, len) == 0;
}

/*
 * would= as "MODE=OUTCOME[+made] ...", each mode against the result the call
 * got, into W. The mode the call was made under changes nothing for it:
 * what that mode makes, the call has made already.
 */
static void odc_would_counts(struct odc_report *rep, const struct odc_record *r,
			     struct odc_report_would *p)
{
	bool got_fd = r->result[0] >= '0' && r->result[0] <= '9';
	const char *s = r->would, *end = r->would + r->would_len;
	struct odc_would_item w = { .mode = -1 };
	/* A log's calls are mostly made under one mode: the last one's is tried first. */
	int made_under = r->semantics ? odc_mode_parse_from(r->semantics, r->semantics_len,
							    rep->last.made_under) : -1;

	if (made_under >= 0)
		rep->last.made_under = made_under;

	while (odc_would_next(&s, end, &w)) {
		if (w.mode < 0)
			continue;
		bool got = got_fd ? odc_is(w.answer, w.answer_len, ODC_WOULD_FD)
				  : w.answer_len == r->result_len &&
					    !memcmp(w.answer, r->result, w.answer_len);
		bool same = w.mode == made_under || got;
		p->differ[w.mode] += !same;
		p->made[w.mode] += w.made && w.mode != made_under;
		p->predicted |= 1u << w.mode;
	}
}

/* R's would= counted in P: as the last record's was, where R's mode, result and would= are its. */
void odc_report_would(struct odc_report *rep, struct odc_report_prog *p, const struct odc_record *r)
{
	struct odc_report_would *last = &rep->last.would;
	char why[sizeof last->why];
	size_t len = 2 + r->semantics_len + r->result_len + r->would_len;
	bool kept = len <= sizeof why && r->semantics_len < 256 && r->result_len < 256;

	if (kept) {	/* the lengths of the mode and the result, then the three */
		why[0] = (char)r->semantics_len;
		why[1] = (char)r->result_len;
		memcpy(why + 2, r->semantics ? r->semantics : "", r->semantics_len);
		memcpy(why + 2 + r->semantics_len, r->result, r->result_len);
		memcpy(why + len - r->would_len, r->would, r->would_len);
	}
	if (!kept || len != last->why_len || memcmp(why, last->why, len)) {
		*last = (struct odc_report_would){ .why_len = kept ? len : 0 };
		odc_would_counts(rep, r, last);
		memcpy(last->why, why, last->why_len);
	}
	ODC_FOR_EACH_MODE(m) {
		p->differ[m] += last->differ[m];
		p->made[m] += last->made[m];
	}
	p->predicted |= last->predicted;
}

