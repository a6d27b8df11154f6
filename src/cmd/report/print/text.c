/* odcreat report's text in 80 columns (odc_report_text.h). */
#include <stdio.h>
#include <string.h>

#include "odc_report_text.h"

static bool odc_hex_digit(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Whether C is printed as itself, alone: most of a name's bytes. */
static bool odc_text_plain(char c)
{
	return c > ' ' && c < 0x7f && c != '\\';
}

/*
 * The unit of text at S (LEN bytes, at least 1), which no cut divides, into
 * OUT: an escape \xHH whole; a blank of a NAME's, or a byte that is not
 * printable ASCII, escaped; any other byte itself. Its length; *TAKES: the
 * bytes of S it stands for.
 */
static size_t odc_text_unit(const char *s, size_t len, bool name, char out[4], size_t *takes)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c = (unsigned char)s[0];

	*takes = 1;
	if (odc_text_plain(s[0])) {
		out[0] = (char)c;
		return 1;
	}
	if (c == '\\' && len >= 4 && s[1] == 'x' && odc_hex_digit(s[2]) && odc_hex_digit(s[3])) {
		*takes = 4;
		out[0] = '\\', out[1] = 'x', out[2] = s[2], out[3] = s[3];
		return 4;
	}
	if (c == '\\') {
		out[0] = '\\';
		return 1;
	}
	if (c == ' ' && !name) {
		out[0] = ' ';
		return 1;
	}
	out[0] = '\\', out[1] = 'x', out[2] = hex[c >> 4], out[3] = hex[c & 15];
	return 4;
}

size_t odc_text_width(const char *s, size_t len, bool name)
{
	size_t width = 0, takes;
	char unit[4];

	for (size_t at = 0; at < len; at += takes)
		width += odc_text_plain(s[at]) ? (takes = 1) : odc_text_unit(s + at, len - at, name, unit, &takes);
	return width;
}

void odc_text_start(struct odc_text *t, size_t width)
{
	int gap = t->held ? t->space : 0, room = ODC_TEXT_WIDTH - t->col - gap;

	if (t->held && (room < 0 || (size_t)room < width)) {
		printf("\n%*s", t->indent, "");
		t->col = t->indent;
		gap = 0;
	}
	printf("%*s", gap, "");
	t->col += gap;
	t->held = true;
}

/*
 * How many of a run of RUN plain bytes T's line holds: before a cut's
 * backslash, or to its end where they END the word; 0: a cut first.
 */
static size_t odc_text_fit(const struct odc_text *t, size_t run, bool end)
{
	size_t room = t->col < ODC_TEXT_WIDTH ? (size_t)(ODC_TEXT_WIDTH - t->col) : 0;

	if (run <= room - (room && !end))
		return run;	/* all of it, in the last column too where it ends the word */
	if (room > 1)
		return room - 1;
	return t->col > t->indent ? 0 : 1;	/* a line holding nothing of its own takes one */
}

void odc_text_put(struct odc_text *t, const char *s, size_t len, bool name, bool last)
{
	for (size_t at = 0, takes; at < len; at += takes) {
		char unit[4];
		const char *text = s + at;
		size_t run = 0, cols;
		while (at + run < len && odc_text_plain(s[at + run]))
			run++;
		/* A run of plain bytes is written at once, as much of it as the line holds. */
		if (run)
			cols = takes = odc_text_fit(t, run, last && at + run == len);
		else
			cols = odc_text_unit(s + at, len - at, name, unit, &takes), text = unit;
		bool end = last && at + takes == len;
		if (!cols || (t->col + (int)cols + !end > ODC_TEXT_WIDTH && t->col > t->indent)) {
			printf("\\\n%*s", t->indent, "");
			t->col = t->indent;
			if (!cols)
				continue;
		}
		fwrite(text, 1, cols, stdout);
		t->col += (int)cols;
	}
}

void odc_text_word(struct odc_text *t, const char *word, size_t len)
{
	if (!len)
		return;	/* between two blanks of a paragraph */
	odc_text_start(t, odc_text_width(word, len, false));
	odc_text_put(t, word, len, false, true);
}

void odc_text_name(struct odc_text *t, const char *name, size_t len)
{
	odc_text_start(t, odc_text_width(name, len, true));
	odc_text_put(t, name, len, true, true);
}

void odc_text_line(const char *text)
{
	struct odc_text t = { .space = 1 };

	for (size_t n; *text; text += n + (text[n] == ' ')) {
		n = strcspn(text, " ");
		odc_text_word(&t, text, n);
	}
	putchar('\n');
}

size_t odc_text_number(char *out, const char *before, long v, const char *sep, long w)
{
	char *at = out;

	for (; *before; before++)
		*at++ = *before;
	for (int i = 0; i < 1 + (*sep != '\0'); i++) {
		char digits[24];
		size_t n = 0;
		unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
		if (v < 0)
			*at++ = '-';
		do
			digits[n++] = (char)('0' + u % 10);
		while (u /= 10);
		while (n)
			*at++ = digits[--n];
		if (i == 0 && *sep)
			*at++ = *sep;
		v = w;
	}
	*at = '\0';
	return (size_t)(at - out);
}

void odc_text_cell(const char *s, size_t len, int width)
{
	static const char blanks[] = "                                ";
	int pad = 1 + (width > (int)len ? width - (int)len : 0);

	for (; pad > 0; pad -= (int)sizeof blanks - 1)
		fwrite(blanks, 1, pad < (int)sizeof blanks - 1 ? (size_t)pad : sizeof blanks - 1, stdout);
	fwrite(s, 1, len, stdout);
}
