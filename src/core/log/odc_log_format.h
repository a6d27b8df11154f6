/* A call's line and journald's fields for it (src/core/log/format.c). */
#ifndef ODC_LOG_FORMAT_H
#define ODC_LOG_FORMAT_H

#include "odc_line.h"
#include "odc_log.h"
#include "odc_log_about.h"

/* E's line, with what A says about it: "TIME pid=... lost=N\n". */
void odc_log_format_line(struct odc_line *l, const struct odc_log_entry *e,
			 const struct odc_log_about *a);

/*
 * journald's fields for E, each on a line of its own, the longest last:
 * where they do not all fit, the path is cut short.
 */
void odc_log_format_journal(struct odc_line *l, const struct odc_log_entry *e,
			    const struct odc_log_about *a);

#endif
