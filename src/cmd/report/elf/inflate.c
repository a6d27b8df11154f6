/*
 * A zlib stream inflated (RFC 1950, 1951), for a module's compressed debug
 * sections, which anyone may have crafted. The output is a buffer of the
 * size the section's header promised, never grown: a stream that would
 * write past it, reach back before its start, or stop short of it is
 * refused. Every turn of every loop reads at least one bit of the input,
 * or writes a byte of the output, so a stream ends in time linear in
 * both. Its codes: inflate_code.c.
 */
#include <stdint.h>
#include <string.h>

#include "odc_inflate.h"
#include "odc_resolve_read.h"

/* RFC 1951's lengths and distances: each code's base, and its extra bits. */
static const uint16_t odc_len_base[29] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
					   35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t odc_len_extra[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
					   3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t odc_dist_base[30] = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
					    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
					    6145, 8193, 12289, 16385, 24577 };
static const uint8_t odc_dist_extra[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
					    6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

/* A block's symbols, in the codes LIT and DIST, to its end: NULL, or why not. */
static const char *odc_symbols(struct odc_stream *z, const struct odc_code *lit,
			       const struct odc_code *dist)
{
	for (;;) {
		int sym = odc_inflate_symbol(z, lit);
		if (sym < 0)
			return "a compressed section that is not deflate's";
		if (sym == 256)
			return NULL;
		if (sym < 256) {
			if (z->out_at == z->out_len)
				return "a compressed section longer than its header says";
			z->out[z->out_at++] = (unsigned char)sym;
			continue;
		}
		sym -= 257;
		/* The length's extra bits, then the distance's code and its extra bits, in that order. */
		long len_bits = sym < 29 ? odc_inflate_bits(z, odc_len_extra[sym]) : -1;
		int d = len_bits >= 0 ? odc_inflate_symbol(z, dist) : -1;
		long dist_bits = d >= 0 && d < ODC_DIST_CODES ? odc_inflate_bits(z, odc_dist_extra[d]) : -1;
		if (len_bits < 0 || dist_bits < 0)
			return "a compressed section that is not deflate's";
		size_t len = odc_len_base[sym] + (size_t)len_bits, back = odc_dist_base[d] + (size_t)dist_bits;
		if (back > z->out_at || len > z->out_len - z->out_at)
			return "a compressed section that reaches outside its output";
		for (size_t i = 0; i < len; i++, z->out_at++)
			z->out[z->out_at] = z->out[z->out_at - back];
	}
}

/* The whole bytes read ahead given back, the rest of the byte begun dropped: the next whole byte. */
static void odc_align(struct odc_stream *z)
{
	z->in_at -= z->nbits / 8;
	z->bits = 0, z->nbits = 0;
}

/* A stored block: its length and its bytes, from the next whole byte. */
static const char *odc_stored(struct odc_stream *z)
{
	odc_align(z);
	if (z->in_len - z->in_at < 4)
		return "a compressed section cut short";
	const unsigned char *p = z->in + z->in_at;
	size_t len = p[0] | (size_t)p[1] << 8, nlen = p[2] | (size_t)p[3] << 8;
	z->in_at += 4;
	if (len != (~nlen & 0xffff) || len > z->in_len - z->in_at || len > z->out_len - z->out_at)
		return "a compressed section whose stored block does not fit";
	memcpy(z->out + z->out_at, z->in + z->in_at, len);
	z->in_at += len;
	z->out_at += len;
	return NULL;
}

static const char *odc_fixed(struct odc_stream *z)
{
	uint8_t len[ODC_LITLEN_CODES];
	struct odc_code lit, dist;

	memset(len, 8, 144);
	memset(len + 144, 9, 112);
	memset(len + 256, 7, 24);
	memset(len + 280, 8, 8);
	odc_inflate_code(&lit, len, ODC_LITLEN_CODES);
	memset(len, 5, ODC_DIST_CODES);
	odc_inflate_code(&dist, len, ODC_DIST_CODES);
	return odc_symbols(z, &lit, &dist);
}

/* A block with its own codes, themselves coded: their lengths first. */
static const char *odc_dynamic(struct odc_stream *z)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint8_t len[ODC_LITLEN_CODES + ODC_DIST_CODES] = { 0 };
	struct odc_code lens, lit, dist;
	long nlit = odc_inflate_bits(z, 5) + 257, ndist = odc_inflate_bits(z, 5) + 1, nlen = odc_inflate_bits(z, 4) + 4;

	if (nlit < 257 || nlit > 286 || ndist < 1 || ndist > ODC_DIST_CODES || nlen < 4)
		return "a compressed section that is not deflate's";
	for (long i = 0; i < nlen; i++) {
		long l = odc_inflate_bits(z, 3);
		if (l < 0)
			return "a compressed section cut short";
		len[order[i]] = (uint8_t)l;
	}
	if (!odc_inflate_code(&lens, len, 19))
		return "a compressed section that is not deflate's";
	memset(len, 0, 19);
	/* 16 repeats the length before 3 to 6 times; 17 and 18 give 3 to 10 and 11 to 138 zeros. */
	for (long at = 0, rep, n = nlit + ndist; at < n; at += rep) {
		int sym = odc_inflate_symbol(z, &lens);
		long extra = sym == 16 ? odc_inflate_bits(z, 2) : sym == 17 ? odc_inflate_bits(z, 3) : sym == 18 ? odc_inflate_bits(z, 7) : 0;
		rep = sym < 16 ? 1 : sym == 18 ? 11 + extra : 3 + extra;
		if (sym < 0 || extra < 0 || (sym == 16 && at == 0) || rep > n - at)
			return "a compressed section that is not deflate's";
		memset(len + at, sym < 16 ? sym : sym == 16 ? len[at - 1] : 0, (size_t)rep);
	}
	if (!len[256] || !odc_inflate_code(&lit, len, (unsigned)nlit) ||
	    !odc_inflate_code(&dist, len + nlit, (unsigned)ndist))
		return "a compressed section that is not deflate's";
	return odc_symbols(z, &lit, &dist);
}

static uint32_t odc_adler32(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;

	while (n) {
		size_t chunk = n < 5552 ? n : 5552;	/* the most before b can pass 2^32 */
		n -= chunk;
		while (chunk--) {
			a += *p++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

const char *odc_inflate_zlib(const unsigned char *in, size_t in_len, unsigned char *out,
			     size_t out_len)
{
	struct odc_stream z = { .in = in, .in_len = in_len, .in_at = 2, .out = out, .out_len = out_len };
	const char *why = NULL;
	long last = 0;

	if (in_len < 6 || (in[0] & 0x0f) != 8 || in[0] >> 4 > 7 || (in[0] << 8 | in[1]) % 31 || (in[1] & 0x20))
		return "a compressed section that is not zlib's";
	while (!why && !last) {
		long type;
		last = odc_inflate_bits(&z, 1);
		type = odc_inflate_bits(&z, 2);
		if (last < 0 || type < 0)
			why = "a compressed section cut short";
		else
			why = type == 0 ? odc_stored(&z) : type == 1 ? odc_fixed(&z) : type == 2 ? odc_dynamic(&z)
									: "a compressed section that is not deflate's";
	}
	if (why)
		return why;
	if (z.out_at != out_len)
		return "a compressed section shorter than its header says";
	odc_align(&z);
	const unsigned char *sum = in + z.in_at;
	if (in_len - z.in_at < 4 || odc_adler32(out, out_len) != ((uint32_t)sum[0] << 24 | (uint32_t)sum[1] << 16 |
								   (uint32_t)sum[2] << 8 | sum[3]))
		return "a compressed section whose checksum is wrong";
	return NULL;
}
