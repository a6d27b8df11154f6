/*
 * An ELF file's header, program headers and section headers, in either
 * class and in this machine's byte order, each read where the header says
 * and only where that lies within the file (odc_resolve_read.h).
 */
#include <elf.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "odc_resolve_read.h"

/* More program headers than any real file has; section headers are fewer than SHN_LORESERVE. */
#define ODC_PHNUM_MAX 512
/* The most of a module's notes read for its build ID. */
#define ODC_NOTES_MAX 4096

const char *odc_elf_read(const struct odc_elf *e, uint64_t off, void *buf, size_t len)
{
	if (off > e->size || len > e->size - off)
		return "an ELF file whose headers point past its end";
	for (size_t done = 0; done < len;) {
		ssize_t got = pread(e->fd, (char *)buf + done, len - done, (off_t)(off + done));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? strerror(errno) : "the file shrank while it was read";
		done += (size_t)got;
	}
	return NULL;
}

const char *odc_elf_open(struct odc_elf *e, int fd, uint64_t size)
{
	union {
		unsigned char ident[EI_NIDENT];
		Elf32_Ehdr h32;
		Elf64_Ehdr h64;
	} h;
	union {
		unsigned short v;
		unsigned char b[2];
	} order = { 1 };

	*e = (struct odc_elf){ .fd = fd, .size = size };
	if (size < sizeof h.h32 || odc_elf_read(e, 0, &h, size < sizeof h ? sizeof h.h32 : sizeof h) ||
	    memcmp(h.ident, ELFMAG, SELFMAG))
		return "not an ELF file";
	if (h.ident[EI_DATA] != (order.b[0] ? ELFDATA2LSB : ELFDATA2MSB))
		return "an ELF file of another byte order";
	if (h.ident[EI_CLASS] == ELFCLASS64 && size >= sizeof h.h64) {
		e->is64 = true;
		if (h.h64.e_phentsize != sizeof(Elf64_Phdr) && h.h64.e_phnum)
			return "an ELF file whose program headers report cannot read";
		e->phoff = h.h64.e_phoff, e->phnum = h.h64.e_phnum;
		if (h.h64.e_shentsize == sizeof(Elf64_Shdr))
			e->shoff = h.h64.e_shoff, e->shnum = h.h64.e_shnum, e->shstrndx = h.h64.e_shstrndx;
	} else if (h.ident[EI_CLASS] == ELFCLASS32) {
		if (h.h32.e_phentsize != sizeof(Elf32_Phdr) && h.h32.e_phnum)
			return "an ELF file whose program headers report cannot read";
		e->phoff = h.h32.e_phoff, e->phnum = h.h32.e_phnum;
		if (h.h32.e_shentsize == sizeof(Elf32_Shdr))
			e->shoff = h.h32.e_shoff, e->shnum = h.h32.e_shnum, e->shstrndx = h.h32.e_shstrndx;
	} else {
		return "an ELF file of an unknown class";
	}
	if (e->phnum > ODC_PHNUM_MAX)
		return "an ELF file with more program headers than report reads";
	/* Past 0xff00 sections the count is in section 0 (and the names' index too): none here. */
	if (e->shnum >= SHN_LORESERVE || e->shstrndx >= e->shnum)
		e->shnum = 0;
	return NULL;
}

/* E's program header I, its type, offset, address and size in the file, into *P: NULL, or why not. */
static const char *odc_elf_phdr(const struct odc_elf *e, unsigned i, Elf64_Phdr *p)
{
	Elf32_Phdr p32;
	const char *why;

	if (e->is64)
		return odc_elf_read(e, e->phoff + (uint64_t)i * sizeof *p, p, sizeof *p);
	if ((why = odc_elf_read(e, e->phoff + (uint64_t)i * sizeof p32, &p32, sizeof p32)))
		return why;
	*p = (Elf64_Phdr){ .p_type = p32.p_type, .p_offset = p32.p_offset, .p_vaddr = p32.p_vaddr,
			   .p_filesz = p32.p_filesz };
	return NULL;
}

const char *odc_elf_address(const struct odc_elf *e, uint64_t offset, uint64_t *addr)
{
	Elf64_Phdr p;
	const char *why;

	for (unsigned i = 0; i < e->phnum; i++) {
		if ((why = odc_elf_phdr(e, i, &p)))
			return why;
		if (p.p_type == PT_LOAD && offset >= p.p_offset && offset - p.p_offset < p.p_filesz) {
			*addr = p.p_vaddr + (offset - p.p_offset);
			return NULL;
		}
	}
	return "the offset is in none of the file's loaded segments";
}

/* The build ID among the notes NOTES (LEN bytes, 4-aligned) into ID: its length, or 0. */
static size_t odc_notes_build_id(const unsigned char *notes, size_t len, unsigned char id[64])
{
	for (size_t at = 0; len - at >= sizeof(Elf64_Nhdr);) {
		Elf64_Nhdr n;	/* Elf32_Nhdr is the same */
		memcpy(&n, notes + at, sizeof n);
		size_t name = (n.n_namesz + 3u) & ~(size_t)3, desc = (n.n_descsz + 3u) & ~(size_t)3;
		at += sizeof n;
		if (n.n_namesz > len || n.n_descsz > len || name + desc > len - at)
			return 0;
		if (n.n_type == NT_GNU_BUILD_ID && n.n_namesz == 4 && memcmp(notes + at, "GNU", 4) == 0 &&
		    n.n_descsz > 0 && n.n_descsz <= 64) {
			memcpy(id, notes + at + name, n.n_descsz);
			return n.n_descsz;
		}
		at += name + desc;
	}
	return 0;
}

size_t odc_elf_build_id(const struct odc_elf *e, unsigned char id[64])
{
	unsigned char notes[ODC_NOTES_MAX];
	Elf64_Phdr p;
	size_t len = 0;

	for (unsigned i = 0; i < e->phnum && !len; i++) {
		if (odc_elf_phdr(e, i, &p) || p.p_type != PT_NOTE || p.p_filesz > sizeof notes ||
		    odc_elf_read(e, p.p_offset, notes, (size_t)p.p_filesz))
			continue;
		len = odc_notes_build_id(notes, (size_t)p.p_filesz, id);
	}
	return len;
}

bool odc_elf_section(const struct odc_elf *e, unsigned i, struct odc_section *s)
{
	if (i >= e->shnum)
		return false;
	if (e->is64) {
		Elf64_Shdr h;
		if (odc_elf_read(e, e->shoff + (uint64_t)i * sizeof h, &h, sizeof h))
			return false;
		*s = (struct odc_section){ h.sh_name, h.sh_type, h.sh_link, h.sh_flags, h.sh_addr,
					   h.sh_offset, h.sh_size, h.sh_entsize };
	} else {
		Elf32_Shdr h;
		if (odc_elf_read(e, e->shoff + (uint64_t)i * sizeof h, &h, sizeof h))
			return false;
		*s = (struct odc_section){ h.sh_name, h.sh_type, h.sh_link, h.sh_flags, h.sh_addr,
					   h.sh_offset, h.sh_size, h.sh_entsize };
	}
	return s->type == SHT_NOBITS || (s->offset <= e->size && s->size <= e->size - s->offset);
}

bool odc_elf_find(const struct odc_elf *e, const char *name, struct odc_section *s)
{
	struct odc_section names;
	size_t len = strlen(name) + 1;
	char have[64];

	if (len > sizeof have || !odc_elf_section(e, e->shstrndx, &names) || names.type == SHT_NOBITS)
		return false;
	for (unsigned i = 1; i < e->shnum; i++) {
		if (!odc_elf_section(e, i, s) || s->type == SHT_NOBITS || s->name >= names.size ||
		    len > names.size - s->name)
			continue;
		if (!odc_elf_read(e, names.offset + s->name, have, len) && memcmp(have, name, len) == 0)
			return true;
	}
	return false;
}
