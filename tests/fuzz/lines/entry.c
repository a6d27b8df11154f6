/*
 * journald's entry for a call (fuzz_lines.h): no more than ODC_LINE_MAX
 * bytes, "NAME=VALUE" lines of printable ASCII in its writer's order
 * (src/core/log/odc_log_order.h), the path last; each field of that order
 * the line says there, with the line's value, but the path, which is cut
 * only where the entry is full.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_lines.h"
#include "odc_log_format.h"
#include "odc_log_order.h"

#define FL_ID(id) ODC_FIELD_##id,
static const int fl_journal_self[] = { ODC_JOURNAL_SELF(FL_ID) ODC_FIELD_PATH };
static const int fl_journal_for[] = { ODC_JOURNAL_FOR(FL_ID) ODC_FIELD_PATH };
static const int fl_journal_seen[] = { ODC_JOURNAL_SEEN(FL_ID) ODC_FIELD_PATH };
#undef FL_ID

/* The field journald names by the LEN bytes at NAME, or -1. */
static int fl_journal_field(const char *name, size_t len)
{
	for (int f = 0; f < ODC_FIELD_COUNT; f++) {
		const char *j = odc_log_field_journal((enum odc_log_field)f);
		if (j && strlen(j) == len && memcmp(j, name, len) == 0)
			return f;
	}
	return -1;
}

/* The line's value of F, of its N fields LINE: NULL where it has none. */
static const struct fl_field *fl_in_line(const struct fl_field *line, size_t n, int f)
{
	for (size_t i = 0; i < n; i++)
		if (line[i].field == f)
			return &line[i];
	return NULL;
}

void fl_check_entry(const struct fl_case *c, const struct fl_field *line, size_t n)
{
	const int *order = c->writer == FL_SELF ? fl_journal_self :
			   c->writer == FL_FOR	? fl_journal_for : fl_journal_seen;
	size_t order_n = c->writer == FL_SELF ? sizeof fl_journal_self / sizeof(int) :
			 c->writer == FL_FOR  ? sizeof fl_journal_for / sizeof(int) :
						sizeof fl_journal_seen / sizeof(int);
	struct odc_line *j = malloc(sizeof *j);
	size_t next = 0;

	odc_log_format_journal(j, &c->e, &c->a);
	const char *t = j->text, *end = t + j->len - 1;
	if (j->len > ODC_LINE_MAX || j->len == 0 || *end != '\n')
		fl_fail("an entry longer than ODC_LINE_MAX, or not ended by its newline", t, j->len);
	for (const char *q = t; q < end; q++)
		if (*q != '\n' && (*q < 0x20 || *q > 0x7e))
			fl_fail("a byte the entry must not hold", t, j->len);
	for (const char *p = t; p <= end;) {
		const char *nl = memchr(p, '\n', (size_t)(end + 1 - p)), *eq = memchr(p, '=', (size_t)(nl - p));
		int f = eq ? fl_journal_field(p, (size_t)(eq - p)) : -1;
		for (; f >= 0 && next < order_n && order[next] != f; next++) {
			const struct fl_field *was = fl_in_line(line, n, order[next]);
			if (was)
				fl_fail("a field of the line left out of the entry", t, j->len);
		}
		if (f < 0 || next++ == order_n)
			fl_fail("a field its writer does not say, or out of its order", t, j->len);
		const struct fl_field *was = fl_in_line(line, n, f);
		size_t len = (size_t)(nl - eq - 1);
		if (f == ODC_FIELD_PATH && nl != end)
			fl_fail("the path not last", t, j->len);
		if (f == ODC_FIELD_PATH)
			fl_check_path(c, eq + 1, len, false, false, j->len);
		else if (!was || was->len != len || memcmp(was->v, eq + 1, len) != 0)
			fl_fail("a value other than the line's", t, j->len);
		p = nl + 1;
	}
	if (next != order_n)
		fl_fail("no path", t, j->len);
	free(j);
}
