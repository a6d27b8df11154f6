/*
 * The resolver's reading of a module (src/cmd/report/elf/): an ELF
 * file any user may have written, read through pread alone (a mapping
 * would fault where the file shrinks under it), every offset, size and
 * count checked against the file's size or a bound of its own before a
 * byte is read.
 */
#ifndef ODC_RESOLVE_READ_H
#define ODC_RESOLVE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most of one section read into memory (a debug section, inflated). */
#define ODC_SECTION_MAX (256u << 20)

/* An ELF file open at FD, SIZE bytes as fstat had it; its header's fields, in either class. */
struct odc_elf {
	int fd;
	uint64_t size;
	bool is64;
	uint64_t phoff, shoff;
	unsigned phnum, shnum, shstrndx;
};

struct odc_section {
	uint32_t name, type, link;
	uint64_t flags, addr, offset, size, entsize;
};

/* A section's bytes, in memory of its own (free p). */
struct odc_bytes {
	unsigned char *p;
	size_t n;
};

/* LEN bytes at OFF of E's file into BUF: NULL, or why not. */
const char *odc_elf_read(const struct odc_elf *e, uint64_t off, void *buf, size_t len);
/* E, the ELF file open at FD of SIZE bytes, its header read: NULL, or why it is none report reads. */
const char *odc_elf_open(struct odc_elf *e, int fd, uint64_t size);
/* The address that OFFSET of E's file is loaded at, by its PT_LOAD segments: NULL, or why none. */
const char *odc_elf_address(const struct odc_elf *e, uint64_t offset, uint64_t *addr);
/* E's build ID (NT_GNU_BUILD_ID, from its PT_NOTE segments) into ID: its length, 0 where none. */
size_t odc_elf_build_id(const struct odc_elf *e, unsigned char id[64]);
/* E's section header I into S: false where there is none such, or it lies past the file. */
bool odc_elf_section(const struct odc_elf *e, unsigned i, struct odc_section *s);
/* E's first section named NAME, with bytes in the file (not SHT_NOBITS), into S. */
bool odc_elf_find(const struct odc_elf *e, const char *name, struct odc_section *s);
/* S's bytes, inflated where SHF_COMPRESSED (zlib), into OUT: NULL, or why not. */
const char *odc_elf_load(const struct odc_elf *e, const struct odc_section *s, struct odc_bytes *out);

/*
 * The zlib stream IN (IN_LEN bytes) inflated into OUT, which it must fill
 * exactly (OUT_LEN bytes), its Adler-32 checked: NULL, or why not
 * (src/cmd/report/elf/inflate.c, RFC 1950 and 1951).
 */
const char *odc_inflate_zlib(const unsigned char *in, size_t in_len, unsigned char *out,
			     size_t out_len);

/*
 * The function (an STT_FUNC symbol of E's section of TYPE, SHT_SYMTAB or
 * SHT_DYNSYM) whose bytes hold ADDR, its name into NAME (SIZE bytes):
 * false where none does.
 */
bool odc_elf_function(const struct odc_elf *e, uint32_t type, uint64_t addr, char *name, size_t size);

/*
 * The innermost function (an inlined one too) whose code holds ADDR, by
 * E's .debug_info, its name into NAME: false where none
 * (src/cmd/report/elf/info.c).
 */
bool odc_dwarf_function(const struct odc_elf *e, uint64_t addr, char *name, size_t size);

/*
 * The directory of the unit whose line table is at offset LINE of E's
 * .debug_line, as .debug_info names it, into DIR: false where it names
 * none (DWARF 2 to 4 line tables leave it out: their files are under it).
 */
bool odc_dwarf_comp_dir(const struct odc_elf *e, uint64_t line, char *dir, size_t size);

/*
 * The source file and line of ADDR by E's .debug_line (DWARF 2 to 5), as
 * "FILE:LINE" into SOURCE (SIZE bytes): NULL, or why there is none
 * (src/cmd/report/elf/line.c).
 */
const char *odc_dwarf_source(const struct odc_elf *e, uint64_t addr, char *source, size_t size);

/* What a child found: raw bytes of the module's, NUL-terminated; WHY empty where all is found. */
struct odc_answer {
	char function[256], source[512], why[160];
};

/* A site's module and offset, as the drill-down's key names them: false where it names none. */
bool odc_site_parse(const char *site, char *path, size_t size, uint64_t *offset);

/*
 * Where Debian's -dbgsym packages put the debug information of the module
 * whose build ID is ID (LEN bytes): into PATH.
 */
void odc_debug_path(const unsigned char *id, size_t len, char *path, size_t size);

/*
 * In the child: MODULE (and DEBUG, its debug file, where not NULL) read
 * for the code at OFFSET, into *A.
 */
void odc_resolve_module(const struct odc_elf *module, const struct odc_elf *debug, uint64_t offset,
			struct odc_answer *a);

#endif
