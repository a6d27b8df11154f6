/* A name's parent directory held open for every step of one call. */
#ifndef ODC_AT_H
#define ODC_AT_H

#include <limits.h>
#include <stdbool.h>

#include "odc_call.h"

/*
 * The directory a name is made, examined or removed in, held open, and the
 * last component of the name in it. Holding the parent means that every
 * step of one call acts in the same directory, whatever a racer renames
 * above it meanwhile, and that the descriptor the call returns has a free
 * slot before anything is made: the kernel, too, allocates the descriptor
 * before it creates.
 */
struct odc_at {
	int dirfd;
	const char *name;
	bool owned;
	char parent[PATH_MAX];
};

/* Hold C's parent in AT: 0, or a negative errno. C's name must be readable (odc_admit). */
long odc_at_enter(const struct odc_call *c, struct odc_at *at);
void odc_at_leave(const struct odc_at *at);

/* Whether C's name is a symlink, looked at without following it. */
bool odc_names_symlink(const struct odc_call *c);

#endif
