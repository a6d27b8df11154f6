/*
 * One entry of .debug_info: every attribute read past by its form (each
 * form DWARF 2 to 5 defines, and GNU's), the few that name a function or
 * place its code kept; and what those give: a string, an address, and
 * whether the code's ranges hold an address.
 */
#include <stdlib.h>
#include <string.h>

#include "odc_info.h"

enum {
	ODC_AT_NAME = 0x03, ODC_AT_STMT_LIST = 0x10, ODC_AT_LOW_PC = 0x11, ODC_AT_COMP_DIR = 0x1b, ODC_AT_HIGH_PC = 0x12, ODC_AT_ABSTRACT_ORIGIN = 0x31,
	ODC_AT_SPECIFICATION = 0x47, ODC_AT_RANGES = 0x55, ODC_AT_STR_OFFSETS_BASE = 0x72,
	ODC_AT_ADDR_BASE = 0x73, ODC_AT_RNGLISTS_BASE = 0x74, ODC_AT_GNU_RANGES_BASE = 0x2132,
	ODC_AT_GNU_ADDR_BASE = 0x2133
};
enum {
	ODC_FORM_ADDR = 0x01, ODC_FORM_BLOCK2 = 0x03, ODC_FORM_BLOCK4 = 0x04, ODC_FORM_DATA2 = 0x05,
	ODC_FORM_DATA4 = 0x06, ODC_FORM_DATA8 = 0x07, ODC_FORM_STRING = 0x08, ODC_FORM_BLOCK = 0x09,
	ODC_FORM_BLOCK1 = 0x0a, ODC_FORM_DATA1 = 0x0b, ODC_FORM_FLAG = 0x0c, ODC_FORM_SDATA = 0x0d,
	ODC_FORM_STRP = 0x0e, ODC_FORM_UDATA = 0x0f, ODC_FORM_REF_ADDR = 0x10, ODC_FORM_REF1 = 0x11,
	ODC_FORM_REF2 = 0x12, ODC_FORM_REF4 = 0x13, ODC_FORM_REF8 = 0x14, ODC_FORM_REF_UDATA = 0x15,
	ODC_FORM_INDIRECT = 0x16, ODC_FORM_SEC_OFFSET = 0x17, ODC_FORM_EXPRLOC = 0x18,
	ODC_FORM_FLAG_PRESENT = 0x19, ODC_FORM_STRX = 0x1a, ODC_FORM_ADDRX = 0x1b, ODC_FORM_REF_SUP4 = 0x1c,
	ODC_FORM_STRP_SUP = 0x1d, ODC_FORM_DATA16 = 0x1e, ODC_FORM_LINE_STRP = 0x1f, ODC_FORM_REF_SIG8 = 0x20,
	ODC_FORM_IMPLICIT_CONST = 0x21, ODC_FORM_LOCLISTX = 0x22, ODC_FORM_RNGLISTX = 0x23,
	ODC_FORM_REF_SUP8 = 0x24, ODC_FORM_STRX1 = 0x25, ODC_FORM_STRX4 = 0x28, ODC_FORM_ADDRX1 = 0x29,
	ODC_FORM_ADDRX4 = 0x2c, ODC_FORM_GNU_ADDR_INDEX = 0x1f01, ODC_FORM_GNU_STR_INDEX = 0x1f02,
	ODC_FORM_GNU_REF_ALT = 0x1f20, ODC_FORM_GNU_STRP_ALT = 0x1f21
};

/* The value of FORM at C into V: false where the form is none DWARF has. */
static bool odc_form(struct odc_cur *c, const struct odc_unit *u, uint32_t form, int64_t implicit,
		     struct odc_value *v)
{
	unsigned offset = u->dwarf64 ? 8 : 4;

	*v = (struct odc_value){ .form = form };
	switch (form) {
	case ODC_FORM_ADDR: v->u = odc_fixed(c, u->addr_size); return u->addr_size == 4 || u->addr_size == 8;
	case ODC_FORM_DATA1: case ODC_FORM_REF1: case ODC_FORM_FLAG: case ODC_FORM_STRX1: case ODC_FORM_ADDRX1:
		v->u = odc_fixed(c, 1); return true;
	case ODC_FORM_DATA2: case ODC_FORM_REF2: case ODC_FORM_STRX1 + 1: case ODC_FORM_ADDRX1 + 1:
		v->u = odc_fixed(c, 2); return true;
	case ODC_FORM_STRX1 + 2: case ODC_FORM_ADDRX1 + 2:
		v->u = odc_fixed(c, 2) | odc_fixed(c, 1) << 16; return true;
	case ODC_FORM_DATA4: case ODC_FORM_REF4: case ODC_FORM_REF_SUP4: case ODC_FORM_STRX4:
	case ODC_FORM_ADDRX4:
		v->u = odc_fixed(c, 4); return true;
	case ODC_FORM_DATA8: case ODC_FORM_REF8: case ODC_FORM_REF_SIG8: case ODC_FORM_REF_SUP8:
		v->u = odc_fixed(c, 8); return true;
	case ODC_FORM_DATA16: odc_take(c, 16); return true;
	case ODC_FORM_SDATA: v->u = (uint64_t)odc_sleb(c); return true;
	case ODC_FORM_UDATA: case ODC_FORM_REF_UDATA: case ODC_FORM_STRX: case ODC_FORM_ADDRX:
	case ODC_FORM_LOCLISTX: case ODC_FORM_RNGLISTX: case ODC_FORM_GNU_ADDR_INDEX: case ODC_FORM_GNU_STR_INDEX:
		v->u = odc_uleb(c); return true;
	case ODC_FORM_STRING: v->s = odc_string(c); return true;
	case ODC_FORM_STRP: case ODC_FORM_LINE_STRP: case ODC_FORM_SEC_OFFSET: case ODC_FORM_STRP_SUP:
	case ODC_FORM_GNU_REF_ALT: case ODC_FORM_GNU_STRP_ALT:
		v->u = odc_fixed(c, offset); return true;
	case ODC_FORM_REF_ADDR: v->u = odc_fixed(c, u->version == 2 ? u->addr_size : offset); return true;
	case ODC_FORM_BLOCK1: odc_take(c, odc_fixed(c, 1)); return true;
	case ODC_FORM_BLOCK2: odc_take(c, odc_fixed(c, 2)); return true;
	case ODC_FORM_BLOCK4: odc_take(c, odc_fixed(c, 4)); return true;
	case ODC_FORM_BLOCK: case ODC_FORM_EXPRLOC: odc_take(c, odc_uleb(c)); return true;
	case ODC_FORM_FLAG_PRESENT: v->u = 1; return true;
	case ODC_FORM_IMPLICIT_CONST: v->u = (uint64_t)implicit; return true;
	default: return false;
	}
}

bool odc_die_read(const struct odc_unit *u, struct odc_cur *c, struct odc_die *d)
{
	uint64_t code = odc_uleb(c);
	const struct odc_abbrev *a;

	*d = (struct odc_die){ .at = c->p };
	if (c->bad || !code)
		return !c->bad;
	if (!(a = odc_abbrev_find(&u->abbrevs, code)))
		return false;
	d->tag = a->tag;
	d->children = a->children;
	for (uint32_t k = 0; k < a->count; k++) {
		const struct odc_abbrev_attr *at = &u->abbrevs.attrs[a->first + k];
		uint32_t form = at->form;
		struct odc_value v;
		if (form == ODC_FORM_INDIRECT)
			form = (uint32_t)odc_uleb(c);	/* once: an indirect indirect is refused below */
		if (!odc_form(c, u, form, at->value, &v) || c->bad)
			return false;
		if (at->name == ODC_AT_NAME)
			d->name = v, d->has_name = true;
		else if (at->name == ODC_AT_LOW_PC)
			d->low = v, d->has_low = true;
		else if (at->name == ODC_AT_HIGH_PC)
			d->high = v, d->has_high = true;
		else if (at->name == ODC_AT_RANGES)
			d->ranges = v, d->has_ranges = true;
		else if (at->name == ODC_AT_ABSTRACT_ORIGIN || at->name == ODC_AT_SPECIFICATION)
			d->origin = v, d->has_origin = true;
		else if (at->name == ODC_AT_STMT_LIST)
			d->stmt_list = v, d->has_stmt_list = true;
		else if (at->name == ODC_AT_COMP_DIR)
			d->comp_dir = v, d->has_comp_dir = true;
		int base = at->name == ODC_AT_ADDR_BASE || at->name == ODC_AT_GNU_ADDR_BASE ? 0
			   : at->name == ODC_AT_STR_OFFSETS_BASE			 ? 1
			   : at->name == ODC_AT_RNGLISTS_BASE || at->name == ODC_AT_GNU_RANGES_BASE ? 2 : -1;
		if (base >= 0)
			d->bases[base] = v.u, d->has_bases[base] = true;
	}
	return true;
}

/* Entry INDEX of the table at BASE of section S, of SIZE bytes each: false where it is past the end. */
static bool odc_indexed(struct odc_info *i, enum odc_info_section s, uint64_t base, uint64_t index,
			unsigned size, uint64_t *out)
{
	const struct odc_bytes *b = odc_info_section(i, s);

	if (index > b->n / size || base >= b->n)
		return false;
	struct odc_cur c = { b->p + base, b->p + b->n, false };
	odc_take(&c, index * size);
	*out = odc_fixed(&c, size);
	return !c.bad;
}

bool odc_value_address(struct odc_info *i, const struct odc_unit *u, const struct odc_value *v,
		       uint64_t *addr)
{
	if (v->form == ODC_FORM_ADDR) {
		*addr = v->u;
		return true;
	}
	bool indexed = v->form == ODC_FORM_ADDRX || v->form == ODC_FORM_GNU_ADDR_INDEX ||
		       (v->form >= ODC_FORM_ADDRX1 && v->form <= ODC_FORM_ADDRX4);
	return indexed && odc_indexed(i, ODC_ADDR, u->addr_base, v->u, u->addr_size, addr);
}

const char *odc_value_string(struct odc_info *i, const struct odc_unit *u, const struct odc_value *v)
{
	enum odc_info_section s = v->form == ODC_FORM_LINE_STRP ? ODC_LINE_STR : ODC_STR;
	uint64_t off = v->u;

	if (v->form == ODC_FORM_STRING)
		return v->s;
	if (v->form == ODC_FORM_STRX || v->form == ODC_FORM_GNU_STR_INDEX ||
	    (v->form >= ODC_FORM_STRX1 && v->form <= ODC_FORM_STRX4)) {
		if (!odc_indexed(i, ODC_STR_OFFSETS, u->str_offsets_base, v->u, u->dwarf64 ? 8 : 4, &off))
			return NULL;
	} else if (v->form != ODC_FORM_STRP && v->form != ODC_FORM_LINE_STRP) {
		return NULL;
	}
	const struct odc_bytes *b = odc_info_section(i, s);
	if (off >= b->n || !memchr(b->p + off, 0, b->n - (size_t)off))
		return NULL;
	return (const char *)b->p + off;
}
