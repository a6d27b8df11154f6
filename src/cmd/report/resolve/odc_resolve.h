/*
 * The resolver's room (src/cmd/report/resolve/): the drill-down's call
 * sites, MODULE+0xOFFSET, as functions and source lines, each read in a
 * child of report's own that no user can reach (child.c), with the rights
 * of the user its line is from (open.c), within one deadline for the
 * whole drill-down (run.c). Its door to the drill-down is
 * odc_report_drill.h's odc_resolve_all and odc_resolve.
 */
#ifndef ODC_RESOLVE_H
#define ODC_RESOLVE_H

#include <stdint.h>
#include <sys/types.h>

#include "odc_resolve_read.h"

/* The drill-down's whole time, in seconds, and each site's share at most. */
#define ODC_RESOLVE_SECONDS 30
#define ODC_RESOLVE_SITE_SECONDS 10

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
 * PATH, an absolute path as the kernel writes one (no ".", "..", "//" or
 * trailing "/"), opened for reading with this process's file-system
 * rights, each of its components looked up without following a symlink,
 * and only where it is a regular file: its descriptor, or -1 with *WHY.
 */
int odc_open_module(const char *path, const char **why);

/*
 * In the child: MODULE (and DEBUG, its debug file, where not NULL) read
 * for the code at OFFSET, into *A.
 */
void odc_resolve_module(const struct odc_elf *module, const struct odc_elf *debug, uint64_t offset,
			struct odc_answer *a);

/*
 * The child's whole life (child.c): out of every user's reach, with UID's
 * rights (-1: nobody's), PATH's code at OFFSET resolved within SECONDS
 * of CPU, its answer written to OUT; it never returns.
 */
_Noreturn void odc_resolve_child(int out, const char *path, uint64_t offset, long long uid,
				 unsigned seconds);

/* In the child, once its files are open: no system call but reading them and writing OUT. */
void odc_resolve_confine(void);

#endif
