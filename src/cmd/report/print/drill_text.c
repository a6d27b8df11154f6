/*
 * odcreat report --program=NAME as text, in 80 columns: for each program
 * NAME names, its scripts, its call sites and its names, most called
 * first, each list cut where it says how many more there were. A count
 * that a list which could not keep every key reached only as a bound is
 * written "N+": at least N. Every name was made printable ASCII when it
 * was read, and its blanks are written \x20; one longer than its line goes
 * on in pieces, each line but the last ended by a backslash and the next
 * begun under it, so that no name can pass for a row (odc_report_text.h).
 */
#include <stdio.h>
#include <string.h>

#include "odc_report_resolve.h"
#include "odc_report_rows.h"
#include "odc_report_text.h"

#define ODC_COUNT_WIDTH 9
#define ODC_ITEM_COLUMN (ODC_COUNT_WIDTH + 2)
/* Where a program's name longer than a line goes on. */
#define ODC_KEY_INDENT 2

/* E's count, "N+" where it is only a bound. */
static const char *odc_drill_count_text(const struct odc_top_entry *e, char out[24])
{
	snprintf(out, 24, "%ld%s", e->count - e->error, e->error ? "+" : "");
	return out;
}

/* "and N more NOUNs", where the list had more than it printed. */
static void odc_drill_more(const struct odc_top *t, size_t shown, const char *noun)
{
	bool exact;
	long more = odc_top_more(t, shown, &exact);

	if (more)
		printf("%*s%s%ld more %s%s\n", ODC_ITEM_COLUMN, "", exact ? "and " : "and at least ",
		       more, noun, more == 1 && exact ? "" : "s");
}

/* NAME and the report's own TAIL after it, as one word of T. */
static void odc_drill_name_word(struct odc_text *t, const char *name, const char *tail)
{
	odc_text_start(t, odc_text_width(name, strlen(name), true) + strlen(tail));
	odc_text_put(t, name, strlen(name), true, !*tail);
	odc_text_put(t, tail, strlen(tail), false, true);
}

/* The report's own TEXT, its words onto T. */
static void odc_drill_words(struct odc_text *t, const char *text)
{
	for (const char *s = text, *end; *s; s = *end ? end + 1 : end) {
		end = s + strcspn(s, " ");
		odc_text_word(t, s, (size_t)(end - s));
	}
}

/* Where SITE's code is, under it: its function and source line, or why not. */
static void odc_drill_where(const char *site)
{
	struct odc_resolved r;
	struct odc_text t = { ODC_ITEM_COLUMN, ODC_ITEM_COLUMN, 1, false };

	odc_resolve(site, &r);
	printf("%*s", ODC_ITEM_COLUMN, "");
	if (r.why) {
		odc_drill_words(&t, "not resolved:");
		odc_drill_words(&t, r.why);
	} else {
		odc_drill_name_word(&t, r.function, "");
		odc_text_word(&t, "at", 2);
		odc_drill_name_word(&t, r.source, "");
	}
	putchar('\n');
}

/* E's count, then the LEN bytes of NAME from the list's column on, its further lines under it. */
static void odc_drill_item(const struct odc_top_entry *e, const char *name, size_t len)
{
	char count[24];
	struct odc_text t = { .indent = ODC_ITEM_COLUMN };

	t.col = printf("%*s  ", ODC_COUNT_WIDTH, odc_drill_count_text(e, count));
	odc_text_put(&t, name, len, true, true);
	putchar('\n');
}

/* The first MAX of list T, under HEADING, each count and key (its site resolved where D says). */
static void odc_drill_list(const struct odc_drill *d, const struct odc_top *t, size_t max,
			   const char *heading, const char *noun, bool sites)
{
	const struct odc_top_entry *sorted[ODC_DRILL_NAMES * ODC_DRILL_KEEP];
	size_t n = odc_top_sorted(t, sorted), shown = n < max ? n : max;

	printf("  %s:\n", heading);
	for (size_t i = 0; i < shown; i++) {
		odc_drill_item(sorted[i], sorted[i]->key, sorted[i]->len);
		char site[ODC_REPORT_NAME_MAX + 1];
		snprintf(site, sizeof site, "%.*s", (int)sorted[i]->len, sorted[i]->key);
		if (sites && d->resolve && strcmp(site, "-") != 0)
			odc_drill_where(site);
	}
	odc_drill_more(t, shown, noun);
}

/* What the call found and got, and each mode's answer, as words under the name. */
static void odc_drill_outcome(const struct odc_drill_case *c)
{
	char word[64];
	struct odc_text t = { ODC_ITEM_COLUMN, ODC_ITEM_COLUMN, 1, false };

	printf("%*s", ODC_ITEM_COLUMN, "");
	snprintf(word, sizeof word, "state %s,", c->state);
	odc_text_word(&t, word, strlen(word));
	snprintf(word, sizeof word, "got %s;", c->result);
	odc_text_word(&t, word, strlen(word));
	bool none = true;
	ODC_FOR_EACH_MODE(m)
		none &= strcmp(c->would[m], "-") == 0;
	if (none) {
		odc_text_word(&t, "no predictions logged", 21);
		putchar('\n');
		return;
	}
	odc_text_word(&t, "would get:", 10);
	ODC_FOR_EACH_MODE(m) {
		snprintf(word, sizeof word, "%s %s%s", odc_mode_name((enum odc_mode)m), c->would[m],
			 m + 1 < ODC_MODE_COUNT ? "," : "");
		odc_text_word(&t, word, strlen(word));
	}
	putchar('\n');
}

static void odc_drill_names(const struct odc_top *t)
{
	const struct odc_top_entry *sorted[ODC_DRILL_NAMES * ODC_DRILL_KEEP];
	size_t n = odc_top_sorted(t, sorted), shown = n < ODC_DRILL_NAMES ? n : ODC_DRILL_NAMES;

	printf("  names, most called first:\n");
	for (size_t i = 0; i < shown; i++) {
		struct odc_drill_case c;
		odc_drill_case(sorted[i], &c);
		odc_drill_item(sorted[i], c.name, strlen(c.name));
		odc_drill_outcome(&c);
	}
	odc_drill_more(t, shown, "name");
}

/* Program E's head: its name (a "[uid N] " before it the report's own), its further lines indented, and its calls. */
static void odc_drill_head(const struct odc_top_entry *e)
{
	char name[ODC_REPORT_NAME_MAX + 1], count[24], calls[40];
	struct odc_text t = { .indent = ODC_KEY_INDENT };

	snprintf(name, sizeof name, "%.*s", (int)e->len, e->key);
	snprintf(calls, sizeof calls, ": %s call%s", odc_drill_count_text(e, count), e->count == 1 ? "" : "s");
	size_t uid = odc_report_uid_prefix(name);
	odc_text_put(&t, name, uid, false, false);
	odc_text_put(&t, name + uid, strlen(name + uid), true, false);
	odc_text_put(&t, calls, strlen(calls), false, true);
	putchar('\n');
}

void odc_drill_print_text(const struct odc_drill *d)
{
	const struct odc_top_entry *progs[ODC_DRILL_PROGRAMS];
	size_t n = odc_top_sorted(&d->programs, progs);

	for (size_t i = 0; i < n; i++) {
		const struct odc_drill_prog *p = progs[i]->data;
		printf("%s", i ? "\n" : "");
		odc_drill_head(progs[i]);
		odc_drill_list(d, &p->scripts, ODC_DRILL_SCRIPTS, "scripts, most called first (-: none)",
			       "script", false);
		odc_drill_list(d, &p->sites, ODC_DRILL_SITES,
			       "call sites, most called first (-: none logged)", "call site", true);
		odc_drill_names(&p->names);
	}
	odc_drill_more(&d->programs, n, "program");
	if (d->unparsed)
		printf("%ld line%s could not be read.\n", d->unparsed, d->unparsed == 1 ? "" : "s");
	if (n && !d->resolve)
		odc_text_line("A call site is a module and the offset in its file of the code that called; "
			      "--resolve names its function and source line.");
}
