/*
 * The reading of odcreat report (src/cmd/report/read/): log lines, log
 * directories and journald's export format, each line made a record,
 * whose word it is said, and handed to the tally.
 */
#ifndef ODC_REPORT_READ_H
#define ODC_REPORT_READ_H

#include "odc_report_tally.h"

/*
 * Whose rights --resolve reads the lines of FD's modules with: its
 * owner's where neither group nor others may write it (an ACL that lets
 * another user write shows in the group's bits), else nobody's.
 */
long long odc_report_source_uid(int fd);
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
 * Journald's export format from FD (export.c): each entry with odcreat's
 * fields tallied; an entry without them is skipped, one that breaks the
 * format counted unparsed. 0, or -1 as for lines.
 */
int odc_report_read_export(struct odc_report *rep, int fd, const char *name);

#endif
