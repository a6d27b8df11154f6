/* Shell-style patterns for /etc/odcreat.conf's program sections. */
#ifndef ODC_GLOB_H
#define ODC_GLOB_H

#include <stdbool.h>

/*
 * Whether NAME matches PATTERN as fnmatch(3) with FNM_PATHNAME would have
 * it: '*' and '?' match within one path component, "[...]" a byte of a set
 * ("[!...]" or "[^...]" of its complement, "a-z" ranges), '\' quotes the
 * next byte. Bytes, not characters; no allocation, no locale.
 */
bool odc_glob_match(const char *pattern, const char *name);

#endif
