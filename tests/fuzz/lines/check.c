/*
 * What each value of a call's line must be (fuzz_lines.h), whatever the
 * call: within its room; a name (prog, path, dir, exe, script, where,
 * cgroup, refused) the bytes given, escaped (\xHH for exactly the bytes a
 * line must not hold), or a start of them, whole escapes only, marked
 * with ODC_CUT_MARK, and cut only where it did not fit, at its room; a
 * number or a name from a table whole, never cut. A broken rule says
 * which and abort()s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_lines.h"
#include "odc_errname.h"
#include "odc_mode.h"

void fl_fail(const char *what, const char *text, size_t len)
{
	fprintf(stderr, "fuzz_lines: %s\n--- (%zu bytes) ---\n%.*s\n", what, len, (int)len, text);
	abort();
}

static bool fl_plain(unsigned char ch)
{
	return ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\';
}

static int fl_hex(char ch)
{
	return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static size_t fl_escaped_len(const char *raw, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += fl_plain((unsigned char)raw[i]) ? 1 : 4;
	return n;
}

void fl_check_escaped(const char *what, const char *v, size_t len, const char *raw, size_t max,
		      size_t room, bool forced)
{
	size_t raw_len = strnlen(raw, max), at = 0, i = 0;
	bool cut = false;

	forced = forced && raw_len;	/* an empty name has nothing to cut */

	while (i < len) {
		int byte = (unsigned char)v[i++];
		if (byte == '\\' && len - i == 3 && memcmp(v + i, "...", 3) == 0) {
			cut = true;
			break;
		}
		if (byte == '\\') {
			if (len - i < 3 || v[i] != 'x' || fl_hex(v[i + 1]) < 0 || fl_hex(v[i + 2]) < 0)
				fl_fail(what, v, len);	/* a broken escape */
			byte = fl_hex(v[i + 1]) * 16 + fl_hex(v[i + 2]);
			i += 3;
			if (fl_plain((unsigned char)byte))
				fl_fail(what, v, len);	/* a plain byte escaped */
		} else if (!fl_plain((unsigned char)byte)) {
			fl_fail(what, v, len);		/* a byte that must be escaped, bare */
		}
		if (at >= raw_len || (unsigned char)raw[at++] != byte)
			fl_fail(what, v, len);		/* not the bytes given */
	}
	if (len > room)
		fl_fail(what, v, len);			/* past its room */
	if (cut != (forced || fl_escaped_len(raw, raw_len) > room) || cut != (at < raw_len))
		fl_fail(what, v, len);			/* cut where it fit, or not where it did not */
	if (cut && !forced && len + 3 < room)
		fl_fail(what, v, len);			/* cut short of its room */
}

/* where=: the module's path, and for a file "+0x" and the offset. */
static void fl_check_where(const struct fl_case *c, const char *v, size_t len)
{
	const struct odc_where *w = &c->where;
	char offset[32] = "";
	size_t room = ODC_WHERE_ROOM;

	if (w->file) {
		room -= sizeof "+0x" - 1 + 16;
		snprintf(offset, sizeof offset, "+0x%llx", w->offset);
	}
	size_t n = strlen(offset);
	if (len < n || memcmp(v + len - n, offset, n) != 0)
		fl_fail("where: its offset", v, len);
	fl_check_escaped("where", v, len - n, w->path, w->len, room, w->cut);
}

/* A value written from a table: within its room, of the bytes its names have, and never cut. */
static void fl_check_table(const char *what, const char *v, size_t len, size_t room)
{
	if (len > room || (len >= 3 && memcmp(v + len - 3, "...", 3) == 0) ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_|=+-. ") < len)
		fl_fail(what, v, len);
}

void fl_check_value(const struct fl_case *c, int f, const char *v, size_t len)
{
	const struct odc_log_about *a = &c->a;
	const struct odc_log_seen *s = c->e.seen;
	const char *name;
	char want[64];
	size_t room = odc_log_field_room((enum odc_log_field)f);

	switch (f) {
	case ODC_FIELD_PROG:
		fl_check_escaped("prog", v, len, c->prog, PATH_MAX, room, false);
		return;
	case ODC_FIELD_REFUSED:
		fl_check_escaped("refused", v, len, c->refused, PATH_MAX, room, false);
		return;
	case ODC_FIELD_DIR:
		fl_check_escaped("dir", v, len, c->dir, PATH_MAX, room, a->dir_cut);
		return;
	case ODC_FIELD_EXE:
		fl_check_escaped("exe", v, len, c->exe, PATH_MAX, room, false);
		return;
	case ODC_FIELD_SCRIPT:
		fl_check_escaped("script", v, len, c->script, sizeof c->script, room, false);
		return;
	case ODC_FIELD_CGROUP:
		fl_check_escaped("cgroup", v, len, c->cgroup, PATH_MAX, room, false);
		return;
	case ODC_FIELD_WHERE:
		fl_check_where(c, v, len);
		return;
	case ODC_FIELD_FLAGS:
	case ODC_FIELD_RESOLVE:
	case ODC_FIELD_WOULD:
		fl_check_table(odc_log_field_key((enum odc_log_field)f), v, len, room);
		return;
	case ODC_FIELD_PID: snprintf(want, sizeof want, "%d", a->pid); break;
	case ODC_FIELD_CALL: snprintf(want, sizeof want, "%s", c->entry); break;
	case ODC_FIELD_DIRFD:
		if (c->call.dirfd == AT_FDCWD)
			snprintf(want, sizeof want, "AT_FDCWD");
		else
			snprintf(want, sizeof want, "%d", c->call.dirfd);
		break;
	case ODC_FIELD_MODE: snprintf(want, sizeof want, "0%03o", (unsigned)c->call.mode); break;
	case ODC_FIELD_SEMANTICS: snprintf(want, sizeof want, "%s", odc_mode_name(c->mode)); break;
	case ODC_FIELD_RESULT:
		name = c->result < 0 && c->result >= -4095 ? odc_errname((int)-c->result) : NULL;
		if (s && s->result_unknown)
			name = "unknown";
		if (name)
			snprintf(want, sizeof want, "%s", name);
		else
			snprintf(want, sizeof want, "%ld", c->result);
		break;
	case ODC_FIELD_STATE: snprintf(want, sizeof want, "%s", odc_state_name(c->found.state)); break;
	case ODC_FIELD_UID: snprintf(want, sizeof want, "%u", (unsigned)a->euid); break;
	case ODC_FIELD_RUN: snprintf(want, sizeof want, "%08x", (unsigned)c->count.run); break;
	case ODC_FIELD_SEQ: snprintf(want, sizeof want, "%lu", c->count.seq); break;
	case ODC_FIELD_LOST: snprintf(want, sizeof want, "%lu", s ? s->lost : c->count.lost); break;
	case ODC_FIELD_SEEN: snprintf(want, sizeof want, "%s", s->how); break;
	case ODC_FIELD_ABI: snprintf(want, sizeof want, "%s", s->abi); break;
	case ODC_FIELD_TID: snprintf(want, sizeof want, "%u", s->tid); break;
	case ODC_FIELD_NSPID: snprintf(want, sizeof want, "%u", s->nspid); break;
	case ODC_FIELD_RUID: snprintf(want, sizeof want, "%u", s->ruid); break;
	case ODC_FIELD_EGID: snprintf(want, sizeof want, "%u", s->egid); break;
	case ODC_FIELD_CGROUP_ID: snprintf(want, sizeof want, "%llu", s->cgroup_id); break;
	case ODC_FIELD_MNTNS: snprintf(want, sizeof want, "%u", s->mntns); break;
	case ODC_FIELD_PIDNS: snprintf(want, sizeof want, "%u", s->pidns); break;
	case ODC_FIELD_USERNS: snprintf(want, sizeof want, "%u", s->userns); break;
	case ODC_FIELD_STATE_UNREAD: snprintf(want, sizeof want, "%s", s->unread); break;
	default: fl_fail("a field no value is checked for", v, len);
	}
	if (len != strlen(want) || memcmp(v, want, len) != 0 || len > room)
		fl_fail(odc_log_field_key((enum odc_log_field)f), v, len);
}
