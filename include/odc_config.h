/* Which semantics this process asked for, and where it wants them logged. */
#ifndef ODC_CONFIG_H
#define ODC_CONFIG_H

#include "odc_mode.h"

/*
 * The mode from ODCREAT_MODE, read on the first call and fixed from then on.
 * Async-signal-safe; callable before the library's constructor.
 */
enum odc_mode odc_config_mode(void);

/* ODCREAT_LOG: a file name, "stderr", or NULL for no log. Read with the mode. */
const char *odc_config_log(void);

/* ODCREAT_LOG_FACILITY: the syslog facility's code, user (1) by default. Read with the mode. */
#define ODC_FACILITY_USER 1
int odc_config_facility(void);

#endif
