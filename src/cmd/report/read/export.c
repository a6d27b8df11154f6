/* odcreat report's records from journald's export format (fields: src/core/log/format.c). */
#include <stdio.h>
#include <string.h>

#include "odc_log_fields.h"
#include "odc_report_export.h"
#include "odc_report_grow.h"
#include "odc_report_source.h"

/* Where E keeps odcreat's field F, of *SIZE bytes; NULL where it keeps none. */
static char *odc_export_ours(struct odc_export_fields *e, enum odc_log_field f, size_t *size)
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
static char *odc_export_slot(struct odc_export_fields *e, const char *key, size_t key_len,
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
	if (key_len == 7 && memcmp(key, "MESSAGE", 7) == 0) {	/* the sender's word, as any field */
		*size = sizeof e->message;
		return e->message;
	}
	for (int f = 0; f < ODC_FIELD_COUNT; f++) {
		const char *name = odc_log_field_journal((enum odc_log_field)f);
		if (name && strlen(name) == key_len && memcmp(key, name, key_len) == 0)
			return odc_export_ours(e, (enum odc_log_field)f, size);
	}
	return NULL;
}

/* The field KEY (KEY_LEN bytes) of VALUE (LEN bytes) in E, where E keeps it. */
static void odc_export_keep(struct odc_export_fields *e, const char *key, size_t key_len,
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
 * What joins a call's entries (join.c), from its line (MESSAGE): when it
 * was made, its process, thread, call and flags, into R.
 */
static void odc_export_line(const struct odc_export_fields *e, struct odc_record *r)
{
	struct odc_record line;

	if (!odc_report_parse_line(e->message, strlen(e->message), &line))
		return;
	r->time_ns = line.time_ns;
#define ODC_FROM_LINE(field) (r->field = line.field, r->field##_len = line.field##_len)
	ODC_FROM_LINE(caller), ODC_FROM_LINE(tid), ODC_FROM_LINE(call), ODC_FROM_LINE(flags);
#undef ODC_FROM_LINE
}

/* E's record into R, NAME (SIZE bytes) for its program: false where it is no call, nor calls lost. */
static bool odc_export_record(const struct odc_report *rep, const struct odc_export_fields *e,
			      struct odc_record *r, char *name, size_t size)
{
	*r = (struct odc_record){
		.path = e->path, .result = e->result, .semantics = e->semantics,
		.state = e->state[0] ? e->state : NULL, .would = e->would[0] ? e->would : NULL,
		.host = e->host, .sender = e->pid, .run = e->run, .started = e->prog,
		.script = e->script, .where = e->where, .dir = e->dir,
		.seq = odc_report_number(e->seq, strlen(e->seq)),
		.lost = odc_report_number(e->lost, strlen(e->lost)),
	};
	if (!e->ours)
		return false;
	odc_export_prog(rep, e, r, name, size);
	r->as_uid = odc_report_as_uid(rep, r->seen ? e->caller_uid : e->uid);
	r->lost_only = r->seen && !e->result[0] && r->lost;
	if (!e->result[0] && !r->lost_only)
		return false;	/* no call, nor the watcher's word for calls lost */
	r->eyes = r->seen ? ODC_EYE_WATCHER : ODC_EYE_LIBRARY;
	r->lost_seen = r->seen && !r->seq ? r->lost : 0;
#define ODC_LEN(field) (r->field##_len = r->field ? strlen(r->field) : 0)
	ODC_LEN(host), ODC_LEN(sender), ODC_LEN(run), ODC_LEN(prog), ODC_LEN(path), ODC_LEN(started);
	ODC_LEN(semantics), ODC_LEN(result), ODC_LEN(state), ODC_LEN(would);
	ODC_LEN(script), ODC_LEN(where), ODC_LEN(dir);
#undef ODC_LEN
	odc_export_line(e, r);
	return true;
}

/*
 * A binary field after its key, the line KEY (LEN bytes): a little-endian
 * 64-bit length, the bytes, "\n". A value too long to keep is read past,
 * never sought past: a length near 2^64 would seek backwards, and the
 * reading would never end. So the time is linear in the input whatever
 * the length claims.
 */
static bool odc_export_binary(struct odc_lines *in, struct odc_export_fields *e, const char *line,
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

void odc_source_export(struct odc_source *s, int fd, const char *name, size_t size)
{
	odc_source_lines(s, fd, name, -1, size);
	s->in->max = ODC_EXPORT_LINE_MAX;	/* its lines are fields, some longer than a log's */
	s->entry = odc_report_grow(NULL, sizeof *s->entry);
	memset(&s->entry->f, 0, sizeof s->entry->f);
	s->entry->given = false;
}

/* The entry read into S's record, and handed out: true; or false where it is none. */
static bool odc_export_give(const struct odc_report *rep, struct odc_source *s)
{
	struct odc_export_entry *e = s->entry;

	e->given = odc_export_record(rep, &e->f, &s->r, e->name, sizeof e->name);
	if (!e->given)
		memset(&e->f, 0, sizeof e->f);
	return e->given;
}

bool odc_source_next_entry(struct odc_report *rep, struct odc_source *s)
{
	struct odc_export_entry *e = s->entry;
	const char *line;
	size_t len;
	enum odc_lines_got got;

	if (e->given) {
		memset(&e->f, 0, sizeof e->f);
		e->given = false;
	}
	while (!s->broken && (got = odc_lines_next(s->in, &line, &len)) != ODC_LINES_END) {
		if (got == ODC_LINES_BAD)
			continue;	/* a text field longer than any kept */
		if (len == 0) {
			if (odc_export_give(rep, s))
				return true;
			continue;
		}
		const char *eq = memchr(line, '=', len);
		if (eq) {
			size_t key_len = (size_t)(eq - line);
			odc_export_keep(&e->f, line, key_len, eq + 1, len - key_len - 1);
		} else if (!odc_export_binary(s->in, &e->f, line, len)) {
			odc_report_unparsed(rep, s->name, s->in->number);
			s->broken = true;	/* what follows is no entry to read */
		}
	}
	return odc_export_give(rep, s);
}
