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

/*
 * No put writes at or past END, which is never past the newline's place,
 * whatever it is given: a line too long is cut short there and ends in
 * "...". The text comes last, so that a write past it would be past the
 * whole object, where the sanitizers see it.
 */
struct odc_line {
	size_t len;
	size_t end;	/* the newline's place, or a value's bound (odc_line_bound) */
	size_t parked;	/* bytes set aside before the newline's place (odc_line_park) */
	char text[ODC_LINE_MAX];
};

void odc_line_start(struct odc_line *l);
/* The newline, which always fits, after all that fits. */
void odc_line_end(struct odc_line *l);

/* How many bytes the line still holds before END. */
static inline size_t odc_line_room(const struct odc_line *l)
{
	return l->end - l->len;
}

/* The newline's place, and so the last END: the parked bytes lie before it. */
static inline size_t odc_line_last(const struct odc_line *l)
{
	return sizeof l->text - 1 - l->parked;
}

/* END, within the line's last, and never before its length: what lies past it is taken back. */
static inline void odc_line_set_end(struct odc_line *l, size_t end)
{
	l->end = end < odc_line_last(l) ? end : odc_line_last(l);
	if (l->len > l->end)
		l->len = l->end;
}

/*
 * Until odc_line_unbound(L, the end returned), no more than N more bytes
 * (a value's bound): what passes it is cut short and marked there. Inline:
 * a line bounds each of its values.
 */
static inline size_t odc_line_bound(struct odc_line *l, size_t n)
{
	size_t end = l->end;

	if (n < odc_line_room(l))
		l->end = l->len + n;
	return end;
}

static inline void odc_line_unbound(struct odc_line *l, size_t end)
{
	odc_line_set_end(l, end);
}

/*
 * The bytes from AT on set aside before the newline's place, where no put
 * reaches them, until odc_line_unpark puts them back after what the line
 * then holds: a value written in their place takes the room they leave.
 */
void odc_line_park(struct odc_line *l, size_t at);
void odc_line_unpark(struct odc_line *l);

/*
 * The N bytes at AT replaced by M bytes' room, what follows moved along,
 * within the text (a finished line may grow to its whole size): false,
 * and nothing moved, where it would not fit.
 */
bool odc_line_splice(struct odc_line *l, size_t at, size_t n, size_t m);

/*
 * A loop, not memcpy: libc's memcpy would be the library's only import of
 * its symbol version, and each version costs every process a check at
 * start-up. A word at a time (a fixed-size __builtin_memcpy is a load and
 * a store, never a call); what is left, a word that ends where the bytes
 * do, read before anything is written, so that a copy downwards over
 * itself (odc_line_park, odc_line_splice) stays whole. A line's pieces are short, so
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

/* The same as odc_put_bytes, where the bytes may not fit: seldom. */
__attribute__((cold)) void odc_put_bytes_cut(struct odc_line *l, const char *s, size_t n);

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
/* V in BASE (2 to 16), with at least WIDTH digits, and no more than 64. */
void odc_put_uint(struct odc_line *l, unsigned long long v, unsigned base, int width);
void odc_put_int(struct odc_line *l, long long v);
/*
 * Ends a value cut short to fit: it cannot stand in a value otherwise, as
 * every backslash of S is escaped.
 */
#define ODC_CUT_MARK "\\..."
/*
 * S (no more than MAX bytes of it) with every byte that could forge a line
 * or a field written as \xHH, in no more than ROOM bytes, nor more than
 * the line holds: where it does not fit, the whole escapes that do, then
 * ODC_CUT_MARK.
 */
void odc_put_escaped_within(struct odc_line *l, const char *s, size_t max, size_t room);
/* The same within quotes, which ROOM includes. */
void odc_put_quoted_within(struct odc_line *l, const char *s, size_t max, size_t room);
/* The same in all the room the line holds. */
void odc_put_escaped(struct odc_line *l, const char *s, size_t max);
void odc_put_quoted(struct odc_line *l, const char *s, size_t max);

/* V in decimal at OUT, which holds 21 bytes: the digits' count. No NUL. */
size_t odc_format_uint(char *out, unsigned long long v);

#endif
