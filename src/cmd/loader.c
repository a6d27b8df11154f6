/*
 * Whether the command's loader can preload this build's library. A library
 * built against musl needs musl's libc.so: glibc's loader, asked to preload
 * it, looks for its libc.so among glibc's and stops the program before it
 * runs ("invalid ELF header"). So the musl build's odcreat looks at the
 * program it is about to run (through one #! line) and, where that
 * program's loader is not musl's, says so in one line instead. Programs
 * with no loader (static ones) preload nothing under either libc, and run.
 * The glibc build checks nothing: its library's path names $LIB, which
 * musl's loader does not expand, so a musl program runs without it.
 */
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_loader.h"
#include "odc_say.h"

#ifndef __GLIBC__

/* PROGRAM as execvp finds it, in OUT: false where it finds nothing runnable, and execvp will say so. */
static bool odc_loader_find(const char *program, char *out, size_t len)
{
	const char *path = getenv("PATH");

	if (strchr(program, '/'))
		return snprintf(out, len, "%s", program) < (int)len;
	for (const char *dir = path && *path ? path : "/usr/local/bin:/bin:/usr/bin"; *dir;) {
		size_t n = strcspn(dir, ":");
		int made = snprintf(out, len, "%.*s%s%s", (int)n, dir, n ? "/" : "", program);
		if (made > 0 && (size_t)made < len && access(out, X_OK) == 0)
			return true;
		dir += n + (dir[n] == ':');
	}
	return false;
}

/* One program header of either class, as far as PT_INTERP needs it. */
static bool odc_loader_phdr(const unsigned char *ehdr, int fd, unsigned i, unsigned long *type,
			    unsigned long *offset, unsigned long *size)
{
	if (ehdr[EI_CLASS] == ELFCLASS64) {
		const Elf64_Ehdr *e = (const Elf64_Ehdr *)ehdr;
		Elf64_Phdr p;
		if (pread(fd, &p, sizeof p, (off_t)(e->e_phoff + (Elf64_Off)i * e->e_phentsize)) != sizeof p)
			return false;
		*type = p.p_type, *offset = p.p_offset, *size = p.p_filesz;
	} else {
		const Elf32_Ehdr *e = (const Elf32_Ehdr *)ehdr;
		Elf32_Phdr p;
		if (pread(fd, &p, sizeof p, (off_t)(e->e_phoff + (Elf32_Off)i * e->e_phentsize)) != sizeof p)
			return false;
		*type = p.p_type, *offset = p.p_offset, *size = p.p_filesz;
	}
	return true;
}

/*
 * FILE's loader (PT_INTERP) in OUT, "" for a static program; for a #!
 * script (DEPTH 0), its interpreter's, and the interpreter in SCRIPT_RUNS.
 * False where FILE is neither, or unreadable: execve will judge it.
 */
static bool odc_loader_of(const char *file, int depth, char *script_runs, char *out, size_t len)
{
	unsigned char head[sizeof(Elf64_Ehdr)] = { 0 };
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	ssize_t got = fd < 0 ? -1 : pread(fd, head, sizeof head, 0);
	bool known = false;

	out[0] = '\0';
	if (got >= 2 && head[0] == '#' && head[1] == '!' && depth == 0) {
		char line[PATH_MAX + 3];
		ssize_t n = pread(fd, line, sizeof line - 1, 0);
		line[n > 0 ? n : 0] = '\0';
		char *interp = line + 2 + strspn(line + 2, " \t");
		interp[strcspn(interp, " \t\n")] = '\0';
		snprintf(script_runs, PATH_MAX, "%s", interp);
		known = *interp && odc_loader_of(interp, 1, script_runs, out, len);
	} else if (got >= (ssize_t)sizeof(Elf32_Ehdr) && memcmp(head, ELFMAG, SELFMAG) == 0) {
		unsigned phnum = head[EI_CLASS] == ELFCLASS64 ? ((Elf64_Ehdr *)head)->e_phnum
							     : ((Elf32_Ehdr *)head)->e_phnum;
		unsigned long type, offset, size;
		known = true;
		for (unsigned i = 0; i < phnum && odc_loader_phdr(head, fd, i, &type, &offset, &size); i++)
			if (type == PT_INTERP && size < len &&
			    pread(fd, out, size, (off_t)offset) == (ssize_t)size) {
				out[size] = '\0';
				break;
			}
	}
	if (fd >= 0)
		close(fd);
	return known;
}

void odc_loader_check(const char *program)
{
	char file[PATH_MAX], loader[PATH_MAX], script_runs[PATH_MAX] = "";

	if (!odc_loader_find(program, file, sizeof file) ||
	    !odc_loader_of(file, 0, script_runs, loader, sizeof loader))
		return;
	const char *base = strrchr(loader, '/');
	if (!*loader || strncmp(base ? base + 1 : loader, "ld-musl-", 8) == 0)
		return;
	odc_say("odcreat: %s%s%s%s is not a musl program (its loader is %s), and this odcreat, "
		"built against musl, preloads a library only musl programs can load: run it with "
		"a glibc build's odcreat, or with --seccomp\n", program, *script_runs ? " runs " : "",
		script_runs, *script_runs ? ", which" : "", loader);
	exit(ODC_EXIT_CANNOT_RUN);
}

#else

void odc_loader_check(const char *program)
{
	(void)program;
}

#endif
