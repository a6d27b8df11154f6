/*
 * A line-number program's header, and a file of its file table by number
 * (DWARF 2 to 4: strings in the header; DWARF 5: entries described by
 * forms, names in .debug_line_str or .debug_str, as gcc 12 writes them).
 * Each table entry takes at least one byte, or the table is not read, so
 * no count, however large, outlasts the section.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>

#include "odc_dwarf.h"

/* DWARF 5's line-table content types and the forms report reads them in. */
enum { ODC_LNCT_PATH = 1, ODC_LNCT_DIRECTORY_INDEX = 2 };
enum {
	ODC_FORM_DATA2 = 0x05, ODC_FORM_DATA4 = 0x06, ODC_FORM_DATA8 = 0x07, ODC_FORM_STRING = 0x08,
	ODC_FORM_BLOCK = 0x09, ODC_FORM_DATA1 = 0x0b, ODC_FORM_STRP = 0x0e, ODC_FORM_UDATA = 0x0f,
	ODC_FORM_DATA16 = 0x1e, ODC_FORM_LINE_STRP = 0x1f
};

bool odc_line_unit(const struct odc_bytes *line, size_t off, struct odc_line_unit *u, size_t *next)
{
	struct odc_cur c = { line->p + off, line->p + line->n, false };
	uint64_t len = odc_fixed(&c, 4);

	*next = line->n;
	*u = (struct odc_line_unit){ 0 };
	if ((u->dwarf64 = len == 0xffffffff))
		len = odc_fixed(&c, 8);
	if (c.bad || (len >= 0xfffffff0u && !u->dwarf64) || len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + len;
	*next = (size_t)(c.end - line->p);
	u->end = c.end;
	u->version = (unsigned)odc_fixed(&c, 2);
	if (u->version < 2 || u->version > 5)
		return false;
	if (u->version >= 5) {
		u->addr_size = (unsigned)odc_fixed(&c, 1);
		odc_fixed(&c, 1);	/* segment selectors: none on Linux */
	}
	uint64_t header = odc_fixed(&c, u->dwarf64 ? 8 : 4);
	if (c.bad || header > (uint64_t)(c.end - c.p))
		return false;
	u->program = c.p + header;
	u->min_inst = (unsigned)odc_fixed(&c, 1);
	u->max_ops = u->version >= 4 ? (unsigned)odc_fixed(&c, 1) : 1;
	odc_fixed(&c, 1);	/* default_is_stmt: every row counts here */
	u->line_base = (int8_t)odc_fixed(&c, 1);
	u->line_range = (unsigned)odc_fixed(&c, 1);
	u->opcode_base = (unsigned)odc_fixed(&c, 1);
	u->lengths = u->opcode_base ? odc_take(&c, u->opcode_base - 1) : NULL;
	u->tables = c.p;
	return !c.bad && u->line_range && u->opcode_base && u->max_ops && c.p <= u->program;
}

/* The string at OFF of the section NAME, read into *SECT where not yet (*READ): NULL where none. */
static const char *odc_section_string(struct odc_line_strings *s, const char *name, struct odc_bytes *sect,
				      bool *read, uint64_t off)
{
	struct odc_section h;

	if (!*read) {
		*read = true;
		if (odc_elf_find(s->elf, name, &h))
			odc_elf_load(s->elf, &h, sect);
	}
	if (!sect->p || off >= sect->n || !memchr(sect->p + off, 0, sect->n - (size_t)off))
		return NULL;
	return (const char *)sect->p + off;
}

/*
 * One field of an entry, in FORM: a path into *PATH where it is one and
 * WANT, a number into *NUM. False where the form is none report reads.
 */
static bool odc_field(struct odc_cur *c, uint64_t form, const struct odc_line_unit *u,
		      struct odc_line_strings *s, bool want, const char **path, uint64_t *num)
{
	unsigned offset = u->dwarf64 ? 8 : 4;

	switch (form) {
	case ODC_FORM_STRING: *path = odc_string(c); return true;
	case ODC_FORM_LINE_STRP:
	case ODC_FORM_STRP: {
		uint64_t off = odc_fixed(c, offset);
		if (want && !c->bad)
			*path = form == ODC_FORM_STRP ? odc_section_string(s, ".debug_str", &s->str, &s->str_read, off)
				: odc_section_string(s, ".debug_line_str", &s->line_str, &s->line_str_read, off);
		return true;
	}
	case ODC_FORM_UDATA: *num = odc_uleb(c); return true;
	case ODC_FORM_DATA1: *num = odc_fixed(c, 1); return true;
	case ODC_FORM_DATA2: *num = odc_fixed(c, 2); return true;
	case ODC_FORM_DATA4: *num = odc_fixed(c, 4); return true;
	case ODC_FORM_DATA8: *num = odc_fixed(c, 8); return true;
	case ODC_FORM_DATA16: odc_take(c, 16); return true;
	case ODC_FORM_BLOCK: odc_take(c, odc_uleb(c)); return true;
	default: return false;
	}
}

/*
 * DWARF 5: a table of entries, each in its format, taken from C; entry
 * INDEX's path and directory into *PATH and *DIR (NULL, 0 where none).
 */
static bool odc_entries(struct odc_cur *c, const struct odc_line_unit *u, struct odc_line_strings *s,
			uint64_t index, const char **path, uint64_t *dir)
{
	unsigned formats = (unsigned)odc_fixed(c, 1);
	const unsigned char *format = c->p;

	for (unsigned f = 0; f < formats; f++)
		odc_uleb(c), odc_uleb(c);
	uint64_t count = odc_uleb(c);
	*path = NULL, *dir = 0;
	if (!formats)
		return !c->bad;
	for (uint64_t i = 0; i < count && !c->bad; i++) {
		struct odc_cur fc = { format, c->p, false };
		for (unsigned f = 0; f < formats; f++) {
			uint64_t type = odc_uleb(&fc), form = odc_uleb(&fc), num = 0;
			const char *p = NULL;
			if (!odc_field(c, form, u, s, i == index && type == ODC_LNCT_PATH, &p, &num))
				return false;
			if (i == index && type == ODC_LNCT_PATH)
				*path = p;
			if (i == index && type == ODC_LNCT_DIRECTORY_INDEX)
				*dir = num;
		}
	}
	return !c->bad;
}

/*
 * DWARF 2 to 4: strings, each list ended by an empty one; file FILE (1 the
 * first) into *PATH, and its directory into *DIR where it names one of the
 * list (0 names the compilation's, which only .debug_info holds).
 */
static bool odc_old_tables(struct odc_cur *c, uint64_t file, const char **path, const char **dir)
{
	struct odc_cur dirs = *c;
	const char *name;
	uint64_t want = 0;

	*path = *dir = NULL;
	while ((name = odc_string(c)) && *name)
		;
	for (uint64_t i = 1; (name = odc_string(c)) && *name; i++) {
		uint64_t d = odc_uleb(c);
		odc_uleb(c), odc_uleb(c);	/* its time and size */
		if (i == file)
			*path = name, want = d;
	}
	for (uint64_t i = 1; want && (name = odc_string(&dirs)) && *name; i++)
		if (i == want)
			*dir = name;
	return *path != NULL;
}

/* DIR and PATH joined into OUT, PATH alone where it is absolute or DIR is none. */
static void odc_join(char *out, size_t size, const char *dir, const char *path)
{
	if (path[0] == '/' || !dir || !dir[0])
		snprintf(out, size, "%s", path);
	else
		snprintf(out, size, "%s/%s", dir, path);
}

bool odc_line_file(const struct odc_line_unit *u, uint64_t file, struct odc_line_strings *s, char *out,
		   size_t size)
{
	struct odc_cur c = { u->tables, u->program, false };
	const char *path, *dir, *top, *ignored;
	uint64_t index, none;

	if (u->version < 5) {
		if (!odc_old_tables(&c, file, &path, &dir))
			return false;
		odc_join(out, size, dir, path);
		return true;
	}
	struct odc_cur dirs = c;
	if (!odc_entries(&c, u, s, UINT64_MAX, &ignored, &none) ||
	    !odc_entries(&c, u, s, file, &path, &index) || !path)
		return false;
	/* Directory 0 is the compilation's; another that is relative lies under it. */
	struct odc_cur again = dirs;
	if (!odc_entries(&dirs, u, s, index, &dir, &none) || !odc_entries(&again, u, s, 0, &top, &none))
		return false;
	char joined[1024];
	if (dir && index && dir[0] != '/' && top) {
		odc_join(joined, sizeof joined, top, dir);
		dir = joined;
	}
	odc_join(out, size, dir, path);
	return true;
}
