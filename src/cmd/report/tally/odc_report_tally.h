/*
 * The tally of odcreat report (src/cmd/report/tally/): each record counted
 * in its row, per program, per host or per both, with each run's lines
 * and the calls lost from it.
 */
#ifndef ODC_REPORT_TALLY_H
#define ODC_REPORT_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "odc_mode.h"
#include "odc_report_record.h"
#include "odc_report_set.h"

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
	struct odc_join *join;		/* the watcher's lines held (read/join.c): one block */
	long disowned;			/* lines of a log directory's file whose uid= is not its owner */
	long skipped;			/* log directories' files that were not their users' own */
	char where[10][64];		/* the first unparsed lines, as FILE:LINE */
	const char *self;		/* this odcreat's own executable: its supervisor's entries are believed */
	struct odc_drill *drill;	/* --program: each record goes there instead (drill/drill.c) */
	long long writer;		/* the input being read's: odc_report_source_uid (nobody's at first) */
};

/* REP, empty, with keys for its sets, its rows as BY (ODC_BY_*) says. */
void odc_report_init(struct odc_report *rep, unsigned by);
void odc_report_free(struct odc_report *rep);

/* What a call's first line counted (odc_report_add), for its other eye's (odc_report_also). */
struct odc_report_first {
	uint32_t pair;			/* the pair it was counted in; UINT32_MAX: none */
	bool claimed, state, would;	/* it counted a claim, a state, a would= */
};

/* R counted, what it counted into FIRST. */
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
void odc_report_unparsed(struct odc_report *rep, const char *name, long line);
/* The calls known lost, each sender's missing numbers, into each row and REP's total. */
void odc_report_count_lost(struct odc_report *rep);

#endif
