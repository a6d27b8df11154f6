/*
 * The parts of odcreat report (src/cmd/report/), what they share. Records
 * are read from log lines or journald's export format, tallied per
 * program, per host or per both, and printed as text, CSV or JSON.
 */
#ifndef ODC_REPORT_PARTS_H
#define ODC_REPORT_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "odc_line.h"
#include "odc_log_fields.h"
#include "odc_mode.h"
#include "odc_report_set.h"

/*
 * One logged call, pointing into the text it was read from. The program's
 * name is raw bytes, or written as the log writes it (\xHH escapes), as
 * its script is (empty where none); STARTED, the name it was started by
 * (prog=). The
 * sender is the process that logged it (its pid, as text), which numbers
 * the lines of each of its runs (one image under one euid; RUN, its tag):
 * SEQ, and LOST before it (both 0 where the line has none). SEMANTICS is
 * the mode the call was made under (NULL where the line has none).
 * CLAIMED: the program's name is the sender's own word, not journald's.
 * SEEN: the line says it is odcreat-watch's, for a call the kernel saw;
 * believed only where root wrote it (dir.c, export.c); LOST_SEEN, the
 * calls its process lost since its line before, and LOST_ONLY: for those,
 * not a call. AS_UID: whose rights --resolve reads its where= with
 * (owned.c). What joins the library's line of a call to the watcher's
 * (join.c): TIME_NS, when it was made (0 where unsaid); CALLER, its
 * process's pid as its own namespace numbers it; TID, its thread; CALL,
 * the function or system call; FLAGS. EYES: who saw it (ODC_EYE_*).
 */
struct odc_record {
	const char *prog, *host, *sender, *run, *path, *semantics, *result, *state, *would, *uid;
	const char *script, *where, *dir, *started, *caller, *tid, *call, *flags;
	size_t prog_len, host_len, sender_len, run_len, path_len, semantics_len, result_len,
		state_len, would_len, uid_len, script_len, where_len, dir_len, started_len,
		caller_len, tid_len, call_len, flags_len;
	long long time_ns;
	unsigned long seq, lost, lost_seen;
	unsigned eyes;
	bool prog_escaped, claimed, seen, lost_only;
	long long as_uid;
};

/* A record's as_uid where no user vouches for it: read with nobody's rights. */
#define ODC_REPORT_NOBODY (-1LL)

/* The eyes a call was seen by: the library's line (or --seccomp's), the watcher's. */
enum { ODC_EYE_LIBRARY = 1, ODC_EYE_WATCHER = 2 };

/*
 * Whether R is a call to count. A line of lost calls alone is none; nor
 * is a call on an empty path, which names nothing, so that every mode
 * answers it alike: the project's own checks of the kernel's meaning are
 * such calls (the library's, once in each process, which the watcher
 * sees too, and the watcher's own), and older watchers logged them.
 */
static inline bool odc_record_is_call(const struct odc_record *r)
{
	return !r->lost_only && r->path_len;
}

/*
 * A program's name as the report holds and prints it: the log's escaping,
 * printable ASCII alone, so that no name can forge a row, reach a
 * terminal's escapes or break a JSON string; cut short and marked at this
 * length.
 */
#define ODC_REPORT_NAME_MAX 1024

/* The host of a call whose log does not name one: a file log's, say. */
#define ODC_REPORT_NO_HOST "(unknown)"

/*
 * The distinct paths a row counts exactly, one hash of each kept; past
 * this many it says "more than": a log of paths all distinct costs memory
 * for each program and host, not for each path.
 */
#define ODC_REPORT_PATHS_MAX 100

/* A row: a program (its script, where it is an interpreter's), a host, or a program on a host (--by). */
struct odc_report_prog {
	char *name, *script, *host;
	long calls, paths, claimed, lost, lost_seen;	/* lost_seen: of lost, the watcher's */
	unsigned eyes;			/* ODC_EYE_*: who saw its calls */
	uint64_t *path_hashes;		/* the first ODC_REPORT_PATHS_MAX paths' */
	size_t paths_cap;
	bool paths_more;		/* it saw more than ODC_REPORT_PATHS_MAX */
	long hosts, programs;		/* how many of each the row's calls came from */
	unsigned states;		/* bit S: enum odc_state S was seen */
	long differ[ODC_MODE_COUNT];	/* calls the mode would have answered otherwise */
	long made[ODC_MODE_COUNT];	/* calls in which it would have left something new */
	unsigned predicted;		/* bit M: some of its calls' would= named mode M */
};


/*
 * A run's lines: the lowest and highest numbers seen, how many arrived,
 * and the most it said it had lost. The numbers missing between the two
 * are calls lost; those before the lowest may be in a log not read (one
 * rotated away, a directory renamed), and count only as the run said.
 */
struct odc_report_stream {
	size_t row;
	unsigned long first, seq, got, lost;
};

enum { ODC_BY_PROGRAM = 1, ODC_BY_HOST = 2 };

struct odc_drill;
struct odc_join;

/* A sender's pid and run, as text, at most this long each. */
#define ODC_SENDER_MAX 24

/*
 * What the last record's would= added to its row's counts, for its mode,
 * result and would= (WHY: the first two's lengths, then the three): the
 * next record most often has the same, and adds the same.
 */
struct odc_report_would {
	char why[320];
	size_t why_len;
	unsigned short differ[ODC_MODE_COUNT], made[ODC_MODE_COUNT];
	unsigned predicted;
};

/*
 * The last record's pair and sender, which the next is most often from too,
 * and the mode it was made under, which the next most often was too.
 */
struct odc_report_last {
	size_t pair, stream, key_len, sender_len;
	int made_under;
	struct odc_report_would would;
	char key[3 * ODC_REPORT_NAME_MAX + 2];
	char sender[sizeof(size_t) + 2 * (ODC_SENDER_MAX + 1)];	/* the pair, the pid and the run, each ended by a NUL */
};

struct odc_report {
	struct odc_report_prog *progs;
	size_t progs_cap;
	unsigned by;			/* ODC_BY_*: what a row is */
	struct odc_report_set names;	/* the rows' keys: their numbers index progs */
	unsigned long long path_key[2];	/* the paths' hash key */
	struct odc_report_set pairs;	/* host, program: their numbers index pair_rows */
	size_t *pair_rows, pair_rows_cap;	/* each pair's row */
	struct odc_report_set hosts, programs;	/* every host and program seen, where rows are not them */
	struct odc_report_set senders;	/* a pair's number, a pid, a run: their numbers index streams */
	struct odc_report_stream *streams;
	size_t streams_cap;
	struct odc_report_last last;
	long claimed, lost, lost_seen;
	long records, unparsed;
	long joined, nocall;		/* lines that were another's call, or none */
	struct odc_join *join;		/* the watcher's lines held (odc_report_join.h) */
	long disowned;			/* lines of a log directory's file whose uid= is not its owner */
	long skipped;			/* log directories' files that were not their users' own */
	char where[10][64];		/* the first unparsed lines, as FILE:LINE */
	const char *self;		/* this odcreat's own executable: its supervisor's entries are believed */
	struct odc_drill *drill;	/* --program: each record goes there instead (odc_report_drill.h) */
	long long writer;		/* the input being read's: odc_report_source_uid (nobody's at first) */
};

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
 * ODC_FIELD_COUNT (src/cmd/report/keys.c).
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
 * Journald's export format from FD (src/cmd/report/export.c): each entry
 * with odcreat's fields tallied; an entry without them is skipped, one
 * that breaks the format counted unparsed. 0, or -1 as for lines.
 */
int odc_report_read_export(struct odc_report *rep, int fd, const char *name);

/* REP, empty, with keys for its sets, its rows as BY (ODC_BY_*) says. */
void odc_report_init(struct odc_report *rep, unsigned by);
void odc_report_free(struct odc_report *rep);


/* What a call's first line counted (odc_report_add), for its other eye's (odc_report_also). */
struct odc_report_first {
	uint32_t pair;			/* the pair it was counted in; UINT32_MAX: none */
	bool claimed, state, would;	/* it counted a claim, a state, a would= */
};

/* R counted, what it counted into FIRST (src/cmd/report/tally.c). */
void odc_report_add(struct odc_report *rep, const struct odc_record *r, struct odc_report_first *first);
/*
 * R, the other eye's line of a call that FIRST counted: no call of its
 * own, but what its eye alone saw, in the call's row: that eye, its run's
 * number; that the kernel vouches for the program; the state and what
 * each mode would answer, where the first line had none. Not the calls the
 * watcher says its process lost before it: the library logged that
 * process, and its own numbers count what it lost.
 */
void odc_report_also(struct odc_report *rep, const struct odc_report_first *first,
		     const struct odc_record *r);
/* R's would= counted in its row P (src/cmd/report/would.c). */
void odc_report_would(struct odc_report *rep, struct odc_report_prog *p, const struct odc_record *r);
/* R's line counted in its run, of a process of PAIR (src/cmd/report/runs.c). */
void odc_report_run(struct odc_report *rep, const struct odc_record *r, size_t pair);
void odc_report_unparsed(struct odc_report *rep, const char *name, long line);
/* The calls known lost, each sender's missing numbers, into each row and REP's total. */
void odc_report_count_lost(struct odc_report *rep);

/*
 * S (LEN bytes; ESCAPED: written as the log writes, its \\xHH escapes
 * read) as the log writes it, into OUT of SIZE bytes (at least 5, the
 * mark's and its NUL: every caller's is a constant), NUL-terminated, cut
 * short before a whole escape and marked with "\\..." where it does not
 * fit: its length. Only printable ASCII comes out (src/cmd/report/names.c).
 */
size_t odc_report_canon(char *out, size_t size, const char *s, size_t len, bool escaped);
/*
 * R's program as a row names it, into OUT: its executable's name as
 * odc_report_canon writes it, then, where it ran a script, a NUL and the
 * script's: the length.
 */
size_t odc_report_program(char out[2 * ODC_REPORT_NAME_MAX], const struct odc_record *r);
/*
 * The length of the "[uid N] " (N digits, or "unknown") that begins NAME,
 * as the report puts it before another user's word (owned.c, export.c);
 * 0 where there is none.
 */
size_t odc_report_uid_prefix(const char *name);
/* S as a JSON string. */
void odc_report_put_json(const char *s);
/* S as a CSV cell, one a spreadsheet would take for a formula made harmless. */
void odc_report_put_csv(const char *s);

enum odc_report_format { ODC_REPORT_TEXT, ODC_REPORT_CSV, ODC_REPORT_JSON };
void odc_report_print(const struct odc_report *rep, enum odc_report_format format);
/* The text, in 80 columns (src/cmd/report/print_text.c). */
void odc_report_print_text(const struct odc_report *rep);

/* Native's predictions are the running kernel's meaning: a log may have none. */
#define ODC_FOR_EACH_MODE(m) for (int m = 0; m < ODC_MODE_COUNT; m++)

/* What a row says, for every format (src/cmd/report/rows.c). */

/* Whether some call of P's predicted MODE. */
bool odc_predicted(const struct odc_report_prog *p, int mode);
/* The states P's calls found, joined by SEP (one byte), into OUT: OUT. */
#define ODC_STATES_TEXT_MAX 96
const char *odc_states_text(const struct odc_report_prog *p, const char *sep,
			    char out[ODC_STATES_TEXT_MAX]);

/*
 * The eyes that saw P's calls, into OUT: L (the library, or --seccomp's
 * supervisor), W (the watcher), or LW; with WORDS, "library" and
 * "watcher", joined by SEP.
 */
#define ODC_EYES_TEXT_MAX 24
const char *odc_eyes_text(const struct odc_report_prog *p, bool words, const char *sep,
			  char out[ODC_EYES_TEXT_MAX]);

struct odc_count {
	const char *name;
	long value;
	bool more;	/* more than the value: a count that stops there */
};

/*
 * The counts every format prints after a row's key, in order, into OUT:
 * how many hosts a row's program ran on and how many programs ran on its
 * host, each only where it is not part of the key (there it is always 1).
 */
size_t odc_row_counts(const struct odc_report *rep, const struct odc_report_prog *p,
		      struct odc_count out[6]);
/* How many programs, and hosts, the report's calls came from. */
size_t odc_report_programs(const struct odc_report *rep);
size_t odc_report_hosts(const struct odc_report *rep);
/* The names of those counts, for a header. */
size_t odc_count_names(const struct odc_report *rep, struct odc_count out[6]);

#endif
