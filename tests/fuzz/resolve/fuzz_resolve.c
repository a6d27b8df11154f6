/*
 * fuzz_resolve: libFuzzer harness for report --resolve's reading of a
 * module (src/cmd/report/resolve/): the ELF reader, the symbol tables,
 * DWARF's line tables and .debug_info, the sections' inflate, and the
 * site's parser, all of which read what any user may have written.
 *
 * One input is 8 bytes, the call site's offset in the file (its last byte
 * first), 1 byte of flags (bit 0: the file is its own debug file too, as
 * a -dbgsym file is), then the module's bytes, put in a file of its own
 * (memfd) and resolved as the child resolves it. The whole input is also
 * inflated, as a zlib stream whose output is as long as its first two
 * bytes say, and parsed as a call site's text. These must hold:
 *
 *   - every answer is a NUL-terminated string within its field, and either
 *     says why the site is unresolved or names a function and a source;
 *   - nothing reads or writes out of bounds, nothing leaks (the
 *     sanitizers), and each input finishes within make fuzz's -timeout,
 *     whatever counts, offsets and sizes it holds.
 *
 * A broken rule prints what broke and abort()s, so libFuzzer saves the
 * input. Seeds: tests/fuzz/resolve/seeds.sh, real modules built with -g.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "odc_resolve_read.h"

static void fuzz_check(const char *field, const char *s, size_t size)
{
	if (strnlen(s, size) == size) {
		fprintf(stderr, "fuzz_resolve: the answer's %s is not NUL-terminated\n", field);
		abort();
	}
}

static void fuzz_module(const uint8_t *data, size_t size)
{
	struct odc_elf module, *debug = NULL;
	struct odc_answer a;
	uint64_t offset = 0;
	unsigned char id[64];
	int fd;

	if (size < 9)
		return;
	for (int i = 0; i < 8; i++)
		offset = offset << 8 | data[7 - i];
	if ((fd = memfd_create("fuzz_resolve", MFD_CLOEXEC)) < 0 ||
	    write(fd, data + 9, size - 9) != (ssize_t)(size - 9)) {
		perror("fuzz_resolve: memfd");
		abort();
	}
	if (!odc_elf_open(&module, fd, size - 9)) {
		odc_elf_build_id(&module, id);
		if (data[8] & 1)
			debug = &module;
		odc_resolve_module(&module, debug, offset, &a);
		fuzz_check("function", a.function, sizeof a.function);
		fuzz_check("source", a.source, sizeof a.source);
		fuzz_check("reason", a.why, sizeof a.why);
		if (!a.why[0] && (!a.function[0] || !a.source[0])) {
			fprintf(stderr, "fuzz_resolve: resolved, but without a function or a source\n");
			abort();
		}
	}
	close(fd);
}

static void fuzz_inflate(const uint8_t *data, size_t size)
{
	size_t out_len = size >= 2 ? (size_t)(data[0] | data[1] << 8) : 0;
	unsigned char *out = malloc(out_len ? out_len : 1);

	if (out)
		odc_inflate_zlib(data, size, out, out_len);
	free(out);
}

static void fuzz_site(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), path[4096];
	uint64_t offset;

	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	if (odc_site_parse(text, path, sizeof path, &offset))
		fuzz_check("site's path", path, sizeof path);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_module(data, size);
	fuzz_inflate(data, size);
	fuzz_site(data, size);
	return 0;
}
