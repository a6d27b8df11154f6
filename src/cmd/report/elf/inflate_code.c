/*
 * Canonical Huffman codes, as deflate sends them (RFC 1951 3.2.2): a code
 * of up to ODC_FAST_BITS bits is looked up in a table of them (most are);
 * a longer one is decoded a bit at a time, by the counts of each length,
 * which canonical codes need no more than. Every symbol decoded takes at
 * least one bit of the input.
 */
#include <string.h>

#include "odc_inflate.h"

long odc_inflate_bits(struct odc_stream *z, unsigned n)
{
	while (z->nbits < n) {
		if (z->in_at == z->in_len)
			return -1;
		z->bits |= (uint32_t)z->in[z->in_at++] << z->nbits;
		z->nbits += 8;
	}
	uint32_t v = z->bits & ((1u << n) - 1);
	z->bits >>= n;
	z->nbits -= n;
	return (long)v;
}

/* The short codes of C, whose N symbols have the code lengths LEN, in its table. */
static void odc_inflate_fast(struct odc_code *c, const uint8_t *len, unsigned n)
{
	uint32_t next[ODC_CODE_BITS + 1], code = 0;

	memset(c->fast, 0, sizeof c->fast);
	for (unsigned l = 1; l <= ODC_CODE_BITS; l++)
		next[l] = code = (code + c->count[l - 1] * (l > 1)) << 1;
	for (unsigned s = 0; s < n; s++) {
		unsigned l = len[s];
		if (!l || l > ODC_FAST_BITS)
			continue;
		uint32_t mine = next[l]++, first = 0;
		for (unsigned b = 0; b < l; b++)	/* a code's first bit is its highest: the stream's lowest */
			first |= ((mine >> (l - 1 - b)) & 1) << b;
		for (uint32_t i = first; i < (1u << ODC_FAST_BITS); i += 1u << l)
			c->fast[i] = (uint16_t)(s << 4 | l);
	}
}

bool odc_inflate_code(struct odc_code *c, const uint8_t *len, unsigned n)
{
	uint16_t next[ODC_CODE_BITS + 1];
	long left = 1;

	memset(c->count, 0, sizeof c->count);
	for (unsigned s = 0; s < n; s++)
		c->count[len[s]]++;
	next[1] = 0;
	for (unsigned l = 1; l <= ODC_CODE_BITS; l++) {
		left = 2 * left - c->count[l];
		if (left < 0)
			return false;
		if (l < ODC_CODE_BITS)
			next[l + 1] = (uint16_t)(next[l] + c->count[l]);
	}
	/* An incomplete code is kept: a pattern it leaves unused is refused where it is read. */
	for (unsigned s = 0; s < n; s++)
		if (len[s])
			c->symbol[next[len[s]]++] = (uint16_t)s;
	odc_inflate_fast(c, len, n);
	return true;
}

int odc_inflate_symbol(struct odc_stream *z, const struct odc_code *c)
{
	long code = 0, first = 0, index = 0;

	while (z->nbits < ODC_FAST_BITS && z->in_at < z->in_len) {
		z->bits |= (uint32_t)z->in[z->in_at++] << z->nbits;
		z->nbits += 8;
	}
	unsigned e = c->fast[z->bits & ((1u << ODC_FAST_BITS) - 1)];
	if (e && (e & 15) <= z->nbits) {
		z->bits >>= e & 15;
		z->nbits -= e & 15;
		return (int)(e >> 4);
	}

	for (unsigned l = 1; l <= ODC_CODE_BITS; l++) {
		long bit = odc_inflate_bits(z, 1);
		if (bit < 0)
			return -1;
		code |= bit;
		if (code >= first && code - first < c->count[l])
			return c->symbol[index + code - first];
		index += c->count[l];
		first = (first + c->count[l]) << 1;
		code <<= 1;
	}
	return -1;
}

