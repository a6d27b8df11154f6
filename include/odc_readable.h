/*
 * Whether the kernel can read what a caller passed, asked of the kernel
 * itself: odcreat never touches a caller's pointer before the kernel has
 * copied it once, so a bad one gets the kernel's answer, not a fault.
 */
#ifndef ODC_READABLE_H
#define ODC_READABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_abi.h"

/*
 * What the kernel's copy of PATH as a path name says: 0, or -EFAULT,
 * -ENAMETOOLONG (no NUL in PATH_MAX bytes, all readable), -ENOENT (empty)
 * or -ENOMEM, as an open of PATH would fail before it looks anything up.
 */
long odc_readable_path(const char *path);

/*
 * Whether openat2 can copy HOW, SIZE bytes of it: false for an address it
 * cannot read, a tail beyond the fields it knows that is not zero, or a
 * kernel without openat2. Then the kernel's own openat2 answers the call.
 */
bool odc_readable_how(const struct odc_open_how *how, size_t size);

#endif
