/*
 * A line of text built on the stack, for the log and for the library's
 * messages: written later with one write(2), so that lines from many
 * threads and processes never interleave. No stdio, no allocation.
 */
#ifndef ODC_LINE_H
#define ODC_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* How many bytes the line still holds before it is cut short ("...\n" always fits). */
static inline size_t odc_line_room(const struct odc_line *l)
{
	return l->cut ? 0 : sizeof l->text - 4 - l->len;
}

/*
 * A loop, not memcpy: libc's memcpy would be the library's only import of
 * its symbol version, and each version costs every process a check at
 * start-up. A word at a time (a fixed-size __builtin_memcpy is a load and
 * a store, never a call); what is left, a word that ends where the bytes
 * do, read before anything is written, so that a copy downwards over
 * itself (odc_line_move) stays whole. A line's pieces are short, so
 * fewer than 8 bytes are two overlapping halves, not a loop.
 */
#define ODC_COPY_ENDS(type, to, from, n)                                \
	do {                                                            \
		type head_, tail_;                                      \
		__builtin_memcpy(&head_, (from), sizeof head_);         \
		__builtin_memcpy(&tail_, (from) + (n) - sizeof tail_, sizeof tail_); \
		__builtin_memcpy((to), &head_, sizeof head_);           \
		__builtin_memcpy((to) + (n) - sizeof tail_, &tail_, sizeof tail_); \
	} while (0)

static inline void odc_copy(char *to, const char *from, size_t n)
{
	if (n < sizeof(uint64_t)) {
		if (n >= sizeof(uint32_t))
			ODC_COPY_ENDS(uint32_t, to, from, n);
		else if (n >= sizeof(uint16_t))
			ODC_COPY_ENDS(uint16_t, to, from, n);
		else if (n)
			*to = *from;
		return;
	}
	uint64_t last;
	__builtin_memcpy(&last, from + n - sizeof last, sizeof last);
	for (size_t i = 0; i + sizeof last < n; i += sizeof last) {
		uint64_t word;
		__builtin_memcpy(&word, from + i, sizeof word);
		__builtin_memcpy(to + i, &word, sizeof word);
	}
	__builtin_memcpy(to + n - sizeof last, &last, sizeof last);
}

/* The same as odc_put_bytes, where the bytes may not fit. */
void odc_put_bytes_cut(struct odc_line *l, const char *s, size_t n);

/*
 * Inline, as odc_copy is: a line is some sixty short pieces, most of them
 * literals, whose copies are then a load and a store or two. A macro, as
 * odc_put is, so that this header calls nothing that line.c alone
 * defines; L, S and N are evaluated once.
 */
#define odc_put_bytes(l, s, n)                                                 \
	({                                                                     \
		struct odc_line *odc_pb_l_ = (l);                              \
		const char *odc_pb_s_ = (s);                                   \
		size_t odc_pb_n_ = (n);                                        \
		if (__builtin_expect(odc_pb_n_ > odc_line_room(odc_pb_l_), 0)) { \
			odc_put_bytes_cut(odc_pb_l_, odc_pb_s_, odc_pb_n_);    \
		} else {                                                       \
			odc_copy(odc_pb_l_->text + odc_pb_l_->len, odc_pb_s_, odc_pb_n_); \
			odc_pb_l_->len += odc_pb_n_;                           \
		}                                                              \
	})

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

/* V in decimal at OUT, which holds 21 bytes: the digits' count. No NUL. */
size_t odc_format_uint(char *out, unsigned long long v);

#endif
