/* What the outputs of odcreat report share among themselves (src/cmd/report/print/). */
#ifndef ODC_REPORT_ROWS_H
#define ODC_REPORT_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_print.h"

/* The text, in 80 columns (print_text.c). */
void odc_report_print_text(const struct odc_report *rep);

/* The drill-down as text (drill_text.c). */
void odc_drill_print_text(const struct odc_drill *d);

/* What a row says, for every format (rows.c). */

/* Whether some call of P's predicted MODE. */
bool odc_predicted(const struct odc_report_prog *p, int mode);
/* The states P's calls found, joined by SEP (one byte), into OUT: OUT. */
#define ODC_STATES_TEXT_MAX 96
const char *odc_states_text(const struct odc_report_prog *p, const char *sep,
			    char out[ODC_STATES_TEXT_MAX]);

/*
 * The eyes that saw P's calls, into OUT: L (the library, or --seccomp's
 * supervisor), W (the watcher), or LW; with WORDS, "library" and
 * "watcher", joined by SEP.
 */
#define ODC_EYES_TEXT_MAX 24
const char *odc_eyes_text(const struct odc_report_prog *p, bool words, const char *sep,
			  char out[ODC_EYES_TEXT_MAX]);

struct odc_count {
	const char *name;
	long value;
	bool more;	/* more than the value: a count that stops there */
};

/*
 * The counts every format prints after a row's key, in order, into OUT:
 * how many hosts a row's program ran on and how many programs ran on its
 * host, each only where it is not part of the key (there it is always 1).
 */
size_t odc_row_counts(const struct odc_report *rep, const struct odc_report_prog *p,
		      struct odc_count out[6]);
/* How many programs, and hosts, the report's calls came from. */
size_t odc_report_programs(const struct odc_report *rep);
size_t odc_report_hosts(const struct odc_report *rep);
/* The names of those counts, for a header. */
size_t odc_count_names(const struct odc_report *rep, struct odc_count out[6]);

#endif
