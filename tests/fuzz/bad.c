/* The bad input a step may pass: pointers the caller may not read, open_hows the kernel refuses. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Two pages, the second unmapped: fz_gap is its start. */
static char *fz_gap;

void fz_map_gap(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *two = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (two == MAP_FAILED || munmap(two + page, page) < 0)
		fz_fatal("mmap the gap");
	memset(two, 'a', page);
	fz_gap = two + page;
}

/* A pointer of bad KIND (null, unmapped, cross, kernel) to HEAD, of which LEN bytes fit before the gap. */
static void *fz_bad_pointer(int kind, const void *head, size_t len)
{
	switch (kind) {
	case 0: return NULL;
	case 1: return fz_gap + 64;
	case 2: return memcpy(fz_gap - len, head, len);
	default: return (void *)0xffffffff81000000UL;
	}
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
		*path = fz_bad_pointer(b - B_PATH_NULL, "aaaaaaaaaaaaaaaa", 16);
	else if (fz_bad_how_pointer(b))
		*how = fz_bad_pointer(b - B_HOW_NULL, &(*how)->flags, sizeof (*how)->flags);
}
