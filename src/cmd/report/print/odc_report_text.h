/*
 * odcreat report's text in 80 columns (src/cmd/report/print/text.c), for the
 * table and the drill-down. Names (a program's, a script's, a host's, a
 * path) are a user's choice: a name's blanks are written \x20, as its
 * control bytes and quotes already are, so that every blank of the text
 * is the report's own and no piece of a name, at whatever column a
 * terminal breaks it, can hold a row's figures; and where a name goes on
 * to another line, that line begins with the report's blanks, not with
 * the name.
 */
#ifndef ODC_REPORT_TEXT_H
#define ODC_REPORT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define ODC_TEXT_WIDTH 80

/*
 * Words printed one after another, SPACE blanks apart, wrapped at
 * ODC_TEXT_WIDTH; a wrapped line's words start at INDENT (more than 0
 * where a name may wrap). COL: the column reached; HELD: the line holds a
 * word (the caller's lead-in is none).
 */
struct odc_text {
	int col, indent, space;
	bool held;
};

/* The columns S (LEN bytes) takes printed by odc_text_put, as a NAME or not. */
size_t odc_text_width(const char *s, size_t len, bool name);

/* A word WIDTH columns wide begins: after SPACE blanks, or on the next line where it does not fit. */
void odc_text_start(struct odc_text *t, size_t width);

/*
 * S (LEN bytes), the next part of a word: where a NAME, its blanks as
 * \x20; every byte that is not printable ASCII as \xHH. Cut where the
 * line ends, never inside an escape, each line's piece ended by a
 * backslash (which no row's figures end in) and the next begun at INDENT.
 * LAST: the word's last part, which may reach the last column; otherwise
 * one is kept for the backslash of a cut.
 */
void odc_text_put(struct odc_text *t, const char *s, size_t len, bool name, bool last);

/* WORD (LEN bytes), the report's own, as a word: started, then put. */
void odc_text_word(struct odc_text *t, const char *word, size_t len);

/* NAME (LEN bytes) as a word: started, then put as a name. */
void odc_text_name(struct odc_text *t, const char *name, size_t len);

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

#endif
