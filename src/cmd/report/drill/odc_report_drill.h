/*
 * odcreat report --program=NAME: the drill-down into the programs NAME
 * names (src/cmd/report/drill.c): for each, its scripts, the call sites in
 * its code, and the names it passed the pair, with what each got and what
 * each mode would give. Each list keeps a bounded number of the most
 * called (odc_report_top.h), a small multiple of the rows it prints, so
 * that its memory is bounded by those rows, not by the log.
 */
#ifndef ODC_REPORT_DRILL_H
#define ODC_REPORT_DRILL_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_parts.h"
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

/* The drill-down in FORMAT (drill_text.c, drill_data.c). */
void odc_drill_print(const struct odc_drill *d, enum odc_report_format format);
void odc_drill_print_text(const struct odc_drill *d);

/*
 * Where --resolve finds a call site in its module's code
 * (src/cmd/report/resolve/): the function and the source file and line,
 * or why not (then FUNCTION is empty; WHY points into REASON).
 */
struct odc_resolved {
	char function[256], source[512], reason[384];
	const char *why;	/* NULL where resolved */
};

/*
 * A site to resolve, and whose rights its module is read with: the user
 * its lines are from, on the kernel's word or journald's, or
 * ODC_REPORT_NOBODY where none vouches for them.
 */
struct odc_site_rights {
	const char *site;	/* as the drill-down keys it */
	long long uid;
};

/*
 * Every one of the N SITES resolved, within one deadline for them all
 * (30 s, or fewer where the environment's ODCREAT_RESOLVE_SECONDS says),
 * each answer kept for odc_resolve. One drill-down a run.
 */
void odc_resolve_all(const struct odc_site_rights *sites, size_t n);
/* SITE's answer, as odc_resolve_all found it. */
void odc_resolve(const char *site, struct odc_resolved *out);

/* The drill-down's shown sites, each with the rights of the lines it came from, resolved. */
void odc_drill_resolve(const struct odc_drill *d);

#endif
