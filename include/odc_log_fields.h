/*
 * The log line's fields, each named once here: X(ID, KEY, JOURNAL, QUOTED,
 * ROOM) for the enum constant ODC_FIELD_ID, its key in a line ("pid"), its
 * name among journald's fields (NULL where the journal has only the
 * line), whether a line quotes its value, and its value's room: the most
 * of it a line or an entry holds, escaped, where a longer one is cut and
 * marked (ODC_CUT_MARK); for the path, the least it is left, as it takes
 * the room the others leave. src/core/log/format.c writes them in the
 * orders of src/core/log/odc_log_order.h, which proves that every field at
 * its largest fits ODC_LINE_MAX; odcreat report reads them back by these
 * names. From SEEN on, the fields of a call odcreat-watch saw (struct
 * odc_log_seen).
 *
 * The rooms of the values written from a table or a number are their
 * longest: flags= every name of src/core/log/put.c's and the rest in
 * octal; resolve= the same for RESOLVE_*; would= six modes, each with an
 * errno's name (15 at most) and "+made"; a number of 64 bits 20 digits,
 * of 32 bits 10 (11 signed).
 */
#ifndef ODC_LOG_FIELDS_H
#define ODC_LOG_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

/* The rooms of the values a caller or a file names. */
#define ODC_PROG_ROOM 64
#define ODC_PATH_ROOM 256
#define ODC_REFUSED_ROOM 96
#define ODC_DIR_ROOM 192
#define ODC_EXE_ROOM 192
#define ODC_SCRIPT_ROOM 160
#define ODC_WHERE_ROOM 256
#define ODC_CGROUP_ROOM 192

#define ODC_LOG_FIELDS(X)                                                        \
	X(PID, "pid", "ODCREAT_PID", false, 11)                                   \
	X(PROG, "prog", "ODCREAT_PROG", true, ODC_PROG_ROOM)                      \
	X(CALL, "call", "ODCREAT_CALL", false, 24)                                \
	X(DIRFD, "dirfd", NULL, false, 11)                                       \
	X(PATH, "path", "ODCREAT_PATH", true, ODC_PATH_ROOM)                      \
	X(FLAGS, "flags", NULL, false, 172)                                      \
	X(MODE, "mode", NULL, false, 12)                                         \
	X(RESOLVE, "resolve", NULL, false, 128)                                  \
	X(SEMANTICS, "semantics", "ODCREAT_MODE", false, 9)                      \
	X(RESULT, "result", "ODCREAT_RESULT", false, 20)                          \
	X(STATE, "state", "ODCREAT_STATE", false, 9)                              \
	X(WOULD, "would", "ODCREAT_WOULD", true, 170)                             \
	X(REFUSED, "refused", NULL, true, ODC_REFUSED_ROOM)                      \
	X(DIR, "dir", "ODCREAT_DIR", true, ODC_DIR_ROOM)                          \
	X(UID, "uid", "ODCREAT_UID", false, 10)                                   \
	X(EXE, "exe", "ODCREAT_EXE", true, ODC_EXE_ROOM)                          \
	X(SCRIPT, "script", "ODCREAT_SCRIPT", true, ODC_SCRIPT_ROOM)              \
	X(WHERE, "where", "ODCREAT_WHERE", true, ODC_WHERE_ROOM)                  \
	X(RUN, "run", "ODCREAT_RUN", false, 8)                                    \
	X(SEQ, "seq", "ODCREAT_SEQ", false, 20)                                   \
	X(LOST, "lost", "ODCREAT_LOST", false, 20)                                \
	X(SEEN, "seen", "ODCREAT_SEEN", false, 24)                                \
	X(ABI, "abi", "ODCREAT_ABI", false, 8)                                    \
	X(TID, "tid", "ODCREAT_TID", false, 10)                                   \
	X(NSPID, "nspid", "ODCREAT_NSPID", false, 10)                             \
	X(RUID, "ruid", "ODCREAT_RUID", false, 10)                                \
	X(EGID, "egid", "ODCREAT_EGID", false, 10)                                \
	X(CGROUP, "cgroup", "ODCREAT_CGROUP", true, ODC_CGROUP_ROOM)              \
	X(CGROUP_ID, "cgroup_id", "ODCREAT_CGROUP_ID", false, 20)                 \
	X(MNTNS, "mntns", "ODCREAT_MNTNS", false, 10)                             \
	X(PIDNS, "pidns", "ODCREAT_PIDNS", false, 10)                             \
	X(USERNS, "userns", "ODCREAT_USERNS", false, 10)                          \
	X(STATE_UNREAD, "state_unread", "ODCREAT_STATE_UNREAD", false, 16)

enum odc_log_field {
#define ODC_LOG_FIELD_ENUM(id, key, journal, quoted, room) ODC_FIELD_##id,
	ODC_LOG_FIELDS(ODC_LOG_FIELD_ENUM)
#undef ODC_LOG_FIELD_ENUM
	ODC_FIELD_COUNT
};

/* F's key in a line. */
const char *odc_log_field_key(enum odc_log_field f);
/* F's name among journald's fields, or NULL. */
const char *odc_log_field_journal(enum odc_log_field f);
/* Whether a line quotes F's value. */
bool odc_log_field_quoted(enum odc_log_field f);
/* F's value's room: inline, as a line asks it of each of its values (a table, no call). */
static inline size_t odc_log_field_room(enum odc_log_field f)
{
	switch (f) {
#define ODC_LOG_FIELD_ROOM(id, key, journal, quoted, room) case ODC_FIELD_##id: return room;
		ODC_LOG_FIELDS(ODC_LOG_FIELD_ROOM)
#undef ODC_LOG_FIELD_ROOM
	default:
		return 0;
	}
}

#endif
