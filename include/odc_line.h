/*
 * A line of text built on the stack, for the log and for the library's
 * messages: written later with one write(2), so that lines from many
 * threads and processes never interleave. No stdio, no allocation.
 */
#ifndef ODC_LINE_H
#define ODC_LINE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The longest line, its newline included: the longest the log writes,
 * and so the longest odcreat report reads.
 */
#define ODC_LINE_MAX 2048

struct odc_line {
	char text[ODC_LINE_MAX];	/* a longer line is cut short, and ends in "..." */
	size_t len;
	bool cut;	/* full: "..." written, and nothing more but the newline */
};

void odc_line_start(struct odc_line *l);
/* Everything after the first LEN bytes taken back. */
void odc_line_back_to(struct odc_line *l, size_t len);
/*
 * The N bytes at FROM moved to TO, where they may overlap, within the
 * line's text, which they must fit in; its length is left as it was.
 */
void odc_line_move(struct odc_line *l, size_t from, size_t to, size_t n);
/* The newline, which always fits. */
void odc_line_end(struct odc_line *l);

void odc_put_bytes(struct odc_line *l, const char *s, size_t n);

/*
 * A macro, so that a literal's length is known when it is compiled: most
 * of a line's puts are. S is evaluated once.
 */
#define odc_put(l, s)                                                          \
	({                                                                     \
		const char *odc_put_s_ = (s);                                  \
		odc_put_bytes((l), odc_put_s_, __builtin_strlen(odc_put_s_)); \
	})
/* V in BASE (up to 16), with at least WIDTH digits. */
void odc_put_uint(struct odc_line *l, unsigned long long v, unsigned base, int width);
void odc_put_int(struct odc_line *l, long long v);
/*
 * S quoted, with every byte that could forge a line or a field written as
 * \xHH; no more than the line holds, nor more than MAX bytes of S.
 */
void odc_put_quoted(struct odc_line *l, const char *s, size_t max);
/* The same, without the quotes. */
void odc_put_escaped(struct odc_line *l, const char *s, size_t max);

/*
 * Ends a value cut short to fit: it cannot stand in a value otherwise, as
 * every backslash of S is escaped.
 */
#define ODC_CUT_MARK "\\..."
/*
 * The same in no more than ROOM bytes of the line, quotes included: where
 * S does not fit, the whole escapes that do, then ODC_CUT_MARK.
 */
void odc_put_quoted_within(struct odc_line *l, const char *s, size_t max, size_t room);
void odc_put_escaped_within(struct odc_line *l, const char *s, size_t max, size_t room);
/* How many bytes the line still holds before it is cut short. */
size_t odc_line_room(const struct odc_line *l);

/* N bytes FROM to TO, which do not overlap. */
void odc_copy(char *to, const char *from, size_t n);

/* V in decimal at OUT, which holds 21 bytes: the digits' count. No NUL. */
size_t odc_format_uint(char *out, unsigned long long v);

#endif
