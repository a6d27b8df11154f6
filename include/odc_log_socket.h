/* The log to a local logging daemon: syslog on /dev/log, or journald. */
#ifndef ODC_LOG_SOCKET_H
#define ODC_LOG_SOCKET_H

#include <stdbool.h>
#include <sys/types.h>

#include "odc_line.h"

/*
 * LINE as one syslog message from PID, of severity info in FACILITY,
 * tagged odcreat, in syslog(3)'s form ("<PRI>odcreat[PID]: LINE"). Each
 * of these says whether the daemon's socket took it.
 */
bool odc_log_syslog(const struct odc_line *line, pid_t pid, int facility);

/* FIELDS (KEY=value lines) and MESSAGE=LINE, in journald's native protocol. */
bool odc_log_journal(const struct odc_line *fields, const struct odc_line *line, pid_t pid,
		     int facility);

/*
 * Wait until journald has finished every entry this process sent, within
 * ODC_SETTLE_NS by the clock; a daemon that overran a bound is not waited
 * for.
 */
void odc_log_journal_settle(void);

#endif
