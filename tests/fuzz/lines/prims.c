/*
 * The line's primitives (include/odc_line.h) called with any arguments,
 * in any order, misused too: whatever they are given, the line's length
 * stays within its end and its end within its text, and nothing is
 * written past the text (its object's end, where AddressSanitizer stops).
 */
#include <stdlib.h>

#include "fuzz_lines.h"
#include "odc_line.h"
#include "odc_say.h"

static uint64_t fl_next(struct fl_input *in, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n && in->p < in->end; i++)
		v |= (uint64_t)*in->p++ << (8 * i);
	return v;
}

void fl_prims(struct fl_input *in)
{
	static char bytes[3 * ODC_LINE_MAX];
	struct odc_line *l = malloc(sizeof *l);
	size_t ends[8], depth = 0;

	for (size_t i = 0; i < sizeof bytes; i++)
		bytes[i] = (char)(i * 7 % 256);	/* every byte value, NULs among them */
	odc_line_start(l);
	while (in->p < in->end) {
		unsigned op = (unsigned)fl_next(in, 1) % 13;
		size_t n = fl_next(in, 2), from = fl_next(in, 2) % sizeof bytes;
		size_t room = n & 0x8000 ? (size_t)-1 : n;
		switch (op) {
		case 0: odc_put_bytes(l, bytes + from, n % (sizeof bytes - from)); break;
		case 1: odc_put(l, "a literal"); break;
		case 2: odc_put_escaped_within(l, bytes + from, sizeof bytes - from, room); break;
		case 3: odc_put_quoted_within(l, bytes + from, sizeof bytes - from, room); break;
		case 4:
			if (depth < sizeof ends / sizeof ends[0])
				ends[depth++] = odc_line_bound(l, n);
			break;
		case 5: odc_line_unbound(l, depth ? ends[--depth] : n); break;
		case 6: odc_line_park(l, n); break;
		case 7: odc_line_unpark(l); break;
		case 8: odc_put_uint(l, fl_next(in, 8), 2 + (unsigned)(n % 15), (int)(from % 64)); break;
		case 9: odc_put_int(l, (long long)fl_next(in, 8)); break;
		case 10: odc_line_splice(l, from % (l->len + 2), n % 64, fl_next(in, 1)); break;
		case 11: odc_line_fold(l); break;
		default: odc_line_end(l); break;
		}
		if (l->len > l->end || l->end > sizeof l->text || l->parked >= sizeof l->text)
			fl_fail("the line's length past its end, or its end past its text", l->text,
				sizeof l->text);
	}
	free(l);
}
