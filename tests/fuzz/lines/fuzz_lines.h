/*
 * fuzz_lines, the line builders' harness (tests/fuzz/lines/): a call's
 * line and journald's entry built by each of their three writers from any
 * fields (fuzz_lines.c, cases.c), each held to what a line must be
 * (check.c, entry.c); and the line's primitives given any arguments
 * (prims.c).
 */
#ifndef FUZZ_LINES_H
#define FUZZ_LINES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "odc_log.h"
#include "odc_log_about.h"
#include "odc_log_fields.h"

/* Who writes the line: the library for its caller, the supervisor for another, the watcher. */
enum fl_writer { FL_SELF, FL_FOR, FL_SEEN, FL_WRITERS };

/*
 * A call's line, as its writer is given it: the entry and what the line
 * says of the caller, and each name as it was before it was escaped.
 */
struct fl_case {
	enum fl_writer writer;
	/* As given: */
	struct odc_call call;
	struct odc_found found;
	struct odc_log_seen seen;	/* its names are the ones below */
	enum odc_mode mode;
	long result, readable;
	const char *entry;
	pid_t pid;
	uid_t euid;
	bool refused_said, where_found;
	struct odc_where where;
	struct odc_log_count count;
	char prog[PATH_MAX], path[PATH_MAX], dir[1024], exe[PATH_MAX], script[1024];
	char cgroup[PATH_MAX], refused[512];
	/* Made of them, as its writer makes them (fl_case_make): */
	struct odc_log_entry e;
	struct odc_log_about a;
};

/* The raw bytes a case is read from, and what is left of them. */
struct fl_input {
	const uint8_t *p, *end;
};

/* cases.c: a case read from IN (anything makes one). */
void fl_case_read(struct fl_case *c, struct fl_input *in);
/*
 * shapes.c: every field at its largest, each name all of BYTE (or, for 0,
 * every byte value in turn), for WRITER; and issue 49's shapes in MODE: a
 * program named with 250 control bytes, a directory of 500, a 200-byte
 * name, and the same of any bytes.
 */
void fl_case_largest(struct fl_case *c, enum fl_writer writer, unsigned char byte);
#define FL_SHAPES 4
void fl_case_issue(struct fl_case *c, enum fl_writer writer, int shape, enum odc_mode mode);
/* make.c: C's entry, and what its line says of the caller, as its writer makes them. */
void fl_case_make(struct fl_case *c);
/* The same call with a short path, made. */
void fl_case_short_path(struct fl_case *to, const struct fl_case *from);

/* fuzz_lines.c: C's line and entry built and held to every rule, or abort(). */
void fl_check(const struct fl_case *c);
/*
 * The path V, quoted or not, in a line (IN_LINE) or journald's entry of
 * WHOLE bytes: the name given, escaped, or "(unreadable)"; its room, all
 * the others left, never less than its own, and cut only where it is full.
 */
void fl_check_path(const struct fl_case *c, const char *v, size_t len, bool quoted, bool in_line,
		   size_t whole);

/* entry.c: journald's entry for C, against the line's values of the same fields. */
struct fl_field {
	int field;		/* enum odc_log_field */
	const char *v;
	size_t len;
};
void fl_check_entry(const struct fl_case *c, const struct fl_field *line, size_t n);

/*
 * check.c: an escaped value V against RAW (MAX bytes at most), cut only
 * where it must be, and at ROOM where it is not FORCED to be.
 */
void fl_check_escaped(const char *what, const char *v, size_t len, const char *raw, size_t max,
		      size_t room, bool forced);
/* The value V of field F, but the path: what C says, within F's room. */
void fl_check_value(const struct fl_case *c, int f, const char *v, size_t len);
void fl_fail(const char *what, const char *text, size_t len);

/* prims.c: the line's primitives, called as IN says. */
void fl_prims(struct fl_input *in);

#endif
