/*
 * The report's inputs, each read a record at a time (source.c): a file's
 * lines, anyone's or one user's (a log directory's), or journald's export
 * format. An argument's inputs (a log directory's files) are read
 * together, in the order of their calls' times (merge.c), so that the
 * library's line of a call and the watcher's, in two files, meet
 * (join.c), and memory holds no more than a few seconds of the log.
 */
#ifndef ODC_REPORT_SOURCE_H
#define ODC_REPORT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_lines.h"
#include "odc_report_parse.h"

struct odc_export_entry;

struct odc_source {
	char *name;			/* for messages: the file's name */
	long long owner;		/* the uid the kernel says wrote every line, or -1: anyone */
	struct odc_lines *in;
	struct odc_export_entry *entry;	/* journald's export format: the entry being read; NULL: lines */
	struct odc_record r;		/* the record read last */
	char prog[ODC_REPORT_NAME_MAX + 32];	/* its program, where named here ("[uid N] ...") */
	long long at;			/* its place in the order (merge.c) */
	bool broken;			/* the format broke: nothing after is read */
	bool closes;			/* its descriptor is its own, closed at its end */
};

/* The reading buffer of each of N inputs read at once: the more, the smaller. */
size_t odc_source_buffer(size_t n);
/*
 * S, the log lines of FD, named NAME, through a buffer of SIZE, that
 * OWNER wrote (-1: anyone), as the kernel says of a log directory's file
 * (dir.c): there a line whose uid= names another user is counted in
 * disowned, never tallied, and another user's lines are named
 * "[uid OWNER] PROGRAM", so that no user's claim lands in root's rows.
 */
void odc_source_lines(struct odc_source *s, int fd, const char *name, long long owner, size_t size);
/* S, journald's export format from FD, named NAME, through a buffer of SIZE (export.c). */
void odc_source_export(struct odc_source *s, int fd, const char *name, size_t size);
/* S's next record into S->r, what was no record counted in REP: false at its end. */
bool odc_source_next(struct odc_report *rep, struct odc_source *s);
/* The same for each kind (owned.c, export.c). */
bool odc_source_next_line(struct odc_report *rep, struct odc_source *s);
bool odc_source_next_entry(struct odc_report *rep, struct odc_source *s);
/* S's memory freed: 0, or -1 after saying why it could not be read to its end. */
int odc_source_end(struct odc_source *s);

/*
 * Every record of the N inputs S, in the order of their calls' times,
 * joined (join.c) and tallied; each input ended: 0, or -1 where one could
 * not be read to its end (merge.c).
 */
int odc_report_read_sources(struct odc_report *rep, struct odc_source *s, size_t n);

#endif
