/*
 * A file offset as the address the code there is loaded at (odc_report_elf.h):
 * where= gives the offset in the module's file, which holds whether the
 * module is a PIE, a shared library or an executable at a fixed address;
 * addr2line wants the address the file's own program headers give it.
 * Both ELF classes, in this machine's byte order; every count bounded.
 */
#include <elf.h>
#include <string.h>
#include <unistd.h>

#include "odc_report_elf.h"

#define ODC_PHNUM_MAX 512

/* One class's walk: its header and program headers are of types EHDR and PHDR. */
#define ODC_ELF_WALK(EHDR, PHDR)                                                              \
	do {                                                                                  \
		EHDR eh;                                                                      \
		PHDR ph;                                                                      \
		if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh)                       \
			return "not an ELF file";                                             \
		if (eh.e_phentsize != sizeof ph || eh.e_phnum > ODC_PHNUM_MAX)                \
			return "an ELF file whose program headers report cannot read";         \
		for (unsigned i = 0; i < eh.e_phnum; i++) {                                   \
			if (pread(fd, &ph, sizeof ph, (off_t)(eh.e_phoff + i * sizeof ph)) !=  \
			    (ssize_t)sizeof ph)                                               \
				return "an ELF file cut short";                               \
			if (ph.p_type == PT_LOAD && offset >= ph.p_offset &&                  \
			    offset - ph.p_offset < ph.p_filesz) {                             \
				*addr = ph.p_vaddr + (offset - ph.p_offset);                  \
				return NULL;                                                  \
			}                                                                     \
		}                                                                             \
		return "the offset is in none of the file's loaded segments";                 \
	} while (0)

const char *odc_elf_address(int fd, unsigned long long offset, unsigned long long *addr)
{
	unsigned char ident[EI_NIDENT];

	if (pread(fd, ident, sizeof ident, 0) != (ssize_t)sizeof ident || memcmp(ident, ELFMAG, SELFMAG))
		return "not an ELF file";
	union {
		unsigned short v;
		unsigned char b[2];
	} order = { 1 };
	if (ident[EI_DATA] != (order.b[0] ? ELFDATA2LSB : ELFDATA2MSB))
		return "an ELF file of another byte order";
	if (ident[EI_CLASS] == ELFCLASS64)
		ODC_ELF_WALK(Elf64_Ehdr, Elf64_Phdr);
	if (ident[EI_CLASS] == ELFCLASS32)
		ODC_ELF_WALK(Elf32_Ehdr, Elf32_Phdr);
	return "an ELF file of an unknown class";
}
