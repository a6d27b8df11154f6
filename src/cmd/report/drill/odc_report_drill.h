/*
 * odcreat report --program=NAME: the drill-down into the programs NAME
 * names (src/cmd/report/drill/drill.c): for each, its scripts, the call sites in
 * its code, and the names it passed the pair, with what each got and what
 * each mode would give. Each list keeps a bounded number of the most
 * called (odc_report_top.h), a small multiple of the rows it prints, so
 * that its memory is bounded by those rows, not by the log.
 */
#ifndef ODC_REPORT_DRILL_H
#define ODC_REPORT_DRILL_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_record.h"
#include "odc_report_top.h"
#include "odc_report_want.h"

/* The most of each list printed, and kept (Space-Saving's capacity). */
#define ODC_DRILL_PROGRAMS 8
#define ODC_DRILL_SCRIPTS 10
#define ODC_DRILL_SITES 10
#define ODC_DRILL_NAMES 20
#define ODC_DRILL_KEEP 25	/* kept for each printed */

/* One program's lists. */
struct odc_drill_prog {
	struct odc_top scripts, sites, names;
};

struct odc_drill {
	struct odc_want want;		/* what --program's NAME names */
	bool resolve;			/* --resolve: call sites resolved (src/cmd/report/resolve/) */
	struct odc_top programs;	/* by executable; each entry's data a struct odc_drill_prog */
	long unparsed;			/* the input's lines that were no record */
};

void odc_drill_init(struct odc_drill *d, const char *want, bool resolve);
void odc_drill_free(struct odc_drill *d);

/* R, where its program is one NAME names, counted in its lists. */
void odc_drill_add(struct odc_drill *d, const struct odc_record *r);

/*
 * A name's entry as drill.c keys it: the name, its state, the result, and
 * each mode's answer in the order of the modes, "-" where the line had
 * none, each as printable ASCII and NUL-terminated. odc_drill_case reads
 * one back from an entry's key.
 */
struct odc_drill_case {
	const char *name, *state, *result;
	const char *would[ODC_MODE_COUNT];
};
void odc_drill_case(const struct odc_top_entry *e, struct odc_drill_case *c);

/* The drill-down's shown sites, each with the rights of the lines it came from, resolved. */
void odc_drill_resolve(const struct odc_drill *d);

#endif
