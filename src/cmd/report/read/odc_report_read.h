/*
 * The reading of odcreat report (src/cmd/report/read/): log lines, log
 * directories and journald's export format, each line made a record,
 * whose word it is said, and handed to the tally.
 */
#ifndef ODC_REPORT_READ_H
#define ODC_REPORT_READ_H

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
/*
 * Whose rights --resolve reads the lines of FD's modules with: its
 * owner's where neither group nor others may write it (an ACL that lets
 * another user write shows in the group's bits), else nobody's.
 */
long long odc_report_source_uid(int fd);
/* The uid the LEN bytes at S give, ODC_REPORT_NOBODY where they are no uid. */
long long odc_report_uid(const char *s, size_t len);
/*
 * A journal entry's as_uid: journald's word for its sender's (UID: _UID,
 * or the watcher's caller's uid), where root alone wrote the input (its
 * pipe from journalctl, or root's own export file); else the input's.
 */
long long odc_report_as_uid(const struct odc_report *rep, const char *uid);
/*
 * Every line of FD, named NAME where one is not a record: 0, or -1 after
 * saying why where FD could not be read to its end (source.c).
 */
int odc_report_read_lines(struct odc_report *rep, int fd, const char *name);
/*
 * Every DIR/N.log of a log directory (log = DIR/), each read as owned by
 * N where it is a regular file of N's with one link that group and others
 * cannot write; any other is skipped, with one line on stderr. 0, or -1
 * where DIR, or one of its files, cannot be read.
 */
int odc_report_read_dir(struct odc_report *rep, const char *dir);
/*
 * Journald's export format from FD (export.c): each entry
 * with odcreat's fields tallied; an entry without them is skipped, one
 * that breaks the format counted unparsed. 0, or -1 as for lines.
 */
int odc_report_read_export(struct odc_report *rep, int fd, const char *name);


#endif
