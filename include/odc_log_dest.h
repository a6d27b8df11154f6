/* The log's destination: a file kept open, or standard error. */
#ifndef ODC_LOG_DEST_H
#define ODC_LOG_DEST_H

#include <stdbool.h>

#include "odc_line.h"
#include "odc_log_name.h"

/*
 * L to TO, a file (opened on first use), a log directory (odc_log_dir.h;
 * EUID's file: this process's effective uid) or standard error: whether
 * it was written.
 */
bool odc_log_send(const struct odc_log_target *to, const struct odc_line *l, uid_t euid);

#endif
