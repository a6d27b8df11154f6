/* Building a line on the stack (odc_line.h). */
#include <stdint.h>
#include <string.h>

#include "odc_line.h"

void odc_line_start(struct odc_line *l)
{
	l->len = 0;
	l->cut = false;
}

void odc_line_back_to(struct odc_line *l, size_t len)
{
	l->len = len;
	l->cut = false;
}

/* Upwards, from the end: each word read before anything is written over it. */
void odc_line_move(struct odc_line *l, size_t from, size_t to, size_t n)
{
	if (to <= from) {
		odc_copy(l->text + to, l->text + from, n);
		return;
	}
	for (; n >= sizeof(uint64_t); n -= sizeof(uint64_t)) {
		uint64_t word;
		__builtin_memcpy(&word, l->text + from + n - sizeof word, sizeof word);
		__builtin_memcpy(l->text + to + n - sizeof word, &word, sizeof word);
	}
	while (n--)
		l->text[to + n] = l->text[from + n];
}

void odc_line_end(struct odc_line *l)
{
	l->text[l->len++] = '\n';
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

void odc_copy(char *to, const char *from, size_t n)
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

void odc_put_bytes(struct odc_line *l, const char *s, size_t n)
{
	size_t room = sizeof l->text - 4 - l->len;	/* "...\n" always fits */

	if (l->cut)
		return;
	if (n > room) {
		odc_copy(l->text + l->len, s, room);
		odc_copy(l->text + l->len + room, "...", 3);
		l->len += room + 3;
		l->cut = true;
		return;
	}
	odc_copy(l->text + l->len, s, n);
	l->len += n;
}

/* V's digits in BASE, at least WIDTH of them, ending at END: their count. */
static int odc_digits(char *end, unsigned long long v, unsigned base, int width)
{
	int n = 0;

	do {
		*--end = "0123456789abcdef"[v % base];
		n++;
		v /= base;
	} while (v || n < width);
	return n;
}

void odc_put_uint(struct odc_line *l, unsigned long long v, unsigned base, int width)
{
	char digits[24];
	int n = odc_digits(digits + sizeof digits, v, base, width);

	odc_put_bytes(l, digits + sizeof digits - n, (size_t)n);
}

void odc_put_int(struct odc_line *l, long long v)
{
	if (v < 0) {
		odc_put(l, "-");
		odc_put_uint(l, 0ULL - (unsigned long long)v, 10, 1);
		return;
	}
	odc_put_uint(l, (unsigned long long)v, 10, 1);
}

static bool odc_plain(unsigned char ch)
{
	return ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\';
}

/* How long S, at most MAX bytes of it, is escaped. */
static size_t odc_escaped_len(const char *s, size_t max)
{
	size_t n = 0;

	for (const char *end = s + max; s < end && *s; s++)
		n += odc_plain((unsigned char)*s) ? 1 : 4;
	return n;
}

/* How many bytes from S on, before END, need no escape. */
static size_t odc_plain_run(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && *p && odc_plain((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

/*
 * Runs of bytes that need no escape are put whole. Where S does not fit
 * (a finite ROOM it would pass), the escapes that do, then the mark.
 */
void odc_put_escaped_within(struct odc_line *l, const char *s, size_t max, size_t room)
{
	bool fits = room == (size_t)-1 || odc_escaped_len(s, max) <= room;
	const char *end = s + max;

	if (!fits)
		room -= room < sizeof ODC_CUT_MARK - 1 ? room : sizeof ODC_CUT_MARK - 1;
	while (s < end && *s && !l->cut) {
		size_t run = odc_plain_run(s, end);
		if (run) {
			if (!fits && run > room) {
				odc_put_bytes(l, s, room);
				break;
			}
			odc_put_bytes(l, s, run);
			s += run;
			room -= fits ? 0 : run;
			continue;
		}
		if (!fits && room < 4)
			break;
		room -= fits ? 0 : 4;
		odc_put(l, "\\x");
		odc_put_uint(l, (unsigned char)*s++, 16, 2);
	}
	if (!fits)
		odc_put(l, ODC_CUT_MARK);
}

void odc_put_escaped(struct odc_line *l, const char *s, size_t max)
{
	odc_put_escaped_within(l, s, max, (size_t)-1);
}

void odc_put_quoted_within(struct odc_line *l, const char *s, size_t max, size_t room)
{
	odc_put(l, "\"");
	odc_put_escaped_within(l, s, max, room < 2 ? 0 : room - 2);
	odc_put(l, "\"");
}

void odc_put_quoted(struct odc_line *l, const char *s, size_t max)
{
	odc_put_quoted_within(l, s, max, (size_t)-1);
}

size_t odc_line_room(const struct odc_line *l)
{
	return l->cut ? 0 : sizeof l->text - 4 - l->len;
}

size_t odc_format_uint(char *out, unsigned long long v)
{
	char digits[24];
	int n = odc_digits(digits + sizeof digits, v, 10, 1);

	odc_copy(out, digits + sizeof digits - n, (size_t)n);
	return (size_t)n;
}
