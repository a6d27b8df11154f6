/*
 * odcreat report: what a survey's logs say (src/cmd/report*.c). Records
 * are read from log lines or journald's export format, tallied per
 * program, and printed as text, CSV or JSON.
 */
#ifndef ODC_REPORT_H
#define ODC_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "odc_mode.h"

/*
 * One logged call, pointing into the text it was read from. The program's
 * name is raw bytes, or written as the log writes it (\xHH escapes).
 */
struct odc_record {
	const char *prog, *path, *result, *state, *would;
	size_t prog_len, path_len, result_len, state_len, would_len;
	bool prog_escaped;
};

/*
 * A program's name as the report holds and prints it: the log's escaping,
 * printable ASCII alone, so that no name can forge a row, reach a
 * terminal's escapes or break a JSON string; cut short and marked at this
 * length.
 */
#define ODC_REPORT_NAME_MAX 1024

struct odc_report_prog {
	char *name;
	long calls, paths;
	unsigned states;		/* bit S: enum odc_state S was seen */
	long differ[ODC_MODE_COUNT];	/* calls the mode would have answered otherwise */
	long made[ODC_MODE_COUNT];	/* calls in which it would have left something new */
	unsigned predicted;		/* bit M: some of its calls' would= named mode M */
};

/*
 * Distinct strings, each numbered in the order first seen. The hash is
 * keyed at random per run, so that no log can choose names that collide.
 */
struct odc_report_set {
	size_t *slots, cap;	/* open addressing: 0 empty, else the string's offset + 1 */
	char *text;		/* each string, its length before it */
	size_t len, text_cap, count;
	unsigned long long key[2];
};

struct odc_report {
	struct odc_report_prog *progs;
	size_t progs_cap;
	struct odc_report_set names;	/* the programs: their numbers index progs */
	struct odc_report_set paths;	/* a program's number, then a path it opened */
	long records, unparsed;
	char where[10][64];		/* the first unparsed lines, as FILE:LINE */
	const char *self;		/* this odcreat's own executable: its supervisor's entries are believed */
};

/* A log line (no newline) as a record: false where it is not one. */
bool odc_report_parse_line(const char *line, size_t len, struct odc_record *r);
/* Every line of IN, named NAME where one is not a record. */
void odc_report_read_lines(struct odc_report *rep, FILE *in, const char *name);
/*
 * Journald's export format from IN: each entry with odcreat's fields
 * given to ADD; an entry without them is skipped, one that breaks the
 * format counted unparsed.
 */
void odc_report_read_export(struct odc_report *rep, FILE *in, const char *name);

/* REP, empty, with keys for its sets. */
void odc_report_init(struct odc_report *rep);
void odc_report_free(struct odc_report *rep);

/* The number of the string KEY of LEN bytes in SET; *ADDED says whether it is new. */
size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added);

void odc_report_add(struct odc_report *rep, const struct odc_record *r);
void odc_report_unparsed(struct odc_report *rep, const char *name, long line);

enum odc_report_format { ODC_REPORT_TEXT, ODC_REPORT_CSV, ODC_REPORT_JSON };
void odc_report_print(const struct odc_report *rep, enum odc_report_format format);

/* odcreat report [--format=text|csv|json] [--journal] [FILE...]: an exit status. */
int odc_report_main(int argc, char **argv);

#endif
