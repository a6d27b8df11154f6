/* Which semantics this process asked for. */
#ifndef ODC_CONFIG_H
#define ODC_CONFIG_H

#include "odc_mode.h"

/*
 * The mode from ODCREAT_MODE, read on the first call and fixed from then on.
 * Async-signal-safe; callable before the library's constructor.
 */
enum odc_mode odc_config_mode(void);

#endif
