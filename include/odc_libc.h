/*
 * The opens the core makes for itself, as each product reaches the
 * kernel: the library through the next definitions of the functions it
 * interposes (src/preload/libc.c), so that another preloaded library sees
 * them and none comes back into odcreat; the command and the watcher,
 * which interpose nothing, directly (src/direct/libc.c). Each returns a
 * descriptor or a negative errno.
 */
#ifndef ODC_LIBC_H
#define ODC_LIBC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "odc_abi.h"

long odc_libc_openat(int dirfd, const char *path, int flags, mode_t mode);
long odc_libc_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size);

/*
 * The object the loader mapped at code address PC, as the loader knows it
 * without a lock (glibc's _dl_find_object, 2.35 and later): the start of
 * its mapping and a hash of the name it was loaded by, into *START and
 * *NAME: 0, or -1 where it cannot say (no such function, as in the
 * command, musl or an older glibc; or no object there).
 */
int odc_libc_object(const void *pc, uintptr_t *start, uint64_t *name);

#endif
