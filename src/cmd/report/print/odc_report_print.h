/* The outputs of odcreat report (src/cmd/report/print/): text, CSV, JSON. */
#ifndef ODC_REPORT_PRINT_H
#define ODC_REPORT_PRINT_H

#include "odc_report_drill.h"
#include "odc_report_tally.h"

enum odc_report_format { ODC_REPORT_TEXT, ODC_REPORT_CSV, ODC_REPORT_JSON };
void odc_report_print(const struct odc_report *rep, enum odc_report_format format);

/* The drill-down of --program, in FORMAT (drill_data.c, drill_text.c). */
void odc_drill_print(const struct odc_drill *d, enum odc_report_format format);

#endif
