/*
 * The kernel interfaces odcreat uses, under its own names. They are facts
 * of the kernel's ABI, fixed once released; defining them here means that
 * odcreat builds against any C library's headers (musl's carry no kernel
 * headers; glibc 2.17 comes with kernel headers as old as 3.10) and never
 * clashes with a libc that defines some of them itself.
 */
#ifndef ODC_ABI_H
#define ODC_ABI_H

#include <fcntl.h>
#include <stdint.h>

#include "odc_arch.h"

/* openat2(2), Linux 5.6. */
struct odc_open_how {
	uint64_t flags;
	uint64_t mode;
	uint64_t resolve;
};

#define ODC_RESOLVE_NO_XDEV		0x01
#define ODC_RESOLVE_NO_MAGICLINKS	0x02
#define ODC_RESOLVE_NO_SYMLINKS		0x04
#define ODC_RESOLVE_BENEATH		0x08
#define ODC_RESOLVE_IN_ROOT		0x10
#define ODC_RESOLVE_CACHED		0x20
#define ODC_RESOLVE_ALL			0x3f

/* Every flag that openat2 accepts (the kernel's VALID_OPEN_FLAGS). */
#define ODC_VALID_OPEN_FLAGS                                                                  \
	(O_ACCMODE | O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_APPEND | O_NONBLOCK | O_SYNC |  \
	 O_DSYNC | O_ASYNC | O_DIRECT | ODC_O_LARGEFILE | O_DIRECTORY | O_NOFOLLOW | O_NOATIME | \
	 O_CLOEXEC | O_PATH | O_TMPFILE)

/* getrandom(2)'s flag: fail rather than wait for the pool at boot. */
#define ODC_GRND_NONBLOCK 1

/* System calls added since 5.1 have one number on every architecture. */
#define ODC_NR_PIDFD_OPEN	434
#define ODC_NR_OPENAT2		437
#define ODC_NR_PIDFD_GETFD	438
#define ODC_NR_FCHMODAT2	452

#endif
