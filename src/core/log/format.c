/*
 * A call's line and journald's fields for it: the fields of
 * include/odc_log_fields.h, each named there, in the orders below. A value
 * is written once here for both: escaped, and in a line within quotes
 * where the field is quoted.
 */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "odc_log_fields.h"
#include "odc_log_format.h"
#include "odc_log_put.h"
#include "odc_log_seen.h"
#include "odc_would.h"

/* Whether the line says F at all. */
static bool odc_field_said(enum odc_log_field f, const struct odc_log_entry *e,
			   const struct odc_log_about *a)
{
	if (e->seen && e->seen->lost_only && !odc_seen_lost_line_says(f))
		return false;
	switch (f) {
	case ODC_FIELD_RESOLVE:
		return e->call->resolve != 0;
	case ODC_FIELD_STATE:
	case ODC_FIELD_WOULD:
		return e->found && e->found->state != ODC_STATE_UNREAD;
	case ODC_FIELD_REFUSED:
		return e->refused != NULL;
	case ODC_FIELD_DIR:
		return a->dir[0] != '\0';
	case ODC_FIELD_UID:
		return a->self || e->seen;
	case ODC_FIELD_EXE:
		return a->self || (e->seen && e->seen->exe[0]);
	case ODC_FIELD_SCRIPT:
		return a->self ? a->self->image->script_len != 0 : e->seen && e->seen->script[0];
	case ODC_FIELD_WHERE:
		return a->self && a->self->where_found;
	case ODC_FIELD_RUN:
	case ODC_FIELD_SEQ:
		return a->self != NULL;
	case ODC_FIELD_LOST:
		return a->self || (e->seen && e->seen->lost);
	default:
		return !odc_seen_field(f) || (e->seen && odc_seen_said(f, e->seen));
	}
}

/* F's value, unquoted; a path in no more than ROOM bytes, within quotes where QUOTED. */
static void odc_field_value(struct odc_line *l, enum odc_log_field f, const struct odc_log_entry *e,
			    const struct odc_log_about *a, bool quoted, size_t room)
{
	const struct odc_call *c = e->call;

	switch (f) {
	case ODC_FIELD_PID: odc_put_int(l, a->pid); break;
	case ODC_FIELD_PROG: odc_put_escaped(l, a->prog, PATH_MAX); break;
	case ODC_FIELD_CALL: odc_put(l, e->entry); break;
	case ODC_FIELD_DIRFD:
		if (c->dirfd == AT_FDCWD)
			odc_put(l, "AT_FDCWD");
		else
			odc_put_int(l, c->dirfd);
		break;
	case ODC_FIELD_PATH:
		odc_put_path(l, c->path, a->readable, quoted, odc_seen_path_room(e->seen, c->path, room));
		break;
	case ODC_FIELD_FLAGS: odc_put_flags(l, c->flags); break;
	case ODC_FIELD_MODE: odc_put(l, "0"), odc_put_uint(l, c->mode, 8, 3); break;
	case ODC_FIELD_RESOLVE: odc_put_bits(l, c->resolve, odc_resolve_flags, ""); break;
	case ODC_FIELD_SEMANTICS: odc_put(l, odc_mode_name(e->mode)); break;
	case ODC_FIELD_RESULT:
		if (e->seen && e->seen->result_unknown)
			odc_put(l, "unknown");
		else
			odc_put_result(l, e->result);
		break;
	case ODC_FIELD_STATE: odc_put(l, odc_state_name(e->found->state)); break;
	case ODC_FIELD_WOULD: odc_put_would(l, c->flags, e->found); break;
	case ODC_FIELD_REFUSED: odc_put_escaped(l, e->refused, PATH_MAX); break;
	case ODC_FIELD_DIR:
		odc_put_escaped_within(l, a->dir, sizeof a->dir, odc_log_about_dir_room(a));
		break;
	case ODC_FIELD_UID: odc_put_uint(l, a->euid, 10, 1); break;
	case ODC_FIELD_EXE:
		if (e->seen)
			odc_seen_exe(l, e->seen);
		else
			odc_put_bytes(l, a->self->image->exe.text, a->self->image->exe.len);
		break;
	case ODC_FIELD_SCRIPT:
		if (e->seen)
			odc_seen_script(l, e->seen);
		else
			odc_put_bytes(l, a->self->image->script, a->self->image->script_len);
		break;
	case ODC_FIELD_WHERE: odc_put_where(l, &a->self->where); break;
	case ODC_FIELD_RUN: odc_put_uint(l, a->self->count.run, 16, 8); break;
	case ODC_FIELD_SEQ: odc_put_uint(l, a->self->count.seq, 10, 1); break;
	case ODC_FIELD_LOST: odc_put_uint(l, a->self ? a->self->count.lost : e->seen->lost, 10, 1); break;
	default: odc_seen_value(l, f, e->seen); break;
	}
}

/* " KEY=VALUE" for each of the N FIELDS the line says, quoted where the field is. */
static void odc_line_fields(struct odc_line *l, const enum odc_log_field *fields, size_t n,
			    const struct odc_log_entry *e, const struct odc_log_about *a)
{
	for (size_t i = 0; i < n; i++) {
		enum odc_log_field f = fields[i];
		if (!odc_field_said(f, e, a))
			continue;
		bool quoted = odc_log_field_quoted(f);
		odc_put(l, " ");
		odc_put(l, odc_log_field_key(f));
		odc_put(l, quoted ? "=\"" : "=");
		odc_field_value(l, f, e, a, false, (size_t)-1);
		if (quoted)
			odc_put(l, "\"");
	}
}

/* A line's fields before its path, and after it: those a long path must leave room for. */
static const enum odc_log_field odc_line_head[] = {
	ODC_FIELD_PID, ODC_FIELD_PROG, ODC_FIELD_CALL, ODC_FIELD_DIRFD,
};
static const enum odc_log_field odc_line_tail[] = {
	ODC_FIELD_FLAGS,   ODC_FIELD_MODE, ODC_FIELD_RESOLVE, ODC_FIELD_SEMANTICS, ODC_FIELD_RESULT,
	ODC_FIELD_STATE,   ODC_FIELD_WOULD, ODC_FIELD_REFUSED, ODC_FIELD_DIR,	    ODC_FIELD_UID,
	ODC_FIELD_EXE,	   ODC_FIELD_SCRIPT, ODC_FIELD_WHERE, ODC_FIELD_RUN,	ODC_FIELD_SEQ,
	ODC_FIELD_LOST,
};
/* The fields of a call the watcher saw, after the others: no call of the library's looks at them. */
static const enum odc_log_field odc_seen_tail[] = {
	ODC_FIELD_SEEN,	  ODC_FIELD_ABI,       ODC_FIELD_TID,	ODC_FIELD_NSPID, ODC_FIELD_RUID,
	ODC_FIELD_EGID,	  ODC_FIELD_CGROUP,    ODC_FIELD_CGROUP_ID, ODC_FIELD_MNTNS, ODC_FIELD_PIDNS,
	ODC_FIELD_USERNS, ODC_FIELD_STATE_UNREAD,
};

#define ODC_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The path is cut short within its quotes, where it must be, so that every
 * field after it is there: the tail is written once where the path will
 * begin, to learn its length, and parked at the end of the line while the
 * path takes the room before it. (Its parts are short but for the path: a
 * program's name is no longer than NAME_MAX, the supervisor's comm 16.)
 */
void odc_log_format_line(struct odc_line *l, const struct odc_log_entry *e,
			 const struct odc_log_about *a)
{
	struct timeval seen;

	if (e->seen)
		odc_seen_time(e->seen, &seen);
	odc_line_start(l);
	odc_put_time(l, e->seen ? &seen : NULL);
	odc_line_fields(l, odc_line_head, ODC_COUNT(odc_line_head), e, a);
	odc_put(l, " ");
	odc_put(l, odc_log_field_key(ODC_FIELD_PATH));
	odc_put(l, "=");
	size_t path_at = l->len;
	odc_line_fields(l, odc_line_tail, ODC_COUNT(odc_line_tail), e, a);
	if (e->seen)
		odc_line_fields(l, odc_seen_tail, ODC_COUNT(odc_seen_tail), e, a);
	size_t tail = l->len - path_at, park = path_at + odc_line_room(l);
	odc_line_move(l, path_at, park, tail);
	odc_line_back_to(l, path_at);
	odc_field_value(l, ODC_FIELD_PATH, e, a, true, park - path_at);
	odc_line_move(l, park, l->len, tail);
	l->len += tail;
	odc_line_end(l);
}

/* journald's fields; then the watcher's, and the path last. (The line and the path are escaped, and hold no newline.) */
static const enum odc_log_field odc_journal_order[] = {
	ODC_FIELD_PID,	  ODC_FIELD_UID,       ODC_FIELD_PROG,	 ODC_FIELD_EXE,	   ODC_FIELD_SCRIPT,
	ODC_FIELD_WHERE,  ODC_FIELD_RUN,       ODC_FIELD_SEQ,	 ODC_FIELD_LOST,   ODC_FIELD_DIR,
	ODC_FIELD_CALL,	  ODC_FIELD_SEMANTICS, ODC_FIELD_RESULT, ODC_FIELD_STATE,  ODC_FIELD_WOULD,
};

/*
 * Whether journald's entry says F: journald's own _PID and _UID are the
 * sender's, so a pid and uid of the caller's only where the watcher logs
 * for another.
 */
static bool odc_journal_said(enum odc_log_field f, const struct odc_log_entry *e,
			     const struct odc_log_about *a)
{
	if (f == ODC_FIELD_PID || f == ODC_FIELD_UID)
		return e->seen != NULL;
	return odc_field_said(f, e, a);
}

/* "NAME=VALUE" for each of the N FIELDS the entry says, a line each. */
static void odc_journal_fields(struct odc_line *l, const enum odc_log_field *fields, size_t n,
			       const struct odc_log_entry *e, const struct odc_log_about *a)
{
	for (size_t i = 0; i < n; i++) {
		enum odc_log_field f = fields[i];
		if (!odc_journal_said(f, e, a))
			continue;
		if (l->len)
			odc_put(l, "\n");
		odc_put(l, odc_log_field_journal(f));
		odc_put(l, "=");
		odc_field_value(l, f, e, a, false, odc_line_room(l));
	}
}

void odc_log_format_journal(struct odc_line *l, const struct odc_log_entry *e,
			    const struct odc_log_about *a)
{
	static const enum odc_log_field path = ODC_FIELD_PATH;

	odc_line_start(l);
	odc_journal_fields(l, odc_journal_order, ODC_COUNT(odc_journal_order), e, a);
	if (e->seen)
		odc_journal_fields(l, odc_seen_tail, ODC_COUNT(odc_seen_tail), e, a);
	odc_journal_fields(l, &path, 1, e, a);
	odc_line_end(l);
}
