/*
 * An address's source file and line, by the line tables of .debug_line:
 * each unit's program is run (DWARF's state machine), and of its rows the
 * one whose range, up to the next row of its sequence, holds the address
 * is the answer; where several do (a function the linker dropped leaves
 * its rows at 0), the one that starts nearest below the address. Every
 * opcode takes at least one byte of its unit, and every unit at least its
 * length field, so the walk ends within the section, whatever it holds.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_dwarf.h"

/* DWARF's standard and extended opcodes. */
enum {
	ODC_LNS_COPY = 1, ODC_LNS_ADVANCE_PC, ODC_LNS_ADVANCE_LINE, ODC_LNS_SET_FILE,
	ODC_LNS_SET_COLUMN, ODC_LNS_NEGATE_STMT, ODC_LNS_SET_BASIC_BLOCK, ODC_LNS_CONST_ADD_PC,
	ODC_LNS_FIXED_ADVANCE_PC
};
enum { ODC_LNE_END_SEQUENCE = 1, ODC_LNE_SET_ADDRESS = 2 };

/* The row found so far: its unit, file and line, and the address it starts at. */
struct odc_found {
	bool found;
	size_t unit;
	uint64_t start, file, line;
};

/* The state machine's registers that matter here, and the row before. */
struct odc_lines {
	uint64_t addr, op_index, file, line;
	bool row;			/* a row of this sequence before */
	uint64_t row_addr, row_file, row_line;
};

static void odc_lines_reset(struct odc_lines *m)
{
	*m = (struct odc_lines){ .file = 1, .line = 1 };
}

/* A row at M's address: the one before it ends there, and is taken where it held ADDR. */
static void odc_row(struct odc_lines *m, uint64_t addr, size_t unit, struct odc_found *best, bool end)
{
	if (m->row && m->row_addr <= addr && addr < m->addr && (!best->found || m->row_addr > best->start))
		*best = (struct odc_found){ true, unit, m->row_addr, m->row_file, m->row_line };
	m->row = !end;
	m->row_addr = m->addr, m->row_file = m->file, m->row_line = m->line;
	if (end)
		odc_lines_reset(m);
}

/* The address advanced by ADV operations (VLIW's op_index; 1 a instruction elsewhere). */
static void odc_advance(struct odc_lines *m, const struct odc_line_unit *u, uint64_t adv)
{
	uint64_t ops = m->op_index + adv;

	m->addr += u->min_inst * (ops / u->max_ops);
	m->op_index = ops % u->max_ops;
}

/* An extended opcode at C (its length first): false where it does not fit in its unit. */
static bool odc_extended(struct odc_cur *c, struct odc_lines *m, uint64_t addr, size_t unit,
			 struct odc_found *best)
{
	uint64_t len = odc_uleb(c);
	const unsigned char *body = odc_take(c, len);

	if (!body || !len)
		return body != NULL;
	struct odc_cur b = { body, body + len, false };
	unsigned op = (unsigned)odc_fixed(&b, 1);
	if (op == ODC_LNE_END_SEQUENCE)
		odc_row(m, addr, unit, best, true);
	else if (op == ODC_LNE_SET_ADDRESS && (len - 1 == 4 || len - 1 == 8))
		m->addr = odc_fixed(&b, (unsigned)(len - 1)), m->op_index = 0;
	return true;
}

/* U's program, its rows matched against ADDR. */
static void odc_run(const struct odc_line_unit *u, uint64_t addr, size_t unit, struct odc_found *best)
{
	struct odc_cur c = { u->program, u->end, false };
	struct odc_lines m;

	odc_lines_reset(&m);
	while (!c.bad && c.p < c.end) {
		unsigned op = (unsigned)odc_fixed(&c, 1);
		if (op >= u->opcode_base) {
			unsigned adj = op - u->opcode_base;
			odc_advance(&m, u, adj / u->line_range);
			m.line += (uint64_t)(int64_t)(u->line_base + (int)(adj % u->line_range));
			odc_row(&m, addr, unit, best, false);
		} else if (op == 0) {
			if (!odc_extended(&c, &m, addr, unit, best))
				return;
		} else if (op == ODC_LNS_COPY) {
			odc_row(&m, addr, unit, best, false);
		} else if (op == ODC_LNS_ADVANCE_PC) {
			odc_advance(&m, u, odc_uleb(&c));
		} else if (op == ODC_LNS_ADVANCE_LINE) {
			m.line += (uint64_t)odc_sleb(&c);
		} else if (op == ODC_LNS_SET_FILE) {
			m.file = odc_uleb(&c);
		} else if (op == ODC_LNS_CONST_ADD_PC) {
			odc_advance(&m, u, (255 - u->opcode_base) / u->line_range);
		} else if (op == ODC_LNS_FIXED_ADVANCE_PC) {
			m.addr += odc_fixed(&c, 2), m.op_index = 0;
		} else {
			/* Any other standard opcode: its operands, as many as the header says, skipped. */
			for (unsigned n = u->lengths[op - 1]; n; n--)
				odc_uleb(&c);
		}
	}
}

/* The row of .debug_line (LINE) that holds ADDR into *BEST: NULL, or why none. */
static const char *odc_find_row(const struct odc_bytes *line, uint64_t addr, struct odc_found *best)
{
	struct odc_line_unit u;
	size_t next, units = 0;

	for (size_t off = 0; off < line->n; off = next) {
		if (!odc_line_unit(line, off, &u, &next))
			continue;
		units++;
		odc_run(&u, addr, off, best);
	}
	if (!units)
		return "debug information whose line tables report cannot read";
	return best->found ? NULL : "no line of the debug information holds the address";
}

const char *odc_dwarf_source(const struct odc_elf *e, uint64_t addr, char *source, size_t size)
{
	struct odc_section h;
	struct odc_bytes line;
	struct odc_found best = { 0 };
	struct odc_line_unit u;
	struct odc_line_strings strings = { .elf = e };
	const char *why;
	char file[512];
	size_t next;

	if (!odc_elf_find(e, ".debug_line", &h))
		return "no debug information for the module here";
	if ((why = odc_elf_load(e, &h, &line)) || (why = odc_find_row(&line, addr, &best))) {
		free(line.p);
		return why;
	}
	char dir[256] = "";
	if (!odc_line_unit(&line, best.unit, &u, &next) || !odc_line_file(&u, best.file, &strings, file, sizeof file))
		snprintf(file, sizeof file, "??");
	else if (u.version < 5 && file[0] != '/' && odc_dwarf_comp_dir(e, best.unit, dir, sizeof dir - 1))
		strcat(dir, "/");
	if (best.line)
		snprintf(source, size, "%s%s:%llu", dir, file, (unsigned long long)best.line);
	else
		snprintf(source, size, "%s%s:?", dir, file);
	free(line.p);
	free(strings.line_str.p);
	free(strings.str.p);
	return NULL;
}
