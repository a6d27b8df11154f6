/*
 * odcreat report: the tally as text, for a terminal of 80 columns. Two
 * tables, each row's key first: its counts and states, then each mode's
 * calls that would differ / make something; a key longer than its column
 * has lines of its own, and the row's figures go on the next line, under
 * their headers, as df(1) does with a long device. Each of those lines
 * ends in a backslash, which no row's figures end in, and each after the
 * first begins indented, with the report's blanks (a name has none: its
 * blanks are written \x20, odc_report_text.h), so that no name, whatever
 * it holds, can pass for a row of its own. The lists of names wrap too,
 * each name in quotes. CSV and JSON carry every name whole.
 */
#include <stdio.h>
#include <string.h>

#include "odc_report_rows.h"
#include "odc_report_text.h"

#define ODC_KEY_WIDTH 28
/* Where a key longer than its column goes on, on the lines after its first. */
#define ODC_KEY_INDENT 2

/* A part of a row's key: a name, or the report's own words (LEN bytes). */
struct odc_key_part {
	const char *s;
	size_t len;
	bool name;
};

#define ODC_KEY_PARTS 6
#define ODC_OWN(s, len) (struct odc_key_part){ s, len, false }
#define ODC_NAME(s) (struct odc_key_part){ s, strlen(s), true }

/*
 * Row P's key, as BY says: its host, its program (and its script), or
 * HOST:PROGRAM: the parts, in OUT. A program put behind "[uid N] " is the
 * report's own word for another user's. Where the key is not QUOTED, an
 * empty program's name is written "", which no name can be, so that the
 * line still begins with the key.
 */
static size_t odc_key_parts(const struct odc_report *rep, const struct odc_report_prog *p, bool quoted,
			    struct odc_key_part out[ODC_KEY_PARTS])
{
	size_t n = 0, uid = odc_report_uid_prefix(p->name);

	if (rep->by & ODC_BY_HOST)
		out[n++] = ODC_NAME(p->host);
	if (rep->by == (ODC_BY_HOST | ODC_BY_PROGRAM))
		out[n++] = ODC_OWN(":", 1);
	if (rep->by & ODC_BY_PROGRAM) {
		if (uid)
			out[n++] = ODC_OWN(p->name, uid);
		out[n++] = p->name[uid] || quoted ? ODC_NAME(p->name + uid) : ODC_OWN("\"\"", 2);
	}
	if (rep->by & ODC_BY_PROGRAM && p->script[0]) {
		out[n++] = ODC_OWN(" ", 1);
		out[n++] = ODC_NAME(p->script);
	}
	return n;
}

static size_t odc_key_width(const struct odc_key_part *parts, size_t n)
{
	size_t width = 0;

	for (size_t i = 0; i < n; i++)
		width += odc_text_width(parts[i].s, parts[i].len, parts[i].name);
	return width;
}

/* The N PARTS of a key, onto T; LAST: the word ends with them. */
static void odc_key_put(struct odc_text *t, const struct odc_key_part *parts, size_t n, bool last)
{
	for (size_t i = 0; i < n; i++)
		odc_text_put(t, parts[i].s, parts[i].len, parts[i].name, last && i + 1 == n);
}

/*
 * Row P's key in its column; where it is longer, on lines of its own, the
 * first at the column, the others indented, each ended by a backslash, and
 * the column left blank.
 */
static void odc_text_key_column(const struct odc_report *rep, const struct odc_report_prog *p)
{
	struct odc_key_part parts[ODC_KEY_PARTS];
	size_t n = odc_key_parts(rep, p, false, parts), width = odc_key_width(parts, n);
	struct odc_text t = { .indent = ODC_KEY_INDENT };

	odc_key_put(&t, parts, n, width <= ODC_KEY_WIDTH);
	if (width <= ODC_KEY_WIDTH)
		printf("%*s", ODC_KEY_WIDTH - (int)width, "");
	else
		printf("\\\n%*s", ODC_KEY_WIDTH, "");
}

static const char *odc_text_key_header(const struct odc_report *rep)
{
	return rep->by == (ODC_BY_HOST | ODC_BY_PROGRAM) ? "host:program"
	       : rep->by & ODC_BY_HOST			  ? "host" : "program";
}

/* A count's column: as wide as its name, and at least 5 digits. */
static int odc_count_width(const char *name)
{
	int n = (int)strlen(name);

	return n > 5 ? n : 5;
}

/* The first table: each row's counts, who saw its calls, then its states, wrapped at their commas. */
static void odc_text_counts(const struct odc_report *rep)
{
	struct odc_count counts[6];
	size_t n = odc_count_names(rep, counts);
	char states[ODC_STATES_TEXT_MAX], eyes[ODC_EYES_TEXT_MAX];

	printf("%-*s", ODC_KEY_WIDTH, odc_text_key_header(rep));
	int col = ODC_KEY_WIDTH;
	for (size_t c = 0; c < n; c++)
		col += printf(" %*s", odc_count_width(counts[c].name), counts[c].name);
	col += printf(" eyes");
	printf("  states\n");
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		odc_text_key_column(rep, p);
		odc_row_counts(rep, p, counts);
		for (size_t c = 0; c < n; c++) {
			char value[24];
			size_t len = odc_text_number(value, counts[c].more ? ">" : "", counts[c].value, "", 0);
			odc_text_cell(value, len, odc_count_width(counts[c].name));
		}
		printf(" %4s  ", odc_eyes_text(p, false, "", eyes));
		struct odc_text t = { col + 2, col + 2, 0, false };
		odc_states_text(p, ",", states);
		for (const char *s = states, *comma; *s; s = comma ? comma + 1 : s + strlen(s)) {
			comma = strchr(s, ',');
			odc_text_word(&t, s, comma ? (size_t)(comma - s) + 1 : strlen(s));
		}
		putchar('\n');
	}
}

/* A mode's column: as wide as its name, and at least 7 ("123/456"). */
static int odc_mode_width(int m)
{
	int n = (int)strlen(odc_mode_name((enum odc_mode)m));

	return n > 7 ? n : 7;
}

/* The second table: each mode's calls that would differ / would make something. */
static void odc_text_modes(const struct odc_report *rep)
{
	printf("%-*s", ODC_KEY_WIDTH, odc_text_key_header(rep));
	ODC_FOR_EACH_MODE(m)
		printf(" %*s", odc_mode_width(m), odc_mode_name((enum odc_mode)m));
	putchar('\n');
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		odc_text_key_column(rep, p);
		ODC_FOR_EACH_MODE(m) {
			char cell[48] = "-";
			size_t len = odc_predicted(p, m) ? odc_text_number(cell, "", p->differ[m], "/",
									   p->made[m]) : 1;
			odc_text_cell(cell, len, odc_mode_width(m));
		}
		putchar('\n');
	}
}

/*
 * For each mode, the rows that would notice it, their keys wrapped under
 * the first, each in quotes (which no name holds: a key's own blank, before
 * its script, cannot join two).
 */
static void odc_text_notice(const struct odc_report *rep)
{
	struct odc_key_part parts[ODC_KEY_PARTS];

	ODC_FOR_EACH_MODE(m) {
		int col = printf("  %-10s ", odc_mode_name((enum odc_mode)m));
		struct odc_text t = { col, col, 1, false };
		int named = 0;
		for (size_t i = 0; i < rep->names.count; i++) {
			const struct odc_report_prog *p = &rep->progs[i];
			if (!p->differ[m] && !p->made[m])
				continue;
			size_t n = odc_key_parts(rep, p, true, parts);
			odc_text_start(&t, odc_key_width(parts, n) + 2);
			odc_text_put(&t, "\"", 1, false, false);
			odc_key_put(&t, parts, n, false);
			odc_text_put(&t, "\"", 1, false, true);
			named++;
		}
		printf("%s\n", named ? "" : "none");
	}
}

/* COUNT NOUN, the noun in the plural where COUNT is not 1. */
static const char *odc_plural(long count, const char *noun, char out[64])
{
	snprintf(out, 64, "%ld %s%s", count, noun, count == 1 ? "" : "s");
	return out;
}

static void odc_text_totals(const struct odc_report *rep)
{
	char calls[64], programs[64], hosts[64], lines[64];

	printf("%s from %s on %s; %ld lost, %ld claimed\n", odc_plural(rep->records, "call", calls),
	       odc_plural((long)odc_report_programs(rep), "program", programs),
	       odc_plural((long)odc_report_hosts(rep), "host", hosts), rep->lost, rep->claimed);
	if (rep->unparsed) {
		int col = printf("%s could not be read: ",
				 odc_plural(rep->unparsed, "line", lines));
		struct odc_text t = { col, 2, 1, false };
		for (long i = 0; i < rep->unparsed && i < 10; i++)
			odc_text_name(&t, rep->where[i], strlen(rep->where[i]));
		if (rep->unparsed > 10)
			odc_text_word(&t, "...", 3);
		putchar('\n');
	}
	const char *its = rep->disowned == 1 ? "its" : "their";
	if (rep->disowned)
		printf("%s not counted: %s uid= is not %s file's owner\n",
		       odc_plural(rep->disowned, "line", lines), its, its);
}

void odc_report_print_text(const struct odc_report *rep)
{
	odc_text_counts(rep);
	odc_text_line("lost: calls whose lines never arrived; claimed: calls named by the sender's "
		      "word alone; eyes: who saw them, L the library, W the watcher.");
	putchar('\n');
	odc_text_line("Each mode: calls that would have got another result / calls that would have "
		      "left something new on disk; - where the log has no predictions.");
	odc_text_modes(rep);
	putchar('\n');
	odc_text_line("Those that would notice a change from the results they got, to each mode:");
	odc_text_notice(rep);
	odc_text_totals(rep);
	if (rep->names.count)
		odc_text_line("One program's scripts, call sites and names, and what each mode would give "
			      "each: odcreat report --program=PROGRAM [--resolve] with the same inputs.");
}
