/*
 * fuzz_report's checks of the text (fuzz_report.c says what they are): its
 * first table's rows and their keys' words, the lists of the rows that
 * would notice each mode, and the drill-down's heads.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz_report.h"

/* The line after LINE (END: the text's end), or END. */
static const char *next_line(const char *line, const char *end)
{
	const char *nl = memchr(line, '\n', (size_t)(end - line));

	return nl ? nl + 1 : end;
}

static size_t line_len(const char *line, const char *end)
{
	return (size_t)(next_line(line, end) - line) - (next_line(line, end) < end || end[-1] == '\n');
}

/* The line of S (LEN bytes) that begins with PREFIX, or NULL. */
static const char *find_line(const char *s, size_t len, const char *prefix)
{
	for (const char *line = s, *end = s + len; line < end; line = next_line(line, end))
		if (strncmp(line, prefix, strlen(prefix)) == 0)
			return line;
	return NULL;
}

/* Words between blanks, counted across the pieces of a text fed one by one. */
struct words {
	size_t count;
	bool in;
};

static void count_words(struct words *w, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		w->count += s[i] != ' ' && !w->in;
		w->in = s[i] != ' ';
	}
}

/*
 * The text's first table, its lines after the header up to the legend's
 * first line (longer than a row's key could make a line that ends
 * otherwise than in a backslash): one row for each of REP's, in order,
 * each begun by the one line that begins with a non-blank; one line of
 * figures each (a line that is neither a long key's, ended by a
 * backslash, nor its states' continuation, 62 blanks in). A key holds no
 * blank but the one before its script and those of a "[uid N] " the
 * report put before another user's program: where it fits its column, its
 * line's words are the key's, the counts, the eyes and the states; where it has
 * lines of its own (each ended by a backslash, the further ones indented
 * by 2), their pieces joined hold the key's words alone.
 */
#define ODC_LEGEND "lost: calls whose lines never arrived; claimed: calls named by the sender's word"
void check_text_rows(const struct odc_report *rep, const char *out, size_t len)
{
	struct odc_count counts[6];
	size_t columns = odc_count_names(rep, counts), rows = 0, figures = 0, key_words = 0;
	struct words key = { 0 };
	const char *end = out + len;

	for (const char *line = next_line(out, end); line < end; line = next_line(line, end)) {
		size_t n = line_len(line, end);
		if (n == sizeof ODC_LEGEND - 1 && memcmp(line, ODC_LEGEND, n) == 0)
			break;
		bool name = n && line[n - 1] == '\\', states = n > 62 && strspn(line, " ") >= 62;
		if (n && line[0] != ' ') {
			if (rows == rep->names.count)
				fuzz_fail("text: more rows than programs", out, len);
			const struct odc_report_prog *p = &rep->progs[rows++];
			key_words = 1 + (rep->by & ODC_BY_PROGRAM && p->script[0]) +
				    2 * (rep->by & ODC_BY_PROGRAM && odc_report_uid_prefix(p->name));
			key = (struct words){ 0 };
			count_words(&key, line, name ? n - 1 : n);
			char states[ODC_STATES_TEXT_MAX], eyes[ODC_EYES_TEXT_MAX];
			bool stated = odc_states_text(p, ",", states)[0];
			bool eyed = odc_eyes_text(p, false, "", eyes)[0];
			if (!name && key.count != key_words + columns + eyed + stated)
				fuzz_fail("text: a row's line with another count of words", out, len);
			if (!name)
				key.count = key_words;	/* checked: no figures line of its own follows */
		} else if (name) {
			if (n < 3 || strncmp(line, "  ", 2) != 0)
				fuzz_fail("text: a long key's line not indented by 2", out, len);
			count_words(&key, line + 2, n - 3);
		} else if (!states && n && key.count != key_words) {
			fuzz_fail("text: a long key with another count of words", out, len);
		}
		figures += !name && !states;
	}
	if (rows != rep->names.count || figures != rep->names.count)
		fuzz_fail("text: not one row per program", out, len);
}

static size_t count_quotes(const char *line, const char *end)
{
	size_t quotes = 0;

	for (size_t i = 0; i < line_len(line, end); i++)
		quotes += line[i] == '"';
	return quotes;
}

/* Each mode's list of the rows that would notice it: as many names in quotes as there are rows. */
void check_notice(const struct odc_report *rep, const char *out, size_t len)
{
	const char *end = out + len, *line = find_line(out, len, "Those that would notice");

	if (!line)
		fuzz_fail("text: no lists of the rows that would notice each mode", out, len);
	ODC_FOR_EACH_MODE(m) {
		line = next_line(line, end);
		size_t quotes = count_quotes(line, end), noticing = 0;
		/* Its further lines, 13 blanks in. */
		for (const char *more; (more = next_line(line, end)) < end && strspn(more, " ") >= 13;)
			quotes += count_quotes(line = more, end);
		for (size_t i = 0; i < rep->names.count; i++)
			noticing += rep->progs[i].differ[m] || rep->progs[i].made[m];
		if (quotes != 2 * noticing)
			fuzz_fail("text: a list of names that is not one name in quotes for each row", out, len);
	}
}

/* Whether LINE (N bytes) is the drill-down's "COUNT line(s) could not be read." */
static bool unparsed_line(const char *line, size_t n)
{
	static const char one[] = " line could not be read.", more[] = " lines could not be read.";
	size_t digits = strspn(line, "0123456789");

	if (!digits || digits > n)
		return false;
	line += digits, n -= digits;
	return (n == sizeof one - 1 && !memcmp(line, one, n)) || (n == sizeof more - 1 && !memcmp(line, more, n));
}

/*
 * In a drill-down's text, each line that begins with a non-blank is one
 * of the report's own, or a program's head (its further lines indented):
 * as many as the programs it shows.
 */
void check_drill_heads(const struct odc_drill *d, const char *out, size_t len)
{
	static const char *const own[] = { "No call of a program named", "A call site is a module ",
					    "--resolve names its function " };
	const struct odc_top_entry *progs[ODC_DRILL_PROGRAMS];
	const char *end = out + len;
	size_t heads = 0;

	for (const char *line = out; line < end; line = next_line(line, end)) {
		size_t n = line_len(line, end);
		bool ours = !n || line[0] == ' ' || unparsed_line(line, n);
		for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
			ours |= strncmp(line, own[i], strlen(own[i])) == 0;
		heads += !ours;
	}
	if (heads != odc_top_sorted(&d->programs, progs))
		fuzz_fail("drill-down: a line that begins with a name but a program's head", out, len);
}
