/*
 * A deflate stream's bits and Huffman codes (inflate_code.c), for its
 * blocks (inflate.c).
 */
#ifndef ODC_INFLATE_H
#define ODC_INFLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ODC_CODE_BITS 15	/* the longest code */
#define ODC_FAST_BITS 9
#define ODC_LITLEN_CODES 288
#define ODC_DIST_CODES 30

struct odc_stream {
	const unsigned char *in;
	size_t in_len, in_at;
	uint32_t bits;		/* read, not yet used: fewer than 16 between calls */
	unsigned nbits;
	unsigned char *out;
	size_t out_len, out_at;
};

/*
 * How many codes of each length, and the symbols in the order of their
 * codes; and for each value of the next ODC_FAST_BITS bits, the symbol
 * whose code they begin with and its length (symbol << 4 | length), 0
 * where that code is longer.
 */
struct odc_code {
	uint16_t count[ODC_CODE_BITS + 1];
	uint16_t symbol[ODC_LITLEN_CODES];
	uint16_t fast[1u << ODC_FAST_BITS];
};

/* The next N bits (at most 16), first bit lowest: -1 where the input ends first. */
long odc_inflate_bits(struct odc_stream *z, unsigned n);
/* C, the code whose N symbols have the code lengths LEN: false where they are more than fit. */
bool odc_inflate_code(struct odc_code *c, const uint8_t *len, unsigned n);
/* The next symbol in code C: -1 where the input ends or holds no code of C's. */
int odc_inflate_symbol(struct odc_stream *z, const struct odc_code *c);

#endif
