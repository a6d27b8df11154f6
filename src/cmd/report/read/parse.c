/*
 * Reading records for odcreat report: the log's lines, as src/core/log/
 * writes them, by the names of include/odc_log_fields.h (journald's export
 * format: export.c).
 */
#include <string.h>

#include "odc_log_fields.h"
#include "odc_report_lines.h"
#include "odc_report_parse.h"

_Static_assert(ODC_REPORT_LINE_MAX < ODC_LINES_MIN,
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
 * The line is the time, then KEY=VALUE fields, each after a blank; a
 * quoted value runs to the next quote (the log writes a quote inside one
 * as \x22), any other to the next blank. One pass, no search; the first
 * of a field counts. The program is the executable the sender named, or
 * else the name it was started by: the sender's word either way.
 */
bool odc_report_parse_line(const char *line, size_t len, struct odc_record *r)
{
	struct odc_line_fields f = { 0 };
	/* Each of its fields set below, not cleared first: a line would pay twice. */
	r->host = NULL, r->host_len = 0, r->time_ns = 0, r->lost_seen = 0;
	r->prog_escaped = r->claimed = true;
	r->as_uid = ODC_REPORT_NOBODY;
	const char *end = line + len, *start = odc_syslog_header(line, end, r);
	const char *p = memchr(start, ' ', (size_t)(end - start));

	if (p)
		r->time_ns = odc_report_time(start, (size_t)(p - start));
	while (p && p < end) {
		const char *key = ++p;
		while (p < end && *p != '=' && *p != ' ')
			p++;
		if (p == end || *p == ' ') {
			if (!r->time_ns)	/* behind a header of a syslog daemon's own */
				r->time_ns = odc_report_time(key, (size_t)(p - key));
			continue;
		}
		size_t vlen;
		const char *v = odc_value(p + 1, end, &vlen);
		if (!v)
			return false;
		enum odc_log_field field = odc_report_field_of(key, (size_t)(p - key));
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
	ODC_TAKE(semantics, ODC_FIELD_SEMANTICS);
	ODC_TAKE(result, ODC_FIELD_RESULT);
	ODC_TAKE(state, ODC_FIELD_STATE);
	ODC_TAKE(would, ODC_FIELD_WOULD);
	ODC_TAKE(uid, ODC_FIELD_UID);
	ODC_TAKE(script, ODC_FIELD_SCRIPT);
	ODC_TAKE(where, ODC_FIELD_WHERE);
	ODC_TAKE(dir, ODC_FIELD_DIR);
	ODC_TAKE(started, ODC_FIELD_PROG);
	ODC_TAKE(tid, ODC_FIELD_TID);
	ODC_TAKE(call, ODC_FIELD_CALL);
	ODC_TAKE(flags, ODC_FIELD_FLAGS);
	/* The watcher's pid= is as its own pid namespace numbers the caller; nspid=, the caller's own. */
	ODC_TAKE(caller, f.v[ODC_FIELD_NSPID] ? ODC_FIELD_NSPID : ODC_FIELD_PID);
#undef ODC_TAKE
	r->seq = odc_report_number(f.v[ODC_FIELD_SEQ], f.len[ODC_FIELD_SEQ]);
	r->lost = odc_report_number(f.v[ODC_FIELD_LOST], f.len[ODC_FIELD_LOST]);
	r->seen = f.v[ODC_FIELD_SEEN] != NULL;
	r->eyes = r->seen ? ODC_EYE_WATCHER : ODC_EYE_LIBRARY;
	if (r->seen && !r->seq)	/* odcreat-watch's: the calls lost before this line, not a run's total */
		r->lost_seen = r->lost;
	r->lost_only = r->seen && !r->result && r->lost;
	return r->prog && (r->lost_only || (r->path && r->result && r->result_len));
}
