/* odcreat report's text in 80 columns (src/cmd/report/text.c), for the table and the drill-down. */
#ifndef ODC_REPORT_TEXT_H
#define ODC_REPORT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define ODC_TEXT_WIDTH 80

/*
 * Words printed one after another, SPACE blanks apart, wrapped at
 * ODC_TEXT_WIDTH; a wrapped line's words start at INDENT. COL: the column
 * reached; HELD: the line holds a word (the caller's lead-in is none).
 */
struct odc_text {
	int col, indent, space;
	bool held;
};

/*
 * WORD (LEN bytes) on the line, or the next where it does not fit; cut
 * where no line holds it, each piece but the last ended by a backslash.
 */
void odc_text_word(struct odc_text *t, const char *word, size_t len);

/* A paragraph: TEXT, its words wrapped. */
void odc_text_line(const char *text);

/*
 * BEFORE, V in decimal, and where SEP is not empty, SEP and W, at OUT,
 * NUL-terminated: the length. The tables print a row's figures with it,
 * not printf, whose parsing of a format costs more than their every digit.
 */
size_t odc_text_number(char *out, const char *before, long v, const char *sep, long w);
/* A blank, then S (LEN bytes) to the right of a column WIDTH wide. */
void odc_text_cell(const char *s, size_t len, int width);

/*
 * S from column INDENT on; where it does not fit, in pieces of the rest of
 * the line, each ended by a backslash (which no line of figures ends in)
 * and the next begun at INDENT. Where HANGING, the last piece is ended by
 * a backslash too, for what follows on the next line; otherwise by a
 * newline.
 */
void odc_text_item(int indent, const char *s, bool hanging);

#endif
