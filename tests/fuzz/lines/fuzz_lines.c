/*
 * fuzz_lines: libFuzzer harness for the log's line builders
 * (src/core/log/format.c, through the primitives of src/core/text/line.c),
 * which run in every process the library is in, setuid ones too, and in
 * the supervisor and the watcher, on names any user chooses.
 *
 * An input's first byte below 0x80 makes a call's line (cases.c reads the
 * rest), built by one of the three writers: the library for its own
 * process, the --seccomp supervisor for another, odcreat-watch for a call
 * the kernel made. Its line must be:
 *
 *   - no more than ODC_LINE_MAX bytes, its newline last and alone, every
 *     other byte printable ASCII; its time, then " KEY=VALUE" fields in its
 *     writer's order (src/core/log/odc_log_order.h), each once, each value
 *     what the call says, within its room (check.c);
 *   - the path cut, within its quotes and marked, only where the line is
 *     full, and never below its own room;
 *   - every other field the same whatever the path: the line of the same
 *     call with a one-byte path says each the same;
 *   - read by odcreat report, which finds the same path;
 *   - and journald's entry for it the same (entry.c).
 *
 * From 0x80 on, the rest calls the line's primitives with any arguments
 * (prims.c). Before any input, every field at its largest, each name of
 * every byte value, and issue 49's shapes (shapes.c) are held to the same.
 * A line's text is its last member, so a write past it is past its object,
 * where AddressSanitizer stops; a broken rule says which and abort()s.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_lines.h"
#include "odc_log_format.h"
#include "odc_log_order.h"
#include "odc_report_parse.h"

#define FL_ID(id) ODC_FIELD_##id,
static const int fl_order_self[] = { ODC_LINE_HEAD(FL_ID) ODC_FIELD_PATH, ODC_TAIL_SELF(FL_ID) };
static const int fl_order_for[] = { ODC_LINE_HEAD(FL_ID) ODC_FIELD_PATH, ODC_TAIL_FOR(FL_ID) };
static const int fl_order_seen[] = { ODC_LINE_HEAD(FL_ID) ODC_FIELD_PATH, ODC_TAIL_SEEN(FL_ID) };
#undef FL_ID

/* The field whose key is the LEN bytes at KEY, or -1. */
static int fl_field_of(const char *key, size_t len)
{
	for (int f = 0; f < ODC_FIELD_COUNT; f++) {
		const char *k = odc_log_field_key((enum odc_log_field)f);
		if (strlen(k) == len && memcmp(k, key, len) == 0)
			return f;
	}
	return -1;
}

/* "2026-12-03T08:15:44.688614Z": digits where the form has them. */
static void fl_check_time(const char *t, size_t len)
{
	static const char form[] = "dddd-dd-ddTdd:dd:dd.ddddddZ ";

	for (size_t i = 0; i < sizeof form - 1; i++)
		if (form[i] == 'd' ? t[i] < '0' || t[i] > '9' : t[i] != form[i])
			fl_fail("the line's time", t, len);
}

void fl_check_path(const struct fl_case *c, const char *v, size_t len, bool quoted, bool in_line,
		   size_t whole)
{
	long r = c->a.readable;

	if (r != 0 && r != -ENAMETOOLONG && r != -ENOENT) {
		if (quoted || len != strlen("(unreadable)") || memcmp(v, "(unreadable)", len) != 0)
			fl_fail("path: not unreadable, as the kernel said it was", v, len);
		return;
	}
	bool forced = c->e.seen && c->seen.path_cut;
	size_t room = ODC_LINE_MAX - whole + len;	/* all the others left it, within its quotes */
	if (quoted != in_line)
		fl_fail("path: quoted in journald's entry, or not in the line", v, len);
	if (room + (in_line ? 2 : 0) < ODC_PATH_ROOM)
		fl_fail("path: less room than its own", v, len);
	fl_check_escaped("path", v, len, c->path, PATH_MAX, room, forced);
}

/* C's line in L, each field into OUT: their count. */
static size_t fl_check_line(const struct fl_case *c, const struct odc_line *l, struct fl_field *out)
{
	const int *order = c->writer == FL_SELF ? fl_order_self :
			   c->writer == FL_FOR	? fl_order_for : fl_order_seen;
	size_t order_n = c->writer == FL_SELF ? sizeof fl_order_self / sizeof(int) :
			 c->writer == FL_FOR  ? sizeof fl_order_for / sizeof(int) :
						sizeof fl_order_seen / sizeof(int);
	const char *t = l->text, *end = t + l->len - 1, *p = t + ODC_TIME_LEN;
	size_t n = 0, next = 0;
	bool path = false;

	if (l->len > ODC_LINE_MAX || l->len <= ODC_TIME_LEN || *end != '\n')
		fl_fail("a line longer than ODC_LINE_MAX, or not ended by its newline", t, l->len);
	for (const char *q = t; q < end; q++)
		if (*q < 0x20 || *q > 0x7e)
			fl_fail("a byte the line must not hold", t, l->len);
	fl_check_time(t, l->len);
	while (p < end) {
		const char *key = p + 1, *eq = memchr(key, '=', (size_t)(end - key));
		int f = eq ? fl_field_of(key, (size_t)(eq - key)) : -1;
		while (f >= 0 && next < order_n && order[next] != f)
			next++;
		if (*p != ' ' || f < 0 || next++ == order_n)
			fl_fail("a field its writer does not say, or out of its order", t, l->len);
		bool quoted = eq[1] == '"';
		const char *v = eq + 1 + quoted, *stop = memchr(v, quoted ? '"' : ' ', (size_t)(end - v));
		if (quoted && !stop)
			fl_fail("a quote not closed", t, l->len);
		stop = stop ? stop : end;
		if (quoted != odc_log_field_quoted((enum odc_log_field)f) && f != ODC_FIELD_PATH)
			fl_fail("a value quoted where its field is not, or not where it is", t, l->len);
		out[n++] = (struct fl_field){ f, v, (size_t)(stop - v) };
		if (f == ODC_FIELD_PATH)
			fl_check_path(c, v, (size_t)(stop - v), quoted, true, l->len);
		else
			fl_check_value(c, f, v, (size_t)(stop - v));
		path |= f == ODC_FIELD_PATH;
		p = stop + quoted;
	}
	if (!path)
		fl_fail("no path", t, l->len);
	return n;
}

/* Whether F and G hold the same fields, each the same, but the path. */
static bool fl_same_but_path(const struct fl_field *f, size_t n, const struct fl_field *g, size_t m)
{
	size_t i = 0, j = 0;

	for (;; i++, j++) {
		i += i < n && f[i].field == ODC_FIELD_PATH;
		j += j < m && g[j].field == ODC_FIELD_PATH;
		if (i >= n || j >= m)
			return i >= n && j >= m;
		if (f[i].field != g[j].field || f[i].len != g[j].len || memcmp(f[i].v, g[j].v, f[i].len))
			return false;
	}
}

void fl_check(const struct fl_case *c)
{
	static struct fl_case twin;
	struct fl_field f[ODC_FIELD_COUNT], g[ODC_FIELD_COUNT];
	struct odc_line *l = malloc(sizeof *l), *s = malloc(sizeof *s);
	struct odc_record r;

	odc_log_format_line(l, &c->e, &c->a);
	size_t n = fl_check_line(c, l, f);
	fl_case_short_path(&twin, c);
	odc_log_format_line(s, &twin.e, &twin.a);
	if (!fl_same_but_path(f, n, g, fl_check_line(&twin, s, g)))
		fl_fail("a field that a long path changed, or took away", l->text, l->len);
	fl_check_entry(c, f, n);
	/* A call's line, that is: a line of lost calls alone the report counts only up to 9 digits. */
	if (!odc_report_parse_line(l->text, l->len - 1, &r) && !c->seen.lost_only)
		fl_fail("odcreat report cannot read it", l->text, l->len);
	for (size_t i = 0; i < n; i++)
		if (f[i].field == ODC_FIELD_PATH && (r.path != f[i].v || r.path_len != f[i].len))
			fl_fail("odcreat report reads another path", l->text, l->len);
	free(l);
	free(s);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static struct fl_case c;
	int held = 0;

	(void)argc, (void)argv;
	for (int w = 0; w < FL_WRITERS; w++) {
		for (int byte = 0; byte < 256; byte++, held++) {
			fl_case_largest(&c, (enum fl_writer)w, (unsigned char)byte);
			fl_case_make(&c);
			fl_check(&c);
		}
		for (int shape = 0; shape < FL_SHAPES; shape++)
			for (int mode = 0; mode < ODC_MODE_COUNT; mode++, held++) {
				fl_case_issue(&c, (enum fl_writer)w, shape, (enum odc_mode)mode);
				fl_case_make(&c);
				fl_check(&c);
			}
	}
	fprintf(stderr, "fuzz_lines: %d lines held, every field at its largest and issue 49's shapes\n",
		held);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fl_case c;
	struct fl_input in = { data, data + size };

	if (size && data[0] >= 0x80) {
		in.p++;
		fl_prims(&in);
		return 0;
	}
	fl_case_read(&c, &in);
	fl_case_make(&c);
	fl_check(&c);
	return 0;
}
