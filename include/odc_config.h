/*
 * Which semantics this process asked for, and where it wants them logged:
 * /etc/odcreat.conf, and the environment over it (src/core/config.c).
 */
#ifndef ODC_CONFIG_H
#define ODC_CONFIG_H

#include "odc_mode.h"

/* The file an administrator sets every program's mode and log in (src/core/odc_conf.h). */
#define ODC_CONFIG_FILE "/etc/odcreat.conf"

/*
 * The mode, read on the first call and fixed from then on.
 * Async-signal-safe; callable before the library's constructor.
 */
enum odc_mode odc_config_mode(void);

/* The log: a file name, "stderr", "syslog", "journal", or NULL for none. Read with the mode. */
const char *odc_config_log(void);

/* The syslog facility's code, user (1) by default. Read with the mode. */
#define ODC_FACILITY_USER 1
int odc_config_facility(void);

#endif
