/*
 * What every step of odcreat report shares (src/cmd/report/record/): a
 * logged call as read, and the names the report holds and prints, each
 * printable ASCII alone.
 */
#ifndef ODC_REPORT_RECORD_H
#define ODC_REPORT_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_mode.h"

/*
 * One logged call, pointing into the text it was read from. The program's
 * name is raw bytes, or written as the log writes it (\xHH escapes), as
 * its script is (empty where none); STARTED, the name it was started by
 * (prog=). The sender is the process that logged it (its pid, as text),
 * which numbers the lines of each of its runs (one image under one euid;
 * RUN, its tag): SEQ, and LOST before it (both 0 where the line has none).
 * SEMANTICS is the mode the call was made under (NULL where the line has
 * none). CLAIMED: the program's name is the sender's own word, not
 * journald's. SEEN: the line says it is odcreat-watch's, for a call the
 * kernel saw; believed only where root wrote it (read/dir.c,
 * read/export.c); LOST_SEEN, the calls its process lost since its line
 * before, and LOST_ONLY: for those, not a call. AS_UID: whose rights
 * --resolve reads its where= with (read/owned.c). What joins the library's
 * line of a call to the watcher's (read/join.c): TIME_NS, when it was made
 * (0 where unsaid); CALLER, its process's pid as its own namespace numbers
 * it; TID, its thread; CALL, the function or system call; FLAGS. EYES: who
 * saw it (ODC_EYE_*).
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

/* Native's predictions are the running kernel's meaning: a log may have none. */
#define ODC_FOR_EACH_MODE(m) for (int m = 0; m < ODC_MODE_COUNT; m++)

/*
 * S (LEN bytes; ESCAPED: written as the log writes, its \\xHH escapes
 * read) as the log writes it, into OUT of SIZE bytes (at least 5, the
 * mark's and its NUL: every caller's is a constant), NUL-terminated, cut
 * short before a whole escape and marked with "\\..." where it does not
 * fit: its length. Only printable ASCII comes out (names.c).
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
 * as the report puts it before another user's word (read/owned.c, read/export.c);
 * 0 where there is none.
 */
size_t odc_report_uid_prefix(const char *name);
/* S as a JSON string. */
void odc_report_put_json(const char *s);
/* S as a CSV cell, one a spreadsheet would take for a formula made harmless. */
void odc_report_put_csv(const char *s);

#endif
