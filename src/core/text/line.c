/* Building a line on the stack (odc_line.h). */
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

void odc_put_bytes_cut(struct odc_line *l, const char *s, size_t n)
{
	size_t room = odc_line_room(l);

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

size_t odc_format_uint(char *out, unsigned long long v)
{
	char digits[24];
	int n = odc_digits(digits + sizeof digits, v, 10, 1);

	odc_copy(out, digits + sizeof digits - n, (size_t)n);
	return (size_t)n;
}
