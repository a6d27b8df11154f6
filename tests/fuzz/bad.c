/* The bad input a step may pass: pointers the caller may not read, open_hows the kernel refuses. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../badptr.h"
#include "fuzz.h"
#include "odc_errname.h"

/* ------------------------------------------------------------ bad input */

const char *const fz_bad_names[B_COUNT] = {
	"none",
	"path NULL", "path unmapped", "path runs into an unmapped page", "path in kernel space",
	"open_how NULL", "open_how unmapped", "open_how runs into an unmapped page",
	"open_how in kernel space",
	"an unknown flag", "a flag above bit 31", "an unknown resolve flag",
	"RESOLVE_BENEATH|RESOLVE_IN_ROOT", "mode bits beyond 07777 (S_IFREG)", "RESOLVE_CACHED",
};

bool fz_bad_path(enum fz_bad b)
{
	return b >= B_PATH_NULL && b <= B_PATH_KERNEL;
}

bool fz_bad_how_pointer(enum fz_bad b)
{
	return b >= B_HOW_NULL && b <= B_HOW_KERNEL;
}

/* The start of a page unmapped after a readable one. */
static char *fz_gap;

void fz_map_gap(void)
{
	fz_gap = bad_gap();
	if (!fz_gap)
		fz_fatal("mmap the gap");
}

/*
 * The call's open_how, and its path, as step ST passes them: the bad
 * values in place, the bad pointers in PATH and HOW.
 */
void fz_bad_apply(enum fz_bad b, const char **path, struct odc_open_how **how)
{
	switch (b) {
	case B_HOW_FLAG: (*how)->flags |= 0x40000000; break;
	case B_HOW_FLAG64: (*how)->flags |= 1ULL << 40; break;
	case B_HOW_RESOLVE: (*how)->resolve |= 0x40; break;
	case B_HOW_SCOPES: (*how)->resolve |= ODC_RESOLVE_BENEATH | ODC_RESOLVE_IN_ROOT; break;
	case B_HOW_MODE: (*how)->mode |= S_IFREG; break;
	case B_HOW_CACHED: (*how)->resolve |= ODC_RESOLVE_CACHED; break;
	default: break;
	}
	if (fz_bad_path(b))
		*path = bad_pointer((enum bad_kind)(b - B_PATH_NULL), fz_gap, "aaaaaaaaaaaaaaaa", 16);
	else if (fz_bad_how_pointer(b))
		*how = bad_pointer((enum bad_kind)(b - B_HOW_NULL), fz_gap, &(*how)->flags,
				   sizeof (*how)->flags);
}
