/* odcreat report's records from journald's export format (fields: src/core/log/format.c). */
#include <stdio.h>
#include <string.h>

#include "odc_log_fields.h"
#include "odc_report_lines.h"
#include "odc_report_parts.h"
#include "odc_watcher.h"

#define ODC_EXPORT_VALUE_MAX 8192	/* the longest field of an entry kept; longer ones are skipped */
#define ODC_EXPORT_KEY_MAX 64		/* journald's longest field name */
/* The longest line of text fields read: "KEY=VALUE" of the most kept. */
#define ODC_EXPORT_LINE_MAX (ODC_EXPORT_KEY_MAX + 1 + ODC_EXPORT_VALUE_MAX)

_Static_assert(ODC_EXPORT_LINE_MAX < sizeof((struct odc_lines *)0)->buf,
	       "the longest field kept fits in the reader's buffer, with its newline");

struct odc_export_entry {
	char prog[ODC_EXPORT_VALUE_MAX], path[ODC_EXPORT_VALUE_MAX], would[512];
	char result[64], state[32], semantics[16], exe[ODC_EXPORT_VALUE_MAX], uid[16];
	char claimed_exe[ODC_EXPORT_VALUE_MAX], host[256], pid[16], run[16], seq[16], lost[16];
	char seen[64], caller_uid[16];	/* odcreat-watch's: how the call was seen, and its caller's uid */
	char script[1024], where[1024], dir[1024];
	bool ours;
};

/* Where E keeps odcreat's field F, of *SIZE bytes; NULL where it keeps none. */
static char *odc_export_ours(struct odc_export_entry *e, enum odc_log_field f, size_t *size)
{
#define ODC_KEEP(field, member) \
	case ODC_FIELD_##field: *size = sizeof e->member; return e->member;
	switch (f) {
	ODC_KEEP(PROG, prog)
	ODC_KEEP(PATH, path)
	ODC_KEEP(WOULD, would)
	ODC_KEEP(SEMANTICS, semantics)
	ODC_KEEP(RESULT, result)
	ODC_KEEP(STATE, state)
	ODC_KEEP(EXE, claimed_exe)
	ODC_KEEP(RUN, run)
	ODC_KEEP(SEQ, seq)
	ODC_KEEP(LOST, lost)
	ODC_KEEP(SEEN, seen)
	ODC_KEEP(UID, caller_uid)
	ODC_KEEP(SCRIPT, script)
	ODC_KEEP(WHERE, where)
	ODC_KEEP(DIR, dir)
	default: return NULL;
	}
#undef ODC_KEEP
}

/* Where E keeps the field KEY (KEY_LEN bytes), of *SIZE bytes: journald's own, or odcreat's. */
static char *odc_export_slot(struct odc_export_entry *e, const char *key, size_t key_len,
			     size_t *size)
{
#define ODC_TRUSTED(name, member)                                                   \
	if (key_len == sizeof name - 1 && memcmp(key, name, key_len) == 0) {        \
		*size = sizeof e->member;                                            \
		return e->member;                                                    \
	}
	ODC_TRUSTED("_EXE", exe)
	ODC_TRUSTED("_UID", uid)
	ODC_TRUSTED("_HOSTNAME", host)
	ODC_TRUSTED("_PID", pid)
#undef ODC_TRUSTED
	for (int f = 0; f < ODC_FIELD_COUNT; f++) {
		const char *name = odc_log_field_journal((enum odc_log_field)f);
		if (name && strlen(name) == key_len && memcmp(key, name, key_len) == 0)
			return odc_export_ours(e, (enum odc_log_field)f, size);
	}
	return NULL;
}

/* The field KEY (KEY_LEN bytes) of VALUE (LEN bytes) in E, where E keeps it. */
static void odc_export_keep(struct odc_export_entry *e, const char *key, size_t key_len,
			    const char *value, size_t len)
{
	size_t size;
	char *to = odc_export_slot(e, key, key_len, &size);

	if (!to || len >= size)
		return;
	memcpy(to, value, len);
	to[len] = '\0';
	e->ours |= to == e->result || to == e->lost;	/* a call's, or the watcher's calls lost */
}

/*
 * R's program, in NAME (SIZE bytes) where it is built, and whether it is
 * its sender's word. journald reads _EXE from /proc for the sender,
 * whatever the sender says, but as the sender's own mount namespace has
 * it, where any user may mount a program of its own over /usr/sbin/sshd:
 * so _EXE names a program only in root's entries (journald's _UID 0). An
 * entry's own ODCREAT_PROG is believed only from this odcreat's --seccomp
 * supervisor, which logs for the programs it serves, and only where root
 * ran it. Where journald could not read root's executable (it had
 * exited), root's word is taken, and counted as such: its ODCREAT_EXE, or
 * from an older library its name in square brackets. Any other user's
 * entry, or one without _UID, is that user's word whatever it names:
 * behind "[uid N]", so that it never lands in a row root's entries make.
 */
/*
 * Whether E is odcreat-watch's entry for a call the kernel saw: root's,
 * from an executable of that name, which journald names, not the entry.
 * Another entry that says it was seen is its sender's word, as any is.
 */
static bool odc_export_watcher(const struct odc_export_entry *e)
{
	const char *base = strrchr(e->exe, '/');

	return e->seen[0] && strcmp(e->uid, "0") == 0 && base && strcmp(base + 1, ODC_WATCHER_NAME) == 0;
}

/*
 * The watcher's entry: its program is the caller's executable as the
 * watcher read it (or its name), not claimed; a caller other than root is
 * named behind its uid, as any user's entry is.
 */
static void odc_export_seen(const struct odc_export_entry *e, struct odc_record *r, char *name,
			    size_t size)
{
	const char *prog = e->claimed_exe[0] ? e->claimed_exe : e->prog;

	r->prog_escaped = true;
	r->claimed = false;
	r->prog = prog;
	if (strcmp(e->caller_uid, "0") != 0) {
		snprintf(name, size, "[uid %s]%s%s", e->caller_uid[0] ? e->caller_uid : "unknown",
			 prog[0] ? " " : "", prog);
		r->prog = name;
	}
}

static void odc_export_prog(const struct odc_report *rep, const struct odc_export_entry *e,
			    struct odc_record *r, char *name, size_t size)
{
	if (odc_export_watcher(e)) {
		odc_export_seen(e, r, name, size);
		return;
	}

	bool supervisor = e->exe[0] && rep->self && strcmp(e->exe, rep->self) == 0;
	bool root = strcmp(e->uid, "0") == 0;
	const char *prog = e->exe;

	/* The library's fields are escaped as its lines are; journald's _EXE is raw. */
	r->prog_escaped = supervisor || !e->exe[0];
	if (supervisor)
		prog = e->prog;
	else if (!e->exe[0])
		prog = e->claimed_exe[0] ? e->claimed_exe : e->prog;
	r->claimed = !root || !e->exe[0];
	r->prog = name;
	if (!root)
		snprintf(name, size, "[uid %s]%s%s", e->uid[0] ? e->uid : "unknown", prog[0] ? " " : "",
			 prog);
	else if (!e->exe[0] && !e->claimed_exe[0])
		snprintf(name, size, "[%s]", prog);
	else
		r->prog = prog;
}

static void odc_export_add(struct odc_report *rep, const struct odc_export_entry *e)
{
	char name[ODC_EXPORT_VALUE_MAX + 32];
	struct odc_record r = {
		.path = e->path, .result = e->result, .semantics = e->semantics,
		.state = e->state[0] ? e->state : NULL, .would = e->would[0] ? e->would : NULL,
		.host = e->host, .sender = e->pid, .run = e->run,
		.script = e->script, .where = e->where, .dir = e->dir,
		.seq = odc_report_number(e->seq, strlen(e->seq)),
		.lost = odc_report_number(e->lost, strlen(e->lost)),
	};

	odc_export_prog(rep, e, &r, name, sizeof name);
	r.seen = odc_export_watcher(e);	/* another's entry that says so is its word alone */
	r.as_uid = odc_report_as_uid(rep, r.seen ? e->caller_uid : e->uid);
	r.lost_only = r.seen && !e->result[0] && r.lost;
	if (!e->result[0] && !r.lost_only)
		return;	/* no call, nor the watcher's word for calls lost */
#define ODC_LEN(field) (r.field##_len = r.field ? strlen(r.field) : 0)
	ODC_LEN(host), ODC_LEN(sender), ODC_LEN(run), ODC_LEN(prog), ODC_LEN(path);
	ODC_LEN(semantics), ODC_LEN(result), ODC_LEN(state), ODC_LEN(would);
	ODC_LEN(script), ODC_LEN(where), ODC_LEN(dir);
#undef ODC_LEN
	odc_report_add(rep, &r);
}

/*
 * A binary field after its key, the line KEY (LEN bytes): a little-endian
 * 64-bit length, the bytes, "\n". A value too long to keep is read past,
 * never sought past: a length near 2^64 would seek backwards, and the
 * reading would never end. So the time is linear in the input whatever
 * the length claims.
 */
static bool odc_export_binary(struct odc_lines *in, struct odc_export_entry *e, const char *line,
			      size_t len)
{
	char key[ODC_EXPORT_KEY_MAX], value[ODC_EXPORT_VALUE_MAX], nl;
	unsigned char size[8];
	unsigned long long n = 0;

	/* The line is the reader's, and what follows it is read over it. */
	bool kept = len <= sizeof key;
	memcpy(key, line, kept ? len : 0);
	if (!odc_lines_take(in, (char *)size, sizeof size))
		return false;
	for (int i = 7; i >= 0; i--)
		n = n << 8 | size[i];
	kept &= n < sizeof value;
	if (!odc_lines_take(in, kept ? value : NULL, n) || !odc_lines_take(in, &nl, 1) || nl != '\n')
		return false;
	if (kept)
		odc_export_keep(e, key, len, value, (size_t)n);
	return true;
}

int odc_report_read_export(struct odc_report *rep, int fd, const char *name)
{
	static struct odc_export_entry e;
	struct odc_lines in;
	const char *line;
	size_t len;
	enum odc_lines_got got;

	memset(&e, 0, sizeof e);
	odc_lines_start(&in, fd, ODC_EXPORT_LINE_MAX);
	while ((got = odc_lines_next(&in, &line, &len)) != ODC_LINES_END) {
		if (got == ODC_LINES_BAD)
			continue;	/* a text field longer than any kept */
		if (len == 0) {
			if (e.ours)
				odc_export_add(rep, &e);
			memset(&e, 0, sizeof e);
			continue;
		}
		const char *eq = memchr(line, '=', len);
		if (eq) {
			size_t key_len = (size_t)(eq - line);
			odc_export_keep(&e, line, key_len, eq + 1, len - key_len - 1);
		} else if (!odc_export_binary(&in, &e, line, len)) {
			odc_report_unparsed(rep, name, in.number);
			break;
		}
	}
	if (e.ours)
		odc_export_add(rep, &e);
	return odc_lines_end(&in, name);
}
