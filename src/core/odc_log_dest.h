/* The log's destination: a file kept open, or standard error. */
#ifndef ODC_LOG_DEST_H
#define ODC_LOG_DEST_H

#include <stdbool.h>

#include "odc_line.h"

/*
 * L to DEST, a file name, a directory's (odc_log_dir.h) or ODC_LOG_STDERR,
 * opened on first use: whether it was written.
 */
bool odc_log_send(const char *dest, const struct odc_line *l);

#endif
