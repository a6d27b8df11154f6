/* Building a line on the stack (odc_line.h). */
#include "odc_line.h"

void odc_line_start(struct odc_line *l)
{
	l->len = 0;
	l->parked = 0;
	l->end = odc_line_last(l);
}

/*
 * The N bytes at FROM to TO, within the text, where they may overlap:
 * upwards from the end, each word read before anything is written over it.
 */
static void odc_line_move(struct odc_line *l, size_t from, size_t to, size_t n)
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

void odc_line_park(struct odc_line *l, size_t at)
{
	odc_line_unpark(l);
	if (at > l->len)
		at = l->len;
	size_t n = l->len - at;
	odc_line_move(l, at, odc_line_last(l) - n, n);
	l->parked = n;
	l->len = at;
	odc_line_set_end(l, odc_line_last(l));
}

void odc_line_unpark(struct odc_line *l)
{
	size_t n = l->parked;

	l->parked = 0;
	odc_line_move(l, odc_line_last(l) - n, l->len, n);
	l->len += n;
	odc_line_set_end(l, odc_line_last(l));
}

bool odc_line_splice(struct odc_line *l, size_t at, size_t n, size_t m)
{
	bool ended = l->end == l->len;

	if (at > l->len || n > l->len - at || l->len - n + m > sizeof l->text - l->parked)
		return false;
	odc_line_move(l, at + n, at + m, l->len - at - n);
	l->len = l->len - n + m;
	if (ended || l->end < l->len)
		l->end = l->len;
	return true;
}

/* Nothing more after it: a put cuts the line short, and the newline is gone. */
void odc_line_end(struct odc_line *l)
{
	odc_line_unpark(l);
	l->text[l->len] = '\n';
	l->len++;
	l->end = l->len;
}

/* Where the bytes do not fit, those that fit before END, with "..." the last of them. */
void odc_put_bytes_cut(struct odc_line *l, const char *s, size_t n)
{
	size_t mark = l->end > 3 ? l->end - 3 : 0;

	if (n <= odc_line_room(l)) {
		odc_copy(l->text + l->len, s, n);
		l->len += n;
		return;
	}
	if (l->len < mark)
		odc_copy(l->text + l->len, s, mark - l->len);
	odc_copy(l->text + mark, "...", l->end - mark);
	l->len = l->end;
}

/* The most digits a number is written with: 64 bits in base 2. */
#define ODC_DIGITS_MAX 64

/* V's digits in BASE, at least WIDTH of them and at most ODC_DIGITS_MAX, ending at END: their count. */
static int odc_digits(char *end, unsigned long long v, unsigned base, int width)
{
	int n = 0;

	if (width > ODC_DIGITS_MAX)
		width = ODC_DIGITS_MAX;
	do {
		*--end = "0123456789abcdef"[v % base];
		n++;
		v /= base;
	} while (v || n < width);
	return n;
}

void odc_put_uint(struct odc_line *l, unsigned long long v, unsigned base, int width)
{
	char digits[ODC_DIGITS_MAX];
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

/* How many bytes from S on, before END, need no escape. */
static size_t odc_plain_run(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && *p && odc_plain((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

static void odc_put_escape(struct odc_line *l, unsigned char ch)
{
	const char escape[4] = { '\\', 'x', "0123456789abcdef"[ch >> 4], "0123456789abcdef"[ch & 15] };

	odc_put_bytes(l, escape, sizeof escape);
}

/*
 * Runs of bytes that need no escape are put whole, each other byte as its
 * escape, while they fit in ROOM. Where one does not, the value is taken
 * back to the room's end less the mark's, or to the start of the escape
 * across that, and marked: no pass to measure the value first, as most
 * fit.
 */
void odc_put_escaped_within(struct odc_line *l, const char *s, size_t max, size_t room)
{
	const char *end = s + max;
	size_t mark = sizeof ODC_CUT_MARK - 1;

	if (room > odc_line_room(l))
		room = odc_line_room(l);
	size_t stop = l->len + room, keep = room < mark ? l->len : stop - mark, back = keep;
	while (s < end && *s) {
		size_t run = odc_plain_run(s, end), at = l->len;
		if (run ? run > stop - at : stop - at < 4) {
			if (at < keep)	/* a run across KEEP, which no escape crossed */
				odc_put_bytes(l, s, keep - at);
			l->len = back;
			odc_put(l, ODC_CUT_MARK);
			return;
		}
		if (run) {
			odc_put_bytes(l, s, run);
			s += run;
			continue;
		}
		if (at < keep && at + 4 > keep)
			back = at;
		odc_put_escape(l, (unsigned char)*s++);
	}
}

void odc_put_escaped(struct odc_line *l, const char *s, size_t max)
{
	odc_put_escaped_within(l, s, max, (size_t)-1);
}

/* The closing quote's room kept, whatever ROOM is. */
void odc_put_quoted_within(struct odc_line *l, const char *s, size_t max, size_t room)
{
	odc_put(l, "\"");
	size_t inside = room < 2 ? 0 : room - 2, left = odc_line_room(l);
	if (inside >= left)
		inside = left ? left - 1 : 0;
	odc_put_escaped_within(l, s, max, inside);
	odc_put(l, "\"");
}

void odc_put_quoted(struct odc_line *l, const char *s, size_t max)
{
	odc_put_quoted_within(l, s, max, (size_t)-1);
}

size_t odc_format_uint(char *out, unsigned long long v)
{
	char digits[ODC_DIGITS_MAX];
	int n = odc_digits(digits + sizeof digits, v, 10, 1);

	odc_copy(out, digits + sizeof digits - n, (size_t)n);
	return (size_t)n;
}
