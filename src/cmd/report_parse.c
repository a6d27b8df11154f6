/*
 * Reading records for odcreat report: the log's lines (src/core/log.c
 * writes them), and journald's export format, whose fields the library's
 * journal log sets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_report.h"

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

/* A line's fields as read, before they make a record. */
struct odc_line_fields {
	struct odc_record r;
	const char *exe, *seq, *lost;
	size_t exe_len, seq_len, lost_len;
};

/* Where F keeps the value of the field KEY (LEN bytes), if it is one report reads. */
static const char **odc_field(struct odc_line_fields *f, const char *key, size_t len,
			      size_t **vlen)
{
#define ODC_FIELD(name, field)                                                        \
	if (len == sizeof name - 1 && memcmp(key, name, sizeof name - 1) == 0) { \
		*vlen = &f->field##_len;                                               \
		return &f->field;                                                      \
	}
	ODC_FIELD("prog", r.prog)
	ODC_FIELD("exe", exe)
	ODC_FIELD("pid", r.sender)
	ODC_FIELD("run", r.run)
	ODC_FIELD("seq", seq)
	ODC_FIELD("lost", lost)
	ODC_FIELD("path", r.path)
	ODC_FIELD("result", r.result)
	ODC_FIELD("state", r.state)
	ODC_FIELD("would", r.would)
	ODC_FIELD("uid", r.uid)
#undef ODC_FIELD
	return NULL;
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

/* A field's decimal value, 0 where it is not a number report can hold. */
static unsigned long odc_number(const char *s, size_t len)
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
	const char *end = line + len, *start = odc_syslog_header(line, end, &f.r);
	const char *p = memchr(start, ' ', (size_t)(end - start));

	while (p && p < end) {
		const char *key = ++p;
		while (p < end && *p != '=' && *p != ' ')
			p++;
		if (p == end || *p == ' ')
			continue;
		size_t vlen, *vlen_at;
		const char *v = odc_value(p + 1, end, &vlen);
		if (!v)
			return false;
		const char **at = odc_field(&f, key, (size_t)(p - key), &vlen_at);
		if (at && !*at) {
			*at = v;
			*vlen_at = vlen;
		}
		p = v + vlen + (v > p + 1);	/* past a closing quote */
		if (p < end && *p != ' ')
			p = memchr(p, ' ', (size_t)(end - p));
	}
	*r = f.r;
	if (f.exe_len) {
		r->prog = f.exe;
		r->prog_len = f.exe_len;
	}
	r->seq = odc_number(f.seq, f.seq_len);
	r->lost = odc_number(f.lost, f.lost_len);
	r->prog_escaped = true;
	r->claimed = true;
	return r->prog && r->path && r->result && r->result_len;
}

/*
 * Whether R's uid= says OWNER, or R has none (the --seccomp supervisor's
 * lines, which it writes for other processes, as OWNER itself); and R's
 * program, where OWNER is not root, put behind "[uid OWNER] " in NAME (of
 * SIZE bytes): the rest of the line is that user's word alone.
 */
static bool odc_owned(struct odc_record *r, unsigned long owner, char *name, size_t size)
{
	char uid[24];
	int n = snprintf(uid, sizeof uid, "%lu", owner);

	if (r->uid && (r->uid_len != (size_t)n || memcmp(r->uid, uid, (size_t)n) != 0))
		return false;
	if (owner == 0)
		return true;
	int head = snprintf(name, size, "[uid %lu] ", owner);
	size_t len = r->prog_len < size - (size_t)head ? r->prog_len : size - (size_t)head;
	memcpy(name + head, r->prog, len);
	r->prog = name;
	r->prog_len = (size_t)head + len;
	return true;
}

/* Every line of IN; OWNER: the uid the kernel says wrote them all, or -1 (anyone). */
static void odc_read_lines(struct odc_report *rep, FILE *in, const char *name, long long owner)
{
	char *line = NULL, prog[ODC_REPORT_NAME_MAX + 32];
	size_t cap = 0;
	ssize_t len;
	long number = 0;
	struct odc_record r;

	while ((len = getline(&line, &cap, in)) >= 0) {
		number++;
		if (len > 0 && line[len - 1] == '\n')
			len--;
		if (!odc_report_parse_line(line, (size_t)len, &r))
			odc_report_unparsed(rep, name, number);
		else if (owner >= 0 && !odc_owned(&r, (unsigned long)owner, prog, sizeof prog))
			rep->disowned++;
		else
			odc_report_add(rep, &r);
	}
	free(line);
}

void odc_report_read_lines(struct odc_report *rep, FILE *in, const char *name)
{
	odc_read_lines(rep, in, name, -1);
}

void odc_report_read_owned(struct odc_report *rep, FILE *in, const char *name, unsigned long owner)
{
	odc_read_lines(rep, in, name, (long long)owner);
}

/* One field of an export entry, at most this long, is kept; longer ones are skipped. */
#define ODC_EXPORT_VALUE_MAX 8192

struct odc_export_entry {
	char prog[ODC_EXPORT_VALUE_MAX], path[ODC_EXPORT_VALUE_MAX], would[512];
	char result[64], state[32], exe[ODC_EXPORT_VALUE_MAX], uid[16];
	char claimed_exe[ODC_EXPORT_VALUE_MAX], host[256], pid[16], run[16], seq[16], lost[16];
	bool ours;
};

static void odc_export_keep(struct odc_export_entry *e, const char *key, const char *value,
			    size_t len)
{
	static const struct {
		const char *key;
		size_t offset, size;
	} keep[] = {
#define ODC_KEEP(key, f) { key, offsetof(struct odc_export_entry, f), sizeof(((struct odc_export_entry *)0)->f) }
		ODC_KEEP("ODCREAT_PROG", prog),	    ODC_KEEP("ODCREAT_PATH", path),
		ODC_KEEP("ODCREAT_WOULD", would),   ODC_KEEP("ODCREAT_RESULT", result),
		ODC_KEEP("ODCREAT_STATE", state),   ODC_KEEP("_EXE", exe),
		ODC_KEEP("_UID", uid),		    ODC_KEEP("ODCREAT_EXE", claimed_exe),
		ODC_KEEP("_HOSTNAME", host),	    ODC_KEEP("_PID", pid),
		ODC_KEEP("ODCREAT_SEQ", seq),	    ODC_KEEP("ODCREAT_LOST", lost),
		ODC_KEEP("ODCREAT_RUN", run),
#undef ODC_KEEP
	};

	for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
		if (strcmp(key, keep[i].key) != 0 || len >= keep[i].size)
			continue;
		char *to = (char *)e + keep[i].offset;
		memcpy(to, value, len);
		to[len] = '\0';
		e->ours |= strcmp(key, "ODCREAT_RESULT") == 0;
	}
}

/*
 * The program: journald's trusted _EXE, which it reads from /proc for the
 * sender, whatever the sender says. An entry's own ODCREAT_PROG is
 * believed only from this odcreat's --seccomp supervisor, which logs for
 * the programs it serves. Where journald could not read the sender's
 * executable (it had exited), the sender's word is taken, and counted as
 * such: its ODCREAT_EXE (or, from an older library, its name in square
 * brackets) if journald's _UID says root sent it; from any other user,
 * who may claim any name, behind "[uid N]", so that the claim never
 * lands in another program's row.
 */
static void odc_export_add(struct odc_report *rep, struct odc_export_entry *e)
{
	char claimed[ODC_EXPORT_VALUE_MAX + 32];
	bool supervisor = e->exe[0] && rep->self && strcmp(e->exe, rep->self) == 0;
	struct odc_record r = {
		.prog = e->exe, .prog_escaped = false, .path = e->path, .result = e->result,
		.state = e->state[0] ? e->state : NULL, .would = e->would[0] ? e->would : NULL,
		.host = e->host, .sender = e->pid, .run = e->run, .seq = odc_number(e->seq, strlen(e->seq)),
		.lost = odc_number(e->lost, strlen(e->lost)),
	};

	if (supervisor) {
		r.prog = e->prog;
		r.prog_escaped = true;
	} else if (!e->exe[0]) {
		const char *claim = e->claimed_exe[0] ? e->claimed_exe : e->prog;
		bool root = strcmp(e->uid, "0") == 0;
		if (root && e->claimed_exe[0])
			snprintf(claimed, sizeof claimed, "%s", claim);
		else if (root)
			snprintf(claimed, sizeof claimed, "[%s]", claim);
		else
			snprintf(claimed, sizeof claimed, "[uid %s]%s%s", e->uid[0] ? e->uid : "unknown",
				 claim[0] ? " " : "", claim);
		r.prog = claimed;
		r.prog_escaped = true;
		r.claimed = true;
	}

	r.host_len = strlen(r.host);
	r.sender_len = strlen(r.sender);
	r.run_len = strlen(r.run);
	r.prog_len = strlen(r.prog);
	r.path_len = strlen(r.path);
	r.result_len = strlen(r.result);
	r.state_len = r.state ? strlen(r.state) : 0;
	r.would_len = r.would ? strlen(r.would) : 0;
	odc_report_add(rep, &r);
}

/*
 * A binary field: "KEY\n", a little-endian 64-bit length, the bytes, "\n".
 * A value too long to keep is read past, never sought past: a length
 * near 2^64 would seek backwards, and the reading would never end. So
 * the time is linear in the input whatever the length claims.
 */
static bool odc_export_binary(FILE *in, struct odc_export_entry *e, const char *key)
{
	unsigned char size[8];
	uint64_t len = 0;

	if (fread(size, 1, 8, in) != 8)
		return false;
	for (int i = 7; i >= 0; i--)
		len = len << 8 | size[i];
	char value[ODC_EXPORT_VALUE_MAX];
	if (len < sizeof value) {
		if (fread(value, 1, len, in) != len)
			return false;
		odc_export_keep(e, key, value, len);
	}
	for (uint64_t left = len < sizeof value ? 0 : len; left > 0;) {
		size_t got = fread(value, 1, left < sizeof value ? left : sizeof value, in);
		if (got == 0)
			return false;
		left -= got;
	}
	return getc(in) == '\n';
}

void odc_report_read_export(struct odc_report *rep, FILE *in, const char *name)
{
	static struct odc_export_entry e;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long number = 0;

	memset(&e, 0, sizeof e);
	while ((len = getline(&line, &cap, in)) >= 0) {
		number++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0) {
			if (e.ours)
				odc_export_add(rep, &e);
			memset(&e, 0, sizeof e);
			continue;
		}
		char *eq = memchr(line, '=', (size_t)len);
		if (eq) {
			*eq = '\0';
			odc_export_keep(&e, line, eq + 1, (size_t)(len - (eq + 1 - line)));
		} else if (!odc_export_binary(in, &e, line)) {
			odc_report_unparsed(rep, name, number);
			break;
		}
	}
	if (e.ours)
		odc_export_add(rep, &e);
	free(line);
}
