/*
 * A name looked up in a loaded object's own tables, as the dynamic linker
 * would (src/preload/elf.c): what odc_next.h's resolution is made of.
 */
#ifndef ODC_ELF_H
#define ODC_ELF_H

#include <link.h>
#include <stdbool.h>

/* What an object's dynamic section says of its symbols. */
struct odc_symbols {
	const uint32_t *gnu_hash;
	const ElfW(Sym) *symtab;
	const char *strtab;
	const ElfW(Half) *versym;
	ElfW(Addr) base;
};

/* The tables of the object INFO describes: false where it has no GNU hash table to look names up in. */
bool odc_symbols_of(const struct dl_phdr_info *info, struct odc_symbols *s);

/*
 * NAME's symbol in the object S describes, or NULL: a function (or an
 * IFUNC) defined there, global or weak, in its default version.
 */
const ElfW(Sym) *odc_lookup(const struct odc_symbols *s, const char *name);

/* What a call reaches through SYM: its address, or for an IFUNC what its resolver picks. */
void *odc_address(const struct odc_symbols *s, const ElfW(Sym) *sym);

#endif
