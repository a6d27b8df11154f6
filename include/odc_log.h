/* The audit log (ODCREAT_LOG): one line for each call odcreat redefined. */
#ifndef ODC_LOG_H
#define ODC_LOG_H

#include "odc_call.h"

/* Record that ENTRY carried out C under MODE with result RET (a negative errno on failure). */
void odc_log_call(const char *entry, const struct odc_call *c, enum odc_mode mode,
		  long ret);

#endif
