/* odcreat report's text in 80 columns (odc_report_text.h). */
#include <stdio.h>
#include <string.h>

#include "odc_report_text.h"

void odc_text_word(struct odc_text *t, const char *word, size_t len)
{
	while (len) {
		int gap = t->held ? t->space : 0, room = ODC_TEXT_WIDTH - t->col - gap;
		if (t->held && room < (int)len) {
			printf("\n%*s", t->indent, "");
			t->col = t->indent;
			t->held = false;
			continue;
		}
		/* A word longer than a line is cut, each piece but its last ended by a backslash, as a name is. */
		bool cut = room > 1 && (size_t)room < len;
		size_t n = cut ? (size_t)room - 1 : len;
		printf("%*s%.*s%s", gap, "", (int)n, word, cut ? "\\" : "");
		t->col += gap + (int)n + cut;
		t->held = true;
		word += n;
		len -= n;
	}
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

void odc_text_item(int indent, const char *s, bool hanging)
{
	size_t len = strlen(s), piece = (size_t)(ODC_TEXT_WIDTH - 1 - indent);

	if (!hanging && len <= piece + 1) {
		printf("%s\n", s);
		return;
	}
	for (size_t at = 0; at < len; at += piece) {
		size_t n = len - at < piece ? len - at : piece;
		bool last = at + n == len;
		printf("%.*s%s%*s", (int)n, s + at, last && !hanging ? "\n" : "\\\n",
		       last ? 0 : indent, "");
	}
}
