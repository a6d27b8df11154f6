/*
 * One call, one count, whoever saw it (src/cmd/report/read/join.c). In native
 * mode the library passes the pair on and the kernel sees it: the call
 * arrives twice, as the library's line and as the watcher's. The inputs
 * are read in the order of the calls' times (merge.c), the watcher's
 * lines placed ODC_JOIN_LATE_NS late, so that the library's line of a
 * call comes first, wherever each is. The first line of a call is
 * counted, and a print of it kept, for ODC_JOIN_HOLD_NS of the order; the
 * other eye's line of the same call, met in that time, adds what that eye
 * alone saw to it (odc_report_also), and is no call of its own. The
 * prints are bounded: ODC_JOIN_HELD of 32 bytes, and their index, 576 KiB.
 */
#ifndef ODC_REPORT_JOIN_H
#define ODC_REPORT_JOIN_H

#include <stdbool.h>
#include <stdint.h>

#include "odc_report_parse.h"

/*
 * The most the two lines' times of one call differ: the watcher's is
 * taken as the call enters the kernel, the library's once it returns.
 */
#define ODC_JOIN_WITHIN_NS 1000000000LL
/*
 * How late the watcher's lines are placed: that, and how far behind its
 * time a line may stand in its file (a process stamps its line, then
 * writes it; the watcher writes a call's once it has looked).
 */
#define ODC_JOIN_LATE_NS (2 * ODC_JOIN_WITHIN_NS)
/* How long a line's print is kept, in the order, for the other eye's line of its call. */
#define ODC_JOIN_HOLD_NS (2 * ODC_JOIN_LATE_NS)
/* The most prints kept at once: past them, the oldest is forgotten. */
#define ODC_JOIN_HELD 16384

/*
 * Until an argument's first line of the watcher's, there is nothing for
 * the library's lines to join: each is counted, and what both eyes' lines
 * of its call say alike kept, not hashed (history.c), for the last
 * ODC_JOIN_HOLD_NS of the order, in ODC_JOIN_HISTORY bytes. At the first
 * of the watcher's, they are printed. A log of the library's lines alone
 * so costs a line no hash, and no look into a table.
 */
#define ODC_JOIN_HISTORY (2 << 20)

/*
 * R, read at AT in the order of the inputs' times (merge.c): counted
 * where it is the first line of its call met, its print kept; else what
 * its eye alone saw added to the call.
 */
void odc_join_add(struct odc_report *rep, const struct odc_record *r, long long at);
/* The prints forgotten: an argument's inputs are read. */
void odc_join_end(struct odc_report *rep);

/*
 * The join's parts (same.c). Whether R may have been seen by both eyes:
 * a call on a name, at a time, not io_uring's (the library never sees it).
 */
bool odc_joinable(const struct odc_record *r);
/*
 * What both lines of R's call say alike, into OUT: the host, the program
 * as a row names it, its process as its own pid namespace numbers it,
 * the kind of call, the path and the flags. Its length. Each whole: a
 * journal entry's fields are at most ODC_EXPORT_VALUE_MAX bytes (its host
 * 255, its program behind "[uid N] "; its line, which holds the process
 * and the flags, ODC_LINE_MAX), a line's parts less.
 */
#define ODC_JOIN_TEXT_MAX (256 + (8192 + 32) + 8192 + 2 * ODC_LINE_MAX + 8)
size_t odc_join_text(char out[ODC_JOIN_TEXT_MAX], const struct odc_record *r);

/* What a print holds of a call's first line, but its hash. */
struct odc_join_line {
	long long time, at;		/* when its call was made; where in the order it was read */
	struct odc_report_first first;	/* what it counted */
	uint32_t tid;			/* its thread, or 0 */
	uint16_t result;		/* a hash of its result, or ODC_RESULT_UNKNOWN */
	uint8_t eyes;
	bool claimed;
};
/* The result of a line that has none (the watcher saw neither the call's exit nor its completion). */
#define ODC_RESULT_UNKNOWN 0xffff

/* The library's lines kept before an argument's first of the watcher's (history.c). */
struct odc_join_history {
	size_t oldest, tail;	/* where the oldest kept is, and where the next goes */
	size_t wrap;		/* where the bytes end that the newest wrapped from; SIZE_MAX: none */
	size_t count;
	char bytes[ODC_JOIN_HISTORY];
};
/* H, empty. */
void odc_history_clear(struct odc_join_history *h);
/* L, and TEXT (LEN bytes, what both lines of its call say alike), kept: the oldest forgotten for room. */
void odc_history_keep(struct odc_join_history *h, const struct odc_join_line *l, const char *text,
		      size_t len);
/* The oldest kept, into *L, *TEXT and *LEN, and forgotten: false where none is. */
bool odc_history_take(struct odc_join_history *h, struct odc_join_line *l, const char **text, size_t *len);

#endif
