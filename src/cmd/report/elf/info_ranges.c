/*
 * Whether an entry's code holds an address: its DW_AT_low_pc and
 * DW_AT_high_pc (an end, or a length), or its DW_AT_ranges, a list in
 * .debug_rnglists (DWARF 5) or .debug_ranges (2 to 4). Every list entry
 * takes bytes of its section, so a list ends where the section does.
 */
#include "odc_info.h"

enum { ODC_FORM_ADDRX = 0x1b, ODC_FORM_RNGLISTX = 0x23 };
enum {
	ODC_RLE_END = 0, ODC_RLE_BASE_X, ODC_RLE_STARTX_ENDX, ODC_RLE_STARTX_LENGTH, ODC_RLE_OFFSET_PAIR,
	ODC_RLE_BASE, ODC_RLE_START_END, ODC_RLE_START_LENGTH
};

/* An address at index X of .debug_addr. */
static uint64_t odc_addrx(struct odc_info *i, const struct odc_unit *u, uint64_t x, bool *ok)
{
	struct odc_value v = { .form = ODC_FORM_ADDRX, .u = x };
	uint64_t a = 0;

	*ok &= odc_value_address(i, u, &v, &a);
	return a;
}

/* DWARF 5: the list at OFF of .debug_rnglists. */
static bool odc_rnglist(struct odc_info *i, const struct odc_unit *u, uint64_t off, uint64_t addr)
{
	const struct odc_bytes *b = odc_info_section(i, ODC_RNGLISTS);
	uint64_t base = u->low_pc;
	bool ok = true;

	if (off >= b->n)
		return false;
	struct odc_cur c = { b->p + off, b->p + b->n, false };
	while (!c.bad && ok) {
		unsigned kind = (unsigned)odc_fixed(&c, 1);
		uint64_t start, end;
		switch (kind) {
		case ODC_RLE_END: return false;
		case ODC_RLE_BASE_X: base = odc_addrx(i, u, odc_uleb(&c), &ok); continue;
		case ODC_RLE_BASE: base = odc_fixed(&c, u->addr_size); continue;
		case ODC_RLE_STARTX_ENDX:
			start = odc_addrx(i, u, odc_uleb(&c), &ok), end = odc_addrx(i, u, odc_uleb(&c), &ok);
			break;
		case ODC_RLE_STARTX_LENGTH:
			start = odc_addrx(i, u, odc_uleb(&c), &ok), end = start + odc_uleb(&c);
			break;
		case ODC_RLE_OFFSET_PAIR: start = base + odc_uleb(&c), end = base + odc_uleb(&c); break;
		case ODC_RLE_START_END:
			start = odc_fixed(&c, u->addr_size), end = odc_fixed(&c, u->addr_size);
			break;
		case ODC_RLE_START_LENGTH: start = odc_fixed(&c, u->addr_size), end = start + odc_uleb(&c); break;
		default: return false;
		}
		if (!c.bad && ok && start <= addr && addr < end)
			return true;
	}
	return false;
}

/* DWARF 2 to 4: the list at OFF of .debug_ranges, pairs of addresses, or a new base. */
static bool odc_ranges(struct odc_info *i, const struct odc_unit *u, uint64_t off, uint64_t addr)
{
	const struct odc_bytes *b = odc_info_section(i, ODC_RANGES);
	uint64_t base = u->low_pc, most = u->addr_size == 4 ? 0xffffffffu : ~(uint64_t)0;

	if (off >= b->n)
		return false;
	struct odc_cur c = { b->p + off, b->p + b->n, false };
	while (!c.bad) {
		uint64_t start = odc_fixed(&c, u->addr_size), end = odc_fixed(&c, u->addr_size);
		if (c.bad || (!start && !end))
			return false;
		if (start == most)
			base = end;
		else if (base + start <= addr && addr < base + end)
			return true;
	}
	return false;
}

bool odc_die_holds(struct odc_info *i, const struct odc_unit *u, const struct odc_die *d, uint64_t addr)
{
	uint64_t low, off = d->ranges.u;

	if (d->has_ranges && u->version >= 5) {
		/* An index into the unit's table of offsets, which are from that table's start. */
		if (d->ranges.form == ODC_FORM_RNGLISTX) {
			const struct odc_bytes *b = odc_info_section(i, ODC_RNGLISTS);
			unsigned size = u->dwarf64 ? 8 : 4;
			if (off > b->n / size || u->rnglists_base >= b->n)
				return false;
			struct odc_cur c = { b->p + u->rnglists_base, b->p + b->n, false };
			odc_take(&c, off * size);
			off = u->rnglists_base + odc_fixed(&c, size);
			if (c.bad)
				return false;
		}
		return odc_rnglist(i, u, off, addr);
	}
	if (d->has_ranges)
		return odc_ranges(i, u, off, addr);
	if (!d->has_low || !d->has_high || !odc_value_address(i, u, &d->low, &low))
		return false;
	/* DW_AT_high_pc is the end where it is an address, else the length. */
	uint64_t high;
	if (odc_value_address(i, u, &d->high, &high))
		return addr >= low && addr < high;
	return addr >= low && addr - low < d->high.u;
}
