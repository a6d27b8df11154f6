/* Writing a log line without ever holding the program up, or raising SIGPIPE or SIGXFSZ. */
#ifndef ODC_LOG_WRITE_H
#define ODC_LOG_WRITE_H

#include <stdbool.h>
#include <sys/stat.h>

#include "odc_line.h"

/*
 * L to FD, which ST describes: dropped where it would block or pass
 * RLIMIT_FSIZE. Whether it was written whole.
 */
bool odc_log_write(int fd, const struct stat *st, const struct odc_line *l);

/* L to standard error, likewise. */
bool odc_log_stderr(const struct odc_line *l);

#endif
