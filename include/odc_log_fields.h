/*
 * The log line's fields, each named once here: X(ID, KEY, JOURNAL, QUOTED)
 * for the enum constant ODC_FIELD_ID, its key in a line ("pid"), its name
 * among journald's fields (NULL where the journal has only the line), and
 * whether a line quotes its value. src/core/log/format.c writes them in
 * its orders; odcreat report reads them back by these names. From SEEN
 * on, the fields of a call odcreat-watch saw (struct odc_log_seen).
 */
#ifndef ODC_LOG_FIELDS_H
#define ODC_LOG_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#define ODC_LOG_FIELDS(X)                                 \
	X(PID, "pid", "ODCREAT_PID", false)                \
	X(PROG, "prog", "ODCREAT_PROG", true)              \
	X(CALL, "call", "ODCREAT_CALL", false)             \
	X(DIRFD, "dirfd", NULL, false)                    \
	X(PATH, "path", "ODCREAT_PATH", true)              \
	X(FLAGS, "flags", NULL, false)                    \
	X(MODE, "mode", NULL, false)                      \
	X(RESOLVE, "resolve", NULL, false)                \
	X(SEMANTICS, "semantics", "ODCREAT_MODE", false)  \
	X(RESULT, "result", "ODCREAT_RESULT", false)       \
	X(STATE, "state", "ODCREAT_STATE", false)          \
	X(WOULD, "would", "ODCREAT_WOULD", true)           \
	X(REFUSED, "refused", NULL, true)                 \
	X(DIR, "dir", "ODCREAT_DIR", true)                 \
	X(UID, "uid", "ODCREAT_UID", false)                \
	X(EXE, "exe", "ODCREAT_EXE", true)                 \
	X(SCRIPT, "script", "ODCREAT_SCRIPT", true)        \
	X(WHERE, "where", "ODCREAT_WHERE", true)           \
	X(RUN, "run", "ODCREAT_RUN", false)                \
	X(SEQ, "seq", "ODCREAT_SEQ", false)                \
	X(LOST, "lost", "ODCREAT_LOST", false)             \
	X(SEEN, "seen", "ODCREAT_SEEN", false)             \
	X(ABI, "abi", "ODCREAT_ABI", false)                \
	X(TID, "tid", "ODCREAT_TID", false)                \
	X(NSPID, "nspid", "ODCREAT_NSPID", false)          \
	X(RUID, "ruid", "ODCREAT_RUID", false)             \
	X(EGID, "egid", "ODCREAT_EGID", false)             \
	X(CGROUP, "cgroup", "ODCREAT_CGROUP", true)        \
	X(CGROUP_ID, "cgroup_id", "ODCREAT_CGROUP_ID", false) \
	X(MNTNS, "mntns", "ODCREAT_MNTNS", false)          \
	X(PIDNS, "pidns", "ODCREAT_PIDNS", false)          \
	X(USERNS, "userns", "ODCREAT_USERNS", false)       \
	X(STATE_UNREAD, "state_unread", "ODCREAT_STATE_UNREAD", false)

enum odc_log_field {
#define ODC_LOG_FIELD_ENUM(id, key, journal, quoted) ODC_FIELD_##id,
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

#endif
