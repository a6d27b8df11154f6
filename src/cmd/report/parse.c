/*
 * Reading records for odcreat report: the log's lines, as src/core/log/
 * writes them, by the names of include/odc_log_fields.h (journald's export
 * format: export.c).
 */
#include <string.h>

#include "odc_log_fields.h"
#include "odc_report_parts.h"

_Static_assert(ODC_REPORT_LINE_MAX < sizeof((struct odc_lines *)0)->buf,
	       "the longest line report reads fits in the reader's buffer, with its newline");

/* A field's value: from after "KEY=" to the next blank, or within quotes. */
static const char *odc_value(const char *p, const char *end, size_t *len)
{
	const char *stop;

	if (p < end && *p == '"') {
		stop = memchr(p + 1, '"', (size_t)(end - p - 1));
		if (!stop)
			return NULL;
		*len = (size_t)(stop - p - 1);
		return p + 1;
	}
	stop = memchr(p, ' ', (size_t)(end - p));
	*len = (size_t)((stop ? stop : end) - p);
	return p;
}

/* A line's fields as read, by field: the first of each counts. */
struct odc_line_fields {
	const char *v[ODC_FIELD_COUNT];
	size_t len[ODC_FIELD_COUNT];
};

static const struct {
	const char *key;
	size_t len;
} odc_keys[] = {
#define ODC_FIELD_KEY(id, key, journal, quoted) [ODC_FIELD_##id] = { key, sizeof key - 1 },
	ODC_LOG_FIELDS(ODC_FIELD_KEY)
#undef ODC_FIELD_KEY
};

/* A loop, not memcmp: the keys are a few bytes, and a call costs more than comparing them. */
static bool odc_is_key(int f, const char *key, size_t len)
{
	if (odc_keys[f].len != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (odc_keys[f].key[i] != key[i])
			return false;
	return true;
}

/* A key's slot in odc_field_slots: from its length and its first and last bytes. */
static unsigned odc_key_slot(const char *key, size_t len)
{
	return ((unsigned char)key[0] * 31u + (unsigned char)key[len - 1] * 7u + (unsigned)len) & 255;
}

/* The fields a record is made of; any other is read past. */
static bool odc_field_read(enum odc_log_field f)
{
	switch (f) {
	case ODC_FIELD_PID: case ODC_FIELD_PROG: case ODC_FIELD_PATH: case ODC_FIELD_RESULT:
	case ODC_FIELD_STATE: case ODC_FIELD_WOULD: case ODC_FIELD_UID: case ODC_FIELD_EXE:
	case ODC_FIELD_RUN: case ODC_FIELD_SEQ: case ODC_FIELD_LOST: case ODC_FIELD_SEEN:
		return true;
	default:
		return false;
	}
}

/* A slot two keys share, where a key is looked for among all. */
#define ODC_SLOT_SHARED 255

/*
 * The field a record is made of whose key is the LEN bytes at KEY, or
 * ODC_FIELD_COUNT: one look in a table of slots (each a field + 1), built
 * from the list at the first call. A key in a field's slot is that field
 * only if it is that field's key; where that field is one report reads
 * past, so is the key, whatever it is. Every field of every line is
 * looked up here.
 */
static enum odc_log_field odc_field_of(const char *key, size_t len)
{
	static unsigned char slots[256];
	static bool built;

	if (!built) {
		for (int f = 0; f < ODC_FIELD_COUNT; f++) {
			unsigned char *slot = &slots[odc_key_slot(odc_keys[f].key, odc_keys[f].len)];
			*slot = *slot ? ODC_SLOT_SHARED : (unsigned char)(f + 1);
		}
		built = true;
	}
	if (len == 0)
		return ODC_FIELD_COUNT;
	int f = slots[odc_key_slot(key, len)] - 1;
	if (f + 1 == ODC_SLOT_SHARED)
		for (f = 0; f < ODC_FIELD_COUNT && !odc_is_key(f, key, len); f++)
			;
	if (f >= 0 && f < ODC_FIELD_COUNT && odc_field_read((enum odc_log_field)f) &&
	    odc_is_key(f, key, len))
		return (enum odc_log_field)f;
	return ODC_FIELD_COUNT;
}

/* The next blank-separated word of [*P, END): its length, *P moved past it and its blank. */
static size_t odc_word(const char **p, const char *end, const char **word)
{
	const char *blank = memchr(*p, ' ', (size_t)(end - *p));

	*word = *p;
	*p = blank ? blank + 1 : end;
	return (size_t)((blank ? blank : end) - *word);
}

/*
 * An RFC 5424 header, as a collecting syslog daemon writes a message it
 * received ("<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID - MSG"): R's
 * host, and where the message begins; LINE itself where there is none.
 * The first header alone is read: the one the host's daemon wrote (or the
 * collector's sender, whoever that was). Another inside MSG is the
 * sender's text, like any other, and names no host.
 */
static const char *odc_syslog_header(const char *line, const char *end, struct odc_record *r)
{
	const char *p = line, *word, *host;
	size_t len = odc_word(&p, end, &word);

	if (len < 4 || word[0] != '<' || word[len - 2] != '>' || word[len - 1] != '1')
		return line;
	odc_word(&p, end, &word);			/* TIMESTAMP */
	size_t host_len = odc_word(&p, end, &host);
	for (int i = 0; i < 3; i++)			/* APP-NAME PROCID MSGID */
		odc_word(&p, end, &word);
	if (odc_word(&p, end, &word) != 1 || *word != '-' || p == end)
		return line;				/* structured data report cannot read */
	if (!(host_len == 1 && *host == '-')) {
		r->host = host;
		r->host_len = host_len;
	}
	return p;
}

unsigned long odc_report_number(const char *s, size_t len)
{
	unsigned long n = 0;

	if (len == 0 || len > 9)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		n = n * 10 + (unsigned long)(s[i] - '0');
	}
	return n;
}

/*
 * After the time, the line is KEY=VALUE fields, each after a blank; a
 * quoted value runs to the next quote (the log writes a quote inside one
 * as \x22), any other to the next blank. One pass, no search; the first
 * of a field counts. The program is the executable the sender named, or
 * else the name it was started by: the sender's word either way.
 */
bool odc_report_parse_line(const char *line, size_t len, struct odc_record *r)
{
	struct odc_line_fields f = { 0 };
	*r = (struct odc_record){ .prog_escaped = true, .claimed = true };
	const char *end = line + len, *start = odc_syslog_header(line, end, r);
	const char *p = memchr(start, ' ', (size_t)(end - start));

	while (p && p < end) {
		const char *key = ++p;
		while (p < end && *p != '=' && *p != ' ')
			p++;
		if (p == end || *p == ' ')
			continue;
		size_t vlen;
		const char *v = odc_value(p + 1, end, &vlen);
		if (!v)
			return false;
		enum odc_log_field field = odc_field_of(key, (size_t)(p - key));
		if (field != ODC_FIELD_COUNT && !f.v[field]) {
			f.v[field] = v;
			f.len[field] = vlen;
		}
		p = v + vlen + (v > p + 1);	/* past a closing quote */
		if (p < end && *p != ' ')
			p = memchr(p, ' ', (size_t)(end - p));
	}
	enum odc_log_field prog = f.len[ODC_FIELD_EXE] ? ODC_FIELD_EXE : ODC_FIELD_PROG;
#define ODC_TAKE(to, field) (r->to = f.v[field], r->to##_len = f.len[field])
	ODC_TAKE(prog, prog);
	ODC_TAKE(sender, ODC_FIELD_PID);
	ODC_TAKE(run, ODC_FIELD_RUN);
	ODC_TAKE(path, ODC_FIELD_PATH);
	ODC_TAKE(result, ODC_FIELD_RESULT);
	ODC_TAKE(state, ODC_FIELD_STATE);
	ODC_TAKE(would, ODC_FIELD_WOULD);
	ODC_TAKE(uid, ODC_FIELD_UID);
#undef ODC_TAKE
	r->seq = odc_report_number(f.v[ODC_FIELD_SEQ], f.len[ODC_FIELD_SEQ]);
	r->lost = odc_report_number(f.v[ODC_FIELD_LOST], f.len[ODC_FIELD_LOST]);
	r->seen = f.v[ODC_FIELD_SEEN] != NULL;
	return r->prog && r->path && r->result && r->result_len;
}
