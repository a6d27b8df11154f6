/*
 * The orders a call's fields are written in (format.c), for each of the
 * three that write lines: the library, for its own process's call (SELF);
 * the --seccomp supervisor, for another's (FOR); odcreat-watch, for a call
 * the kernel made (SEEN). Each order holds every field its writer may say,
 * and no other; and every field of an order at its largest, with the path
 * at its least, fits a line (or journald's entry) by construction: the
 * assertions below prove it.
 */
#ifndef ODC_LOG_ORDER_H
#define ODC_LOG_ORDER_H

#include "odc_line.h"
#include "odc_log_fields.h"
#include "odc_log_put.h"

/* A line: its time, the head, the path, then its writer's tail. */
#define ODC_LINE_HEAD(X) X(PID) X(PROG) X(CALL) X(DIRFD)
#define ODC_TAIL_CALL(X) X(FLAGS) X(MODE) X(RESOLVE) X(SEMANTICS) X(RESULT) X(STATE) X(WOULD)
#define ODC_TAIL_SELF(X) \
	ODC_TAIL_CALL(X) X(DIR) X(UID) X(EXE) X(SCRIPT) X(WHERE) X(RUN) X(SEQ) X(LOST)
#define ODC_TAIL_FOR(X) ODC_TAIL_CALL(X) X(REFUSED) X(DIR)
#define ODC_TAIL_SEEN(X) \
	ODC_TAIL_CALL(X) X(DIR) X(UID) X(EXE) X(SCRIPT) X(LOST) ODC_SEEN_ONLY(X)
/* The watcher's own, last in its line and its entry. */
#define ODC_SEEN_ONLY(X)                                                         \
	X(SEEN) X(ABI) X(TID) X(NSPID) X(RUID) X(EGID) X(CGROUP) X(CGROUP_ID) \
	X(MNTNS) X(PIDNS) X(USERNS) X(STATE_UNREAD)

/* journald's entry: its writer's fields, then the path. */
#define ODC_JOURNAL_CALL(X) X(CALL) X(SEMANTICS) X(RESULT) X(STATE) X(WOULD)
#define ODC_JOURNAL_SELF(X) \
	X(PROG) X(EXE) X(SCRIPT) X(WHERE) X(RUN) X(SEQ) X(LOST) X(DIR) ODC_JOURNAL_CALL(X)
#define ODC_JOURNAL_FOR(X) X(PROG) X(DIR) ODC_JOURNAL_CALL(X)
#define ODC_JOURNAL_SEEN(X)                                                     \
	X(PID) X(UID) X(PROG) X(EXE) X(SCRIPT) X(LOST) X(DIR) ODC_JOURNAL_CALL(X) \
	ODC_SEEN_ONLY(X)

/*
 * Each field's most: in a line, " KEY=", its quotes and its value's room;
 * in journald's entry, "\nNAME=" and the room (a field it does not have
 * is in none of its orders).
 */
enum {
#define ODC_FIELD_MOST(id, key, journal, quoted, room)                    \
	ODC_LINE_MOST_##id = sizeof " " key "=" - 1 + 2 * (quoted) + (room), \
	ODC_JOURNAL_MOST_##id = 1 + sizeof(journal) + (room),
	ODC_LOG_FIELDS(ODC_FIELD_MOST)
#undef ODC_FIELD_MOST
};

#define ODC_LINE_MOST(id) +ODC_LINE_MOST_##id
#define ODC_JOURNAL_MOST(id) +ODC_JOURNAL_MOST_##id
/* The most of a line with TAIL, and of an entry of FIELDS: the newline last. */
#define ODC_LINE_FITS(tail)                                                      \
	(ODC_TIME_LEN ODC_LINE_HEAD(ODC_LINE_MOST) ODC_LINE_MOST(PATH) tail(ODC_LINE_MOST) + 1 <= \
	 ODC_LINE_MAX)
#define ODC_JOURNAL_FITS(fields) \
	(0 fields(ODC_JOURNAL_MOST) ODC_JOURNAL_MOST(PATH) + 1 <= ODC_LINE_MAX)

_Static_assert(ODC_LINE_FITS(ODC_TAIL_SELF), "the library's line fits, every field at its most");
_Static_assert(ODC_LINE_FITS(ODC_TAIL_FOR), "the supervisor's line fits, every field at its most");
_Static_assert(ODC_LINE_FITS(ODC_TAIL_SEEN), "the watcher's line fits, every field at its most");
_Static_assert(ODC_JOURNAL_FITS(ODC_JOURNAL_SELF), "the library's entry fits");
_Static_assert(ODC_JOURNAL_FITS(ODC_JOURNAL_FOR), "the supervisor's entry fits");
_Static_assert(ODC_JOURNAL_FITS(ODC_JOURNAL_SEEN), "the watcher's entry fits");

#endif
