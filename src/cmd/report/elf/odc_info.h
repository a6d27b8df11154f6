/*
 * DWARF's .debug_info, as far as the name of the function whose code
 * holds an address: the innermost subprogram or inlined subroutine whose
 * ranges hold it, as addr2line names it (info.c); each unit's
 * abbreviations (info_abbrev.c); one entry's attributes (info_die.c).
 */
#ifndef ODC_INFO_H
#define ODC_INFO_H

#include "odc_dwarf.h"

/* The debug sections a unit's entries point into, each read when first needed. */
enum odc_info_section {
	ODC_INFO, ODC_ABBREV, ODC_STR, ODC_LINE_STR, ODC_ADDR, ODC_STR_OFFSETS, ODC_RNGLISTS,
	ODC_RANGES, ODC_INFO_SECTIONS
};

struct odc_info {
	const struct odc_elf *elf;
	struct odc_bytes s[ODC_INFO_SECTIONS];
	bool read[ODC_INFO_SECTIONS];
};

/* Section S of I: its bytes (n 0 where it has none). */
const struct odc_bytes *odc_info_section(struct odc_info *i, enum odc_info_section s);

struct odc_abbrev_attr {
	uint32_t name, form;
	int64_t value;		/* DW_FORM_implicit_const's */
};

struct odc_abbrev {
	uint64_t code;
	uint32_t tag, first, count;	/* its attributes: attrs[first, first + count) */
	bool children;
};

struct odc_abbrevs {
	struct odc_abbrev *list;
	struct odc_abbrev_attr *attrs;
	size_t n, n_attrs;
};

/* The abbreviations at OFF of .debug_abbrev into A (free with odc_abbrevs_free): false where none. */
bool odc_abbrevs_read(const struct odc_bytes *abbrev, uint64_t off, struct odc_abbrevs *a);
const struct odc_abbrev *odc_abbrev_find(const struct odc_abbrevs *a, uint64_t code);
void odc_abbrevs_free(struct odc_abbrevs *a);

/* One unit of .debug_info: its header, and its own entry's bases. */
struct odc_unit {
	const unsigned char *start, *dies, *end;
	unsigned version, addr_size;
	bool dwarf64;
	uint64_t addr_base, str_offsets_base, rnglists_base, low_pc;
	struct odc_abbrevs abbrevs;
};

/* An attribute's value as read: a number, or a string in the entry itself. */
struct odc_value {
	uint32_t form;
	uint64_t u;
	const char *s;
};

/* One entry: its tag and where it is, and the attributes that name it or give its code's place. */
struct odc_die {
	const unsigned char *at;
	uint32_t tag;
	bool children;
	struct odc_value name, low, high, ranges, origin, stmt_list, comp_dir;
	bool has_name, has_low, has_high, has_ranges, has_origin, has_stmt_list, has_comp_dir;
	uint64_t bases[3];	/* a unit's own entry's: addr_base, str_offsets_base, rnglists_base */
	bool has_bases[3];
};

/* The entry at C of unit U into D, C after it: false where none can be read (0: a list's end, D's tag 0). */
bool odc_die_read(const struct odc_unit *u, struct odc_cur *c, struct odc_die *d);
/* Whether D's code (its pc range or ranges) holds ADDR. */
bool odc_die_holds(struct odc_info *i, const struct odc_unit *u, const struct odc_die *d, uint64_t addr);
/* The string V gives, from the entry or a string section: NULL where none. */
const char *odc_value_string(struct odc_info *i, const struct odc_unit *u, const struct odc_value *v);
/* The address V gives (DW_FORM_addr, or an index into .debug_addr). */
bool odc_value_address(struct odc_info *i, const struct odc_unit *u, const struct odc_value *v,
		       uint64_t *addr);

#endif
