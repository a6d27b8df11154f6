/* Names looked up in a loaded object's own tables (odc_elf.h). */
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

#include "odc_elf.h"

/* The GNU hash of a symbol name, as the link editor stored it. */
static uint32_t odc_gnu_hash(const char *name)
{
	uint32_t h = 5381;

	while (*name)
		h = h * 33 + (unsigned char)*name++;
	return h;
}


/*
 * Where a dynamic entry points. glibc relocates the entries of a writable
 * dynamic section in place as it loads the object; musl, and glibc for a
 * read-only one such as the vDSO's, leave them as the file has them.
 */
static const void *odc_dyn_address(const struct dl_phdr_info *info,
				   const ElfW(Phdr) *dynamic, ElfW(Addr) ptr)
{
#ifdef __GLIBC__
	if (dynamic->p_flags & PF_W)
		return (const void *)ptr;
#else
	(void)dynamic;
#endif
	return (const void *)(info->dlpi_addr + ptr);
}

bool odc_symbols_of(const struct dl_phdr_info *info, struct odc_symbols *s)
{
	const ElfW(Phdr) *dynamic = NULL;

	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dynamic = &info->dlpi_phdr[i];
	if (!dynamic)
		return false;
	*s = (struct odc_symbols){ .base = info->dlpi_addr };
	const ElfW(Dyn) *dyn = (const ElfW(Dyn) *)(info->dlpi_addr + dynamic->p_vaddr);
	for (; dyn->d_tag != DT_NULL; dyn++) {
		const void *at = odc_dyn_address(info, dynamic, dyn->d_un.d_ptr);
		if (dyn->d_tag == DT_GNU_HASH)
			s->gnu_hash = at;
		else if (dyn->d_tag == DT_SYMTAB)
			s->symtab = at;
		else if (dyn->d_tag == DT_STRTAB)
			s->strtab = at;
		else if (dyn->d_tag == DT_VERSYM)
			s->versym = at;
	}
	return s->gnu_hash && s->symtab && s->strtab;
}

/* A symbol's type and binding, the same bits in ELF32 and ELF64. */
#define ODC_ST_TYPE(info) ((info) & 0xf)
#define ODC_ST_BIND(info) ((info) >> 4)

/*
 * Whether symbol I is a definition of NAME that a lookup without a version
 * takes: a function (or an IFUNC) defined here, global or weak, in its
 * default version (not a hidden one).
 */
static bool odc_defines(const struct odc_symbols *s, uint32_t i, const char *name)
{
	const ElfW(Sym) *sym = &s->symtab[i];
	int type = ODC_ST_TYPE(sym->st_info), bind = ODC_ST_BIND(sym->st_info);

	return sym->st_shndx != SHN_UNDEF && (type == STT_FUNC || type == STT_GNU_IFUNC) &&
	       (bind == STB_GLOBAL || bind == STB_WEAK) && !(s->versym && (s->versym[i] & 0x8000)) &&
	       strcmp(s->strtab + sym->st_name, name) == 0;
}

/*
 * NAME's symbol in the object S describes, or NULL: its GNU hash table's
 * Bloom filter, then the bucket and the chain.
 */
const ElfW(Sym) *odc_lookup(const struct odc_symbols *s, const char *name)
{
	/* nbuckets, symoffset, bloom words, bloom shift, then the words, buckets and chains. */
	const uint32_t *table = s->gnu_hash, nbuckets = table[0], symoffset = table[1];
	const ElfW(Addr) *bloom = (const ElfW(Addr) *)(table + 4);
	const unsigned bits = sizeof *bloom * 8;
	uint32_t hash = odc_gnu_hash(name);
	ElfW(Addr) mask = (ElfW(Addr))1 << hash % bits | (ElfW(Addr))1 << (hash >> table[3]) % bits;

	if (!nbuckets || (table[2] && (bloom[hash / bits % table[2]] & mask) != mask))
		return NULL;
	const uint32_t *buckets = (const uint32_t *)(bloom + table[2]), *chain = buckets + nbuckets;
	for (uint32_t i = buckets[hash % nbuckets]; i >= symoffset; i++) {
		uint32_t h = chain[i - symoffset];
		if ((h | 1) == (hash | 1) && odc_defines(s, i, name))
			return &s->symtab[i];
		if (h & 1)
			break;
	}
	return NULL;
}

/* What a call reaches through SYM: its address, or for an IFUNC what its resolver picks. */
void *odc_address(const struct odc_symbols *s, const ElfW(Sym) *sym)
{
	void *at = (void *)(s->base + sym->st_value);

	if (ODC_ST_TYPE(sym->st_info) != STT_GNU_IFUNC)
		return at;
	return ((void *(*)(unsigned long))at)(getauxval(AT_HWCAP));
}
