/*
 * The opens the core makes for itself, as each product reaches the
 * kernel: the library through the next definitions of the functions it
 * interposes (src/preload/libc.c), so that another preloaded library sees
 * them and none comes back into odcreat; the command directly
 * (src/cmd/libc.c). Each returns a descriptor or a negative errno.
 */
#ifndef ODC_REAL_H
#define ODC_REAL_H

#include <stddef.h>
#include <sys/types.h>

#include "odc_abi.h"

long odc_libc_openat(int dirfd, const char *path, int flags, mode_t mode);
long odc_libc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size);

#endif
