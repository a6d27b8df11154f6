/*
 * A call's line and journald's fields for it: the fields of
 * include/odc_log_fields.h, each named there, in the orders of
 * odc_log_order.h. A value is written once here for both: escaped, and in
 * a line within quotes where the field is quoted; each within its room,
 * but the path, which takes what the others leave.
 */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "odc_log_fields.h"
#include "odc_log_format.h"
#include "odc_log_order.h"
#include "odc_log_put.h"
#include "odc_log_seen.h"
#include "odc_would.h"

/* Whether the line says F at all, F being in its writer's order. */
static bool odc_field_said(enum odc_log_field f, const struct odc_log_entry *e,
			   const struct odc_log_about *a)
{
	const struct odc_log_seen *s = e->seen;

	if (s && s->lost_only && !odc_seen_lost_line_says(f))
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
	case ODC_FIELD_EXE:
		return !s || s->exe[0];
	case ODC_FIELD_SCRIPT:
		return s ? s->script[0] != '\0' : a->self->image->script_len != 0;
	case ODC_FIELD_WHERE:
		return a->self->where_found;
	case ODC_FIELD_LOST:
		return !s || s->lost;
	default:
		return !odc_seen_field(f) || odc_seen_said(f, s);
	}
}

/* F's value, unquoted; a path within quotes where QUOTED, in the room the line has left. */
static void odc_field_value(struct odc_line *l, enum odc_log_field f, const struct odc_log_entry *e,
			    const struct odc_log_about *a, bool quoted)
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
		odc_put_path(l, c->path, a->readable, quoted,
			     odc_seen_path_room(e->seen, c->path, (size_t)-1));
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

/* F's value within its room, where it is cut if it must be; the path in what the line has left. */
static void odc_field_within(struct odc_line *l, enum odc_log_field f,
			     const struct odc_log_entry *e, const struct odc_log_about *a)
{
	size_t end = odc_line_bound(l, f == ODC_FIELD_PATH ? (size_t)-1 : odc_log_field_room(f));

	odc_field_value(l, f, e, a, false);
	odc_line_unbound(l, end);
}

struct odc_order {
	const enum odc_log_field *fields;
	size_t n;
};

#define ODC_ID(id) ODC_FIELD_##id,
static const enum odc_log_field odc_line_head[] = { ODC_LINE_HEAD(ODC_ID) };
static const enum odc_log_field odc_tail_self[] = { ODC_TAIL_SELF(ODC_ID) };
static const enum odc_log_field odc_tail_for[] = { ODC_TAIL_FOR(ODC_ID) };
static const enum odc_log_field odc_tail_seen[] = { ODC_TAIL_SEEN(ODC_ID) };
static const enum odc_log_field odc_journal_self[] = { ODC_JOURNAL_SELF(ODC_ID) };
static const enum odc_log_field odc_journal_for[] = { ODC_JOURNAL_FOR(ODC_ID) };
static const enum odc_log_field odc_journal_seen[] = { ODC_JOURNAL_SEEN(ODC_ID) };
static const enum odc_log_field odc_journal_path[] = { ODC_FIELD_PATH };
#undef ODC_ID

#define ODC_ORDER(a) ((struct odc_order){ (a), sizeof(a) / sizeof((a)[0]) })

/*
 * The order of E's writer: SELF, the library's; OTHER, the supervisor's
 * for another process; SEEN, the watcher's. Chosen by a branch, as a
 * table of pointers would be relocated by the loader in every process.
 */
static struct odc_order odc_order_of(const struct odc_log_entry *e, const struct odc_log_about *a,
				     struct odc_order self, struct odc_order other,
				     struct odc_order seen)
{
	return a->self ? self : e->seen ? seen : other;
}

/* " KEY=VALUE" for each field of O the line says, quoted where the field is. */
static void odc_line_fields(struct odc_line *l, struct odc_order o, const struct odc_log_entry *e,
			    const struct odc_log_about *a)
{
	for (size_t i = 0; i < o.n; i++) {
		enum odc_log_field f = o.fields[i];
		if (!odc_field_said(f, e, a))
			continue;
		bool quoted = odc_log_field_quoted(f);
		odc_put(l, " ");
		odc_put(l, odc_log_field_key(f));
		odc_put(l, quoted ? "=\"" : "=");
		odc_field_within(l, f, e, a);
		if (quoted)
			odc_put(l, "\"");
	}
}

/*
 * The path is cut short within its quotes, where it must be, so that every
 * field after it is there: the tail is written where the path will begin,
 * and parked at the end of the line while the path takes the room before
 * it. Every field has its room, so the path has at least its own.
 */
void odc_log_format_line(struct odc_line *l, const struct odc_log_entry *e,
			 const struct odc_log_about *a)
{
	struct timeval seen;

	if (e->seen)
		odc_seen_time(e->seen, &seen);
	odc_line_start(l);
	size_t end = odc_line_bound(l, ODC_TIME_LEN);
	odc_put_time(l, e->seen ? &seen : NULL);
	odc_line_unbound(l, end);
	odc_line_fields(l, ODC_ORDER(odc_line_head), e, a);
	odc_put(l, " ");
	odc_put(l, odc_log_field_key(ODC_FIELD_PATH));
	odc_put(l, "=");
	size_t path_at = l->len;
	odc_line_fields(l, odc_order_of(e, a, ODC_ORDER(odc_tail_self), ODC_ORDER(odc_tail_for),
					 ODC_ORDER(odc_tail_seen)), e, a);
	odc_line_park(l, path_at);
	odc_field_value(l, ODC_FIELD_PATH, e, a, true);
	odc_line_unpark(l);
	odc_line_end(l);
}

/* "NAME=VALUE" for each field of O the entry says, a line each. */
static void odc_journal_fields(struct odc_line *l, struct odc_order o,
			       const struct odc_log_entry *e, const struct odc_log_about *a)
{
	for (size_t i = 0; i < o.n; i++) {
		enum odc_log_field f = o.fields[i];
		if (!odc_field_said(f, e, a))
			continue;
		if (l->len)
			odc_put(l, "\n");
		odc_put(l, odc_log_field_journal(f));
		odc_put(l, "=");
		odc_field_within(l, f, e, a);
	}
}

/*
 * journald's own _PID and _UID are the sender's, so an entry says a pid
 * and a uid of the caller's only where the watcher logs for another. The
 * path last, in the room the others leave. (The line and the path are
 * escaped, and hold no newline.)
 */
void odc_log_format_journal(struct odc_line *l, const struct odc_log_entry *e,
			    const struct odc_log_about *a)
{
	odc_line_start(l);
	odc_journal_fields(l, odc_order_of(e, a, ODC_ORDER(odc_journal_self),
					   ODC_ORDER(odc_journal_for), ODC_ORDER(odc_journal_seen)),
			   e, a);
	odc_journal_fields(l, ODC_ORDER(odc_journal_path), e, a);
	odc_line_end(l);
}
