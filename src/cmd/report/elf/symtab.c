/*
 * The function whose code holds an address, by a symbol table: only a
 * function symbol whose own size spans the address names it. The symbol
 * before an address in a stripped module's .dynsym is the last exported
 * one, another function as likely as not, so none is guessed.
 */
#include <elf.h>
#include <string.h>

#include "odc_resolve_read.h"

#define ODC_SYMS_AT_ONCE 256
/* More symbols than any real module has (a browser's library has some two million). */
#define ODC_SYMS_MAX (1u << 24)

/* One symbol, of either class. */
struct odc_sym {
	uint32_t name;
	unsigned char info;
	uint16_t shndx;
	uint64_t value, size;
};

/* Symbols FIRST to FIRST + N of the table at OFF into OUT: false where they cannot be read. */
static bool odc_syms(const struct odc_elf *e, uint64_t off, uint64_t first, size_t n,
		     struct odc_sym out[ODC_SYMS_AT_ONCE])
{
	if (e->is64) {
		Elf64_Sym s[ODC_SYMS_AT_ONCE];
		if (odc_elf_read(e, off + first * sizeof *s, s, n * sizeof *s))
			return false;
		for (size_t i = 0; i < n; i++)
			out[i] = (struct odc_sym){ s[i].st_name, s[i].st_info, s[i].st_shndx, s[i].st_value,
						   s[i].st_size };
	} else {
		Elf32_Sym s[ODC_SYMS_AT_ONCE];
		if (odc_elf_read(e, off + first * sizeof *s, s, n * sizeof *s))
			return false;
		for (size_t i = 0; i < n; i++)
			out[i] = (struct odc_sym){ s[i].st_name, s[i].st_info, s[i].st_shndx, s[i].st_value,
						   s[i].st_size };
	}
	return true;
}

static bool odc_sym_holds(const struct odc_sym *s, uint64_t addr)
{
	unsigned type = ELF64_ST_TYPE(s->info);

	return (type == STT_FUNC || type == STT_GNU_IFUNC) && s->shndx != SHN_UNDEF && s->size &&
	       addr >= s->value && addr - s->value < s->size;
}

/* The symbol table of TYPE holding ADDR: its best symbol there into *BEST (a global one first). */
static bool odc_sym_find(const struct odc_elf *e, const struct odc_section *t, uint64_t addr,
			 struct odc_sym *best)
{
	struct odc_sym s[ODC_SYMS_AT_ONCE];
	size_t each = e->is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	uint64_t count = t->size / each;
	bool found = false;

	if (t->entsize != each || count > ODC_SYMS_MAX)
		return false;
	for (uint64_t first = 0; first < count; first += ODC_SYMS_AT_ONCE) {
		size_t n = count - first < ODC_SYMS_AT_ONCE ? (size_t)(count - first) : ODC_SYMS_AT_ONCE;
		if (!odc_syms(e, t->offset, first, n, s))
			return found;
		for (size_t i = 0; i < n; i++) {
			if (!odc_sym_holds(&s[i], addr) || (found && ELF64_ST_BIND(best->info) == STB_GLOBAL))
				continue;
			*best = s[i];
			found = true;
		}
	}
	return found;
}

bool odc_elf_function(const struct odc_elf *e, uint32_t type, uint64_t addr, char *name, size_t size)
{
	struct odc_section t, strings;
	struct odc_sym best;
	unsigned i = 1;

	while (i < e->shnum && !(odc_elf_section(e, i, &t) && t.type == type))
		i++;
	if (i >= e->shnum || !odc_elf_section(e, t.link, &strings) || strings.type != SHT_STRTAB ||
	    !odc_sym_find(e, &t, addr, &best) || best.name >= strings.size)
		return false;
	size_t len = strings.size - best.name < size - 1 ? (size_t)(strings.size - best.name) : size - 1;
	if (odc_elf_read(e, strings.offset + best.name, name, len))
		return false;
	name[len] = '\0';
	return name[0] != '\0';
}
