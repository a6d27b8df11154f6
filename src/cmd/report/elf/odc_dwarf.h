/*
 * DWARF's line tables (.debug_line, versions 2 to 5), read from a section
 * in memory through a cursor that never passes its end: a read past it
 * gives 0 and marks the cursor bad, and every loop stops there
 * (src/cmd/report/elf/line.c, line_unit.c).
 */
#ifndef ODC_DWARF_H
#define ODC_DWARF_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "odc_resolve_read.h"

struct odc_cur {
	const unsigned char *p, *end;
	bool bad;
};

/* N bytes at C, taken: NULL (and C bad) where fewer are left. */
static inline const unsigned char *odc_take(struct odc_cur *c, uint64_t n)
{
	const unsigned char *at = c->p;

	if (c->bad || n > (uint64_t)(c->end - c->p)) {
		c->bad = true;
		return NULL;
	}
	c->p += n;
	return at;
}

/* An unsigned number of N bytes (1, 2, 4 or 8), in this machine's order, which is the file's. */
static inline uint64_t odc_fixed(struct odc_cur *c, unsigned n)
{
	const unsigned char *at = odc_take(c, n);
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	uint64_t v64 = 0;

	if (!at)
		return 0;
	switch (n) {
	case 1: memcpy(&v8, at, 1); return v8;
	case 2: memcpy(&v16, at, 2); return v16;
	case 4: memcpy(&v32, at, 4); return v32;
	default: memcpy(&v64, at, 8); return v64;
	}
}

/* LEB128's bits (those past 64 dropped, the bytes still taken), *SHIFT of them; *LAST its last byte. */
static inline uint64_t odc_leb(struct odc_cur *c, unsigned *shift, unsigned char *last)
{
	uint64_t v = 0;
	const unsigned char *b;

	*shift = 0, *last = 0;
	do {
		if (!(b = odc_take(c, 1)))
			return 0;
		if (*shift < 64)
			v |= (uint64_t)(*b & 0x7f) << *shift;
		*shift += 7;
		*last = *b;
	} while (*b & 0x80);
	return v;
}

static inline uint64_t odc_uleb(struct odc_cur *c)
{
	unsigned shift;
	unsigned char last;

	return odc_leb(c, &shift, &last);
}

static inline int64_t odc_sleb(struct odc_cur *c)
{
	unsigned shift;
	unsigned char last;
	uint64_t v = odc_leb(c, &shift, &last);

	if (shift < 64 && (last & 0x40))
		v |= ~(uint64_t)0 << shift;
	return (int64_t)v;
}

/* A NUL-terminated string at C, taken: NULL where it does not end before C does. */
static inline const char *odc_string(struct odc_cur *c)
{
	const unsigned char *nul = c->bad ? NULL : memchr(c->p, 0, (size_t)(c->end - c->p));

	return nul ? (const char *)odc_take(c, (uint64_t)(nul - c->p) + 1) : (c->bad = true, NULL);
}

/* One line-number program's header: what its opcodes mean, and where its tables and program lie. */
struct odc_line_unit {
	unsigned version, addr_size;
	bool dwarf64;
	unsigned min_inst, max_ops, line_range, opcode_base;
	int line_base;
	const unsigned char *lengths;	/* each standard opcode's count of operands */
	const unsigned char *tables;	/* the directories and files, up to program */
	const unsigned char *program, *end;
};

/*
 * The unit at OFF of the section LINE into U: false where its header
 * cannot be read. *NEXT: the offset after it, where its length could be
 * read (more than OFF), else LINE's end.
 */
bool odc_line_unit(const struct odc_bytes *line, size_t off, struct odc_line_unit *u, size_t *next);

/* The string sections a unit's names may point into, read when first needed. */
struct odc_line_strings {
	const struct odc_elf *elf;
	struct odc_bytes line_str, str;
	bool line_str_read, str_read;
};

/* File FILE of U, joined to its directory where that is known, into OUT (SIZE bytes): false where none. */
bool odc_line_file(const struct odc_line_unit *u, uint64_t file, struct odc_line_strings *s, char *out,
		   size_t size);

#endif
