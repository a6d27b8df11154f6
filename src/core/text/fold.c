/* Folding a line's text for a terminal (odc_say.h). No stdio, no allocation. */
#include <stdbool.h>

#include "odc_say.h"

/* A continuation's indent at most: a deeper line still leaves room for words. */
#define ODC_FOLD_INDENT_MAX 40

/* The columns of the N bytes at S: a UTF-8 continuation byte takes none. */
static size_t odc_columns(const char *s, size_t n)
{
	size_t columns = 0;

	for (size_t i = 0; i < n; i++)
		columns += ((unsigned char)s[i] & 0xc0) != 0x80;
	return columns;
}

/*
 * The SPACES bytes at AT (one at least) become a newline and INDENT
 * spaces, or a newline alone where the line has no room for them, which
 * always fits: the column after them.
 */
static size_t odc_fold_at(struct odc_line *l, size_t at, size_t spaces, size_t indent)
{
	if (!odc_line_splice(l, at, spaces, 1 + indent)) {
		indent = 0;
		odc_line_splice(l, at, spaces, 1);
	}
	l->text[at] = '\n';
	for (size_t i = 1; i <= indent; i++)
		l->text[at + i] = ' ';
	return indent;
}

void odc_line_fold(struct odc_line *l)
{
	size_t column = 0, indent = 0;
	bool empty = true;	/* no word on this screen line yet */

	for (size_t at = 0; at < l->len;) {
		if (l->text[at] == '\n') {
			at++;
			column = 0;
			empty = true;
			continue;
		}
		size_t spaces = 0, word = 0;
		while (at + spaces < l->len && l->text[at + spaces] == ' ')
			spaces++;
		while (at + spaces + word < l->len && l->text[at + spaces + word] != ' ' &&
		       l->text[at + spaces + word] != '\n')
			word++;
		size_t width = odc_columns(l->text + at + spaces, word);
		if (empty && column == 0)
			indent = spaces + 4 < ODC_FOLD_INDENT_MAX ? spaces + 4 : ODC_FOLD_INDENT_MAX;
		if (!empty && word && column + spaces + width > ODC_SAY_COLUMNS) {
			column = odc_fold_at(l, at, spaces, indent);
			at += 1 + column;
			spaces = 0;
		}
		at += spaces + word;
		column += spaces + width;
		empty = empty && !word;
	}
}
