/*
 * The function whose code holds an address, as DWARF names it: of the
 * subprograms and inlined subroutines whose ranges hold it, the innermost
 * (addr2line's answer: code inlined into main is named by the function
 * it came from). A unit whose own entry says where its code lies, and not
 * there, is passed over unread. Entries are walked in order, their depth
 * counted, never recursed into; a name is followed through
 * DW_AT_abstract_origin or DW_AT_specification within its unit, a few
 * steps at most.
 */
#include <stdio.h>
#include <stdlib.h>

#include "odc_info.h"

#define ODC_ORIGIN_STEPS 8

enum { ODC_TAG_INLINED = 0x1d, ODC_TAG_SUBPROGRAM = 0x2e };
enum { ODC_UT_COMPILE = 1, ODC_UT_PARTIAL = 3 };
enum { ODC_FORM_REF_ADDR = 0x10, ODC_FORM_REF1 = 0x11, ODC_FORM_REF_UDATA = 0x15 };

const struct odc_bytes *odc_info_section(struct odc_info *i, enum odc_info_section s)
{
	static const char *const names[ODC_INFO_SECTIONS] = {
		".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str", ".debug_addr",
		".debug_str_offsets", ".debug_rnglists", ".debug_ranges"
	};
	struct odc_section h;

	if (!i->read[s]) {
		i->read[s] = true;
		if (odc_elf_find(i->elf, names[s], &h))
			odc_elf_load(i->elf, &h, &i->s[s]);
	}
	return &i->s[s];
}

/* The unit at OFF of .debug_info (B) into U: false where it is none to read; *NEXT after it. */
static bool odc_unit_read(struct odc_info *i, const struct odc_bytes *b, size_t off, struct odc_unit *u,
			  size_t *next)
{
	struct odc_cur c = { b->p + off, b->p + b->n, false };
	uint64_t len = odc_fixed(&c, 4), abbrev;

	*next = b->n;
	*u = (struct odc_unit){ .start = c.p - 4 };
	if ((u->dwarf64 = len == 0xffffffff))
		len = odc_fixed(&c, 8);
	if (c.bad || (len >= 0xfffffff0u && !u->dwarf64) || len > (uint64_t)(c.end - c.p))
		return false;
	u->end = c.end = c.p + len;
	*next = (size_t)(u->end - b->p);
	u->version = (unsigned)odc_fixed(&c, 2);
	if (u->version >= 5) {
		unsigned type = (unsigned)odc_fixed(&c, 1);
		u->addr_size = (unsigned)odc_fixed(&c, 1);
		abbrev = odc_fixed(&c, u->dwarf64 ? 8 : 4);
		if (type != ODC_UT_COMPILE && type != ODC_UT_PARTIAL)
			return false;
	} else {
		abbrev = odc_fixed(&c, u->dwarf64 ? 8 : 4);
		u->addr_size = (unsigned)odc_fixed(&c, 1);
	}
	u->dies = c.p;
	return !c.bad && u->version >= 2 && u->version <= 5 && (u->addr_size == 4 || u->addr_size == 8) &&
	       odc_abbrevs_read(odc_info_section(i, ODC_ABBREV), abbrev, &u->abbrevs);
}

/* D's name, through the entries it refers to within U. */
static const char *odc_die_name(struct odc_info *i, const struct odc_unit *u, struct odc_die d)
{
	for (int step = 0; step < ODC_ORIGIN_STEPS; step++) {
		if (d.has_name)
			return odc_value_string(i, u, &d.name);
		bool local = d.origin.form >= ODC_FORM_REF1 && d.origin.form <= ODC_FORM_REF_UDATA;
		const unsigned char *base = local ? u->start : odc_info_section(i, ODC_INFO)->p;
		if (!d.has_origin || (!local && d.origin.form != ODC_FORM_REF_ADDR) ||
		    d.origin.u >= (uint64_t)(u->end - base) || base + d.origin.u < u->dies)
			return NULL;
		struct odc_cur c = { base + d.origin.u, u->end, false };
		if (!odc_die_read(u, &c, &d) || !d.tag)
			return NULL;
	}
	return NULL;
}

/* In U, the innermost function holding ADDR, its name into NAME: false where none. */
static bool odc_unit_function(struct odc_info *i, struct odc_unit *u, uint64_t addr, char *name, size_t size)
{
	struct odc_cur c = { u->dies, u->end, false };
	struct odc_die d, best;
	uint64_t depth = 1, best_depth = 0;

	if (!odc_die_read(u, &c, &d) || !d.tag)
		return false;
	u->addr_base = d.bases[0], u->str_offsets_base = d.bases[1], u->rnglists_base = d.bases[2];
	if (d.has_low)
		odc_value_address(i, u, &d.low, &u->low_pc);
	if (!d.children || ((d.has_ranges || (d.has_low && d.has_high)) && !odc_die_holds(i, u, &d, addr)))
		return false;
	while (depth && odc_die_read(u, &c, &d)) {
		if (!d.tag) {
			depth--;
			continue;
		}
		if ((d.tag == ODC_TAG_SUBPROGRAM || d.tag == ODC_TAG_INLINED) && depth >= best_depth &&
		    odc_die_holds(i, u, &d, addr))
			best = d, best_depth = depth;
		depth += d.children;
	}
	const char *found = best_depth ? odc_die_name(i, u, best) : NULL;
	if (!found || !found[0])
		return false;
	snprintf(name, size, "%s", found);
	return true;
}

/* The directory the unit whose line table is at LINE was compiled in, into DIR: false where none says. */
static bool odc_unit_dir(struct odc_info *i, struct odc_unit *u, uint64_t line, char *dir, size_t size)
{
	struct odc_cur c = { u->dies, u->end, false };
	struct odc_die d;
	const char *found;

	if (!odc_die_read(u, &c, &d) || !d.has_stmt_list || d.stmt_list.u != line || !d.has_comp_dir)
		return false;
	u->str_offsets_base = d.bases[1];
	if (!(found = odc_value_string(i, u, &d.comp_dir)))
		return false;
	snprintf(dir, size, "%s", found);
	return true;
}

/* What LOOK finds for KEY in the first of E's units that has it, into OUT. */
static bool odc_units_find(const struct odc_elf *e, uint64_t key, char *out, size_t size,
			   bool (*look)(struct odc_info *, struct odc_unit *, uint64_t, char *, size_t))
{
	struct odc_info i = { .elf = e };
	const struct odc_bytes *b = odc_info_section(&i, ODC_INFO);
	struct odc_unit u;
	bool found = false;
	size_t next;

	for (size_t off = 0; off < b->n && !found; off = next) {
		if (odc_unit_read(&i, b, off, &u, &next))
			found = look(&i, &u, key, out, size);
		odc_abbrevs_free(&u.abbrevs);
	}
	for (int s = 0; s < ODC_INFO_SECTIONS; s++)
		free(i.s[s].p);
	return found;
}

bool odc_dwarf_comp_dir(const struct odc_elf *e, uint64_t line, char *dir, size_t size)
{
	return odc_units_find(e, line, dir, size, odc_unit_dir);
}

bool odc_dwarf_function(const struct odc_elf *e, uint64_t addr, char *name, size_t size)
{
	return odc_units_find(e, addr, name, size, odc_unit_function);
}
