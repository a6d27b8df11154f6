/*
 * The kernel's rule for O_CREAT in sticky directories (may_create_in_sticky
 * in fs/namei.c), which the modes that reproduce a Linux kernel apply to
 * what such an open finds already there.
 */
#ifndef ODC_STICKY_H
#define ODC_STICKY_H

#include <stdbool.h>
#include <sys/stat.h>

/*
 * Whether an O_CREAT open that found OBJECT in the directory HOLDER must
 * fail with EACCES: HOLDER is sticky and others may write it, and neither
 * the caller nor HOLDER's owner owns OBJECT. Regular files and FIFOs count
 * only as far as fs.protected_regular and fs.protected_fifos say; anything
 * else counts whatever they say.
 */
bool odc_sticky_refuses(const struct stat *object, const struct stat *holder);

#endif
