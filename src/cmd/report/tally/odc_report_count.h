/* What tally.c has the tally's other files count for a record. */
#ifndef ODC_REPORT_COUNT_H
#define ODC_REPORT_COUNT_H

#include <stddef.h>

#include "odc_report_tally.h"

/* R's would= counted in its row P (would.c). */
void odc_report_would(struct odc_report *rep, struct odc_report_prog *p, const struct odc_record *r);
/* R's line counted in its run, of a process of PAIR (runs.c). */
void odc_report_run(struct odc_report *rep, const struct odc_record *r, size_t pair);

#endif
