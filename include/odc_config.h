/*
 * Which semantics this process asked for, and where it wants them logged:
 * /etc/odcreat.conf, and the environment over it
 * (src/core/config/settings.c).
 */
#ifndef ODC_CONFIG_H
#define ODC_CONFIG_H

#include "odc_log_name.h"
#include "odc_mode.h"

/* The file an administrator sets every program's mode and log in (odc_config_file.h). */
#define ODC_CONFIG_FILE "/etc/odcreat.conf"

/*
 * The mode, read on the first call and fixed from then on.
 * Async-signal-safe; callable before the library's constructor.
 */
enum odc_mode odc_config_mode(void);

/* Where the log goes (kind ODC_LOG_NONE: nowhere), read with the mode. */
struct odc_log_target odc_config_log(void);

#endif
