/*
 * The kernel's rule for O_CREAT in sticky directories (may_create_in_sticky
 * in fs/namei.c), which the modes that reproduce a Linux kernel apply to
 * what such an open finds already there.
 */
#ifndef ODC_STICKY_H
#define ODC_STICKY_H

#include <stdbool.h>
#include <sys/stat.h>

#include "odc_call.h"

/*
 * Whether an O_CREAT open that found OBJECT in the directory HOLDER must
 * fail with EACCES: HOLDER is sticky and others may write it, and neither
 * the caller nor HOLDER's owner owns OBJECT. Regular files and FIFOs count
 * only as far as fs.protected_regular and fs.protected_fifos say; anything
 * else counts whatever they say.
 */
bool odc_sticky_refuses(const struct stat *object, const struct stat *holder);

/* Whether the rule refuses what FD refers to (a directory: DIR), found by C's name. */
bool odc_sticky_found(const struct odc_call *c, int fd, bool dir);

/*
 * What O_CREAT makes of C's name when it holds something other than a
 * directory: EACCES where the rule refuses it, which the kernel checks
 * first, or else ENOTDIR.
 */
long odc_not_a_dir(const struct odc_call *c);

#endif
