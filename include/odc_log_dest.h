/*
 * Where the log's lines go (src/core/dest/): a file kept open, a log
 * directory, or standard error.
 */
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

/*
 * Open the log file DEST for appending, as odc_log does: never waiting for
 * a FIFO's reader (ENXIO), and refusing a symlink that the kernel's
 * fs.protected_symlinks rule would refuse (EACCES and *REFUSED, said once
 * on stderr). A descriptor, or a negative errno.
 */
long odc_log_open(const char *dest, bool *refused);

#endif
