/*
 * The resolver's room (src/cmd/report/resolve/): the drill-down's call
 * sites, MODULE+0xOFFSET, as functions and source lines, each read in a
 * child of report's own that no user can reach (child.c), with the rights
 * of the user its line is from (open.c), within one deadline for the
 * whole drill-down (run.c). Its door to the drill-down is
 * odc_report_resolve.h; the reading of a module, src/cmd/report/elf/.
 */
#ifndef ODC_RESOLVE_H
#define ODC_RESOLVE_H

#include <stdint.h>
#include <sys/types.h>

#include "odc_resolve_read.h"

/* The drill-down's whole time, in seconds, and each site's share at most. */
#define ODC_RESOLVE_SECONDS 30
#define ODC_RESOLVE_SITE_SECONDS 10

/*
 * PATH, an absolute path as the kernel writes one (no ".", "..", "//" or
 * trailing "/"), opened for reading with this process's file-system
 * rights, each of its components looked up without following a symlink,
 * and only where it is a regular file: its descriptor, or -1 with *WHY.
 */
int odc_open_module(const char *path, const char **why);

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
