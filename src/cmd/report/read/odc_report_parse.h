/* What the reading's files share among themselves: a line made a record (parse.c). */
#ifndef ODC_REPORT_PARSE_H
#define ODC_REPORT_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_line.h"
#include "odc_log_fields.h"
#include "odc_report_tally.h"

/*
 * The longest log line report reads: the library's longest, behind the
 * longest header a syslog daemon writes in front of a message (RFC 5424's
 * "<191>1 ", a time of 32 bytes, a host, app, procid and msgid of the most
 * it allows, 255, 48, 128 and 32 bytes, each with its blank, and "- ").
 */
#define ODC_REPORT_LINE_MAX (ODC_LINE_MAX + 7 + 33 + 256 + 49 + 129 + 33 + 2)

/* A field's decimal value, 0 where it is not a number report can hold. */
unsigned long odc_report_number(const char *s, size_t len);
/* The time the LEN bytes at S write as the log does, in ns since the epoch; 0: none (when.c). */
long long odc_report_time(const char *s, size_t len);
/*
 * The field a record is made of whose key is the LEN bytes at KEY, or
 * ODC_FIELD_COUNT (keys.c).
 */
enum odc_log_field odc_report_field_of(const char *key, size_t len);
/* A log line (no newline) as a record: false where it is not one. */
bool odc_report_parse_line(const char *line, size_t len, struct odc_record *r);
/* The uid the LEN bytes at S give, ODC_REPORT_NOBODY where they are no uid. */
long long odc_report_uid(const char *s, size_t len);
/*
 * A journal entry's as_uid: journald's word for its sender's (UID: _UID,
 * or the watcher's caller's uid), where root alone wrote the input (its
 * pipe from journalctl, or root's own export file); else the input's.
 */
long long odc_report_as_uid(const struct odc_report *rep, const char *uid);

#endif
