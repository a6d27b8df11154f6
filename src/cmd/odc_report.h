/*
 * odcreat report: what a survey's logs say (src/cmd/report*.c). Records
 * are read from log lines or journald's export format, tallied per
 * program, per host or per both, and printed as text, CSV or JSON.
 */
#ifndef ODC_REPORT_H
#define ODC_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "odc_mode.h"

/*
 * One logged call, pointing into the text it was read from. The program's
 * name is raw bytes, or written as the log writes it (\xHH escapes). The
 * sender is the process that logged it (its pid, as text), which numbers
 * its lines: SEQ, and LOST before it (both 0 where the line has none).
 * CLAIMED: the program's name is the sender's own word, not journald's.
 */
struct odc_record {
	const char *prog, *host, *sender, *path, *result, *state, *would, *uid;
	size_t prog_len, host_len, sender_len, path_len, result_len, state_len, would_len, uid_len;
	unsigned long seq, lost;
	bool prog_escaped, claimed;
};

/*
 * A program's name as the report holds and prints it: the log's escaping,
 * printable ASCII alone, so that no name can forge a row, reach a
 * terminal's escapes or break a JSON string; cut short and marked at this
 * length.
 */
#define ODC_REPORT_NAME_MAX 1024

/* The host of a call whose log does not name one: a file log's, say. */
#define ODC_REPORT_NO_HOST "(unknown)"

/* A row: a program, a host, or a program on a host (--by). */
struct odc_report_prog {
	char *name, *host;
	long calls, paths, claimed, lost;
	long hosts, programs;		/* how many of each the row's calls came from */
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

/*
 * A sender's lines: the highest number seen, how many arrived, and the
 * most it said it had lost. The numbers missing are the calls lost.
 */
struct odc_report_stream {
	size_t row;
	unsigned long seq, got, lost;
};

enum { ODC_BY_PROGRAM = 1, ODC_BY_HOST = 2 };

/* A sender's pid, as text, at most this long. */
#define ODC_SENDER_MAX 24

/* The last record's pair and sender, which the next is most often from too. */
struct odc_report_last {
	size_t pair, stream, key_len, sender_len;
	char key[2 * ODC_REPORT_NAME_MAX + 1];
	char sender[sizeof(size_t) + ODC_SENDER_MAX];
};

struct odc_report {
	struct odc_report_prog *progs;
	size_t progs_cap;
	unsigned by;			/* ODC_BY_*: what a row is */
	struct odc_report_set names;	/* the rows' keys: their numbers index progs */
	struct odc_report_set paths;	/* a row's number, then a path it opened */
	struct odc_report_set pairs;	/* host, program: their numbers index pair_rows */
	size_t *pair_rows, pair_rows_cap;	/* each pair's row */
	struct odc_report_set hosts, programs;	/* every host and program seen */
	struct odc_report_set senders;	/* a pair's number, a pid: their numbers index streams */
	struct odc_report_stream *streams;
	size_t streams_cap;
	struct odc_report_last last;
	long claimed, lost;
	long records, unparsed;
	long disowned;			/* lines of a log directory's file whose uid= is not its owner */
	char where[10][64];		/* the first unparsed lines, as FILE:LINE */
	const char *self;		/* this odcreat's own executable: its supervisor's entries are believed */
};

/* A field's decimal value, 0 where it is not a number report can hold. */
unsigned long odc_report_number(const char *s, size_t len);
/* A log line (no newline) as a record: false where it is not one. */
bool odc_report_parse_line(const char *line, size_t len, struct odc_record *r);
/* Every line of IN, named NAME where one is not a record. */
void odc_report_read_lines(struct odc_report *rep, FILE *in, const char *name);
/*
 * Every line of IN, a log directory's file that the kernel says OWNER
 * alone wrote (src/cmd/report_dir.c): a line whose uid= names another
 * user is counted in disowned, never tallied; another user's lines are named
 * "[uid OWNER] PROGRAM", so that no user's claim lands in root's rows.
 */
void odc_report_read_owned(struct odc_report *rep, FILE *in, const char *name, unsigned long owner);
/*
 * Every DIR/N.log of a log directory (log = DIR/), each read as owned by
 * N where it is a regular file of N's with one link that group and others
 * cannot write; any other is skipped, with one line on stderr. 0, or -1
 * where DIR cannot be read.
 */
int odc_report_read_dir(struct odc_report *rep, const char *dir);
/*
 * Journald's export format from IN (src/cmd/report_export.c): each entry
 * with odcreat's fields tallied; an entry without them is skipped, one
 * that breaks the format counted unparsed.
 */
void odc_report_read_export(struct odc_report *rep, FILE *in, const char *name);

/* REP, empty, with keys for its sets, its rows as BY (ODC_BY_*) says. */
void odc_report_init(struct odc_report *rep, unsigned by);
void odc_report_free(struct odc_report *rep);

/* The number of the string KEY of LEN bytes in SET; *ADDED says whether it is new. */
size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added);

void odc_report_add(struct odc_report *rep, const struct odc_record *r);
void odc_report_unparsed(struct odc_report *rep, const char *name, long line);
/* The calls known lost, each sender's missing numbers, into each row and REP's total. */
void odc_report_count_lost(struct odc_report *rep);

enum odc_report_format { ODC_REPORT_TEXT, ODC_REPORT_CSV, ODC_REPORT_JSON };
void odc_report_print(const struct odc_report *rep, enum odc_report_format format);

/* odcreat report [--format=text|csv|json] [--by=...] [--journal] [FILE...]: an exit status. */
int odc_report_main(int argc, char **argv);

#endif
