/*
 * A call site's function and source line, from the module and its debug
 * file: the offset made an address by the module's own program headers;
 * the function by DWARF (the module's, else its debug file's: an inlined
 * function by its own name), else by the full symbol table (likewise),
 * else by the exported ones; the line by the line tables, the module's,
 * else its debug file's.
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "odc_resolve_read.h"

static bool odc_function(const struct odc_elf *module, const struct odc_elf *debug, uint64_t addr,
			 char *name, size_t size)
{
	return odc_dwarf_function(module, addr, name, size) ||
	       (debug && odc_dwarf_function(debug, addr, name, size)) ||
	       odc_elf_function(module, SHT_SYMTAB, addr, name, size) ||
	       (debug && odc_elf_function(debug, SHT_SYMTAB, addr, name, size)) ||
	       odc_elf_function(module, SHT_DYNSYM, addr, name, size);
}

void odc_resolve_module(const struct odc_elf *module, const struct odc_elf *debug, uint64_t offset,
			struct odc_answer *a)
{
	const char *why;
	uint64_t addr;

	memset(a, 0, sizeof *a);
	if ((why = odc_elf_address(module, offset, &addr))) {
		snprintf(a->why, sizeof a->why, "%s", why);
		return;
	}
	bool named = odc_function(module, debug, addr, a->function, sizeof a->function);
	why = odc_dwarf_source(module, addr, a->source, sizeof a->source);
	if (why && debug)
		why = odc_dwarf_source(debug, addr, a->source, sizeof a->source);
	if (why && named)
		snprintf(a->why, sizeof a->why, "%s; in the function %.100s", why, a->function);
	else if (why)
		snprintf(a->why, sizeof a->why, "%s", why);
	else if (!named)
		snprintf(a->function, sizeof a->function, "??");
}
