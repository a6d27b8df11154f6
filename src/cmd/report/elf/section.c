/*
 * A section's bytes in memory: as they are in the file, or, where the
 * section is SHF_COMPRESSED (Debian's -dbgsym files compress every debug
 * section with zlib), inflated to the size its compression header gives.
 * Either way at most ODC_SECTION_MAX bytes, and no more than the header
 * promised.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "odc_resolve_read.h"

/* S's compression header: the size and the offset of its zlib stream, into *SIZE and *AT. */
static const char *odc_compressed(const struct odc_elf *e, const struct odc_section *s, uint64_t *size,
				  uint64_t *at)
{
	Elf64_Chdr h64;
	Elf32_Chdr h32;
	uint32_t type;
	size_t len = e->is64 ? sizeof h64 : sizeof h32;

	if (s->size < len || odc_elf_read(e, s->offset, e->is64 ? (void *)&h64 : (void *)&h32, len))
		return "a compressed section cut short";
	type = e->is64 ? h64.ch_type : h32.ch_type;
	*size = e->is64 ? h64.ch_size : h32.ch_size;
	*at = s->offset + len;
	if (type != ELFCOMPRESS_ZLIB)
		return "a debug section compressed other than with zlib, which report does not read";
	return NULL;
}

const char *odc_elf_load(const struct odc_elf *e, const struct odc_section *s, struct odc_bytes *out)
{
	uint64_t size = s->size, at = s->offset;
	const char *why = NULL;
	unsigned char *raw = NULL;

	*out = (struct odc_bytes){ 0 };
	if ((s->flags & SHF_COMPRESSED) && (why = odc_compressed(e, s, &size, &at)))
		return why;
	if (size > ODC_SECTION_MAX || s->size > ODC_SECTION_MAX)
		return "a debug section larger than report reads (256 MiB)";
	size_t stored = (size_t)(s->size - (at - s->offset));
	if (!(out->p = malloc(size ? (size_t)size : 1)) ||
	    ((s->flags & SHF_COMPRESSED) && !(raw = malloc(stored ? stored : 1)))) {
		why = "no memory for a debug section";
	} else if (!(why = odc_elf_read(e, at, raw ? raw : out->p, raw ? stored : (size_t)size)) && raw) {
		why = odc_inflate_zlib(raw, stored, out->p, (size_t)size);
	}
	free(raw);
	if (why) {
		free(out->p);
		out->p = NULL;
		return why;
	}
	out->n = (size_t)size;
	return NULL;
}
