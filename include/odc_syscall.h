/*
 * The open system calls, and where each keeps its arguments: one decoder
 * for the library's syscall(), the seccomp filter and the supervisor.
 */
#ifndef ODC_SYSCALL_H
#define ODC_SYSCALL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "odc_abi.h"

enum odc_syscall {
	ODC_SYSCALL_OTHER = -1,
	ODC_SYSCALL_OPEN,	/* path, flags, mode */
	ODC_SYSCALL_OPENAT,	/* dirfd, path, flags, mode */
	ODC_SYSCALL_OPENAT2,	/* dirfd, path, how, size */
	ODC_SYSCALL_COUNT
};

/* One call's arguments, as its registers hold them. */
struct odc_syscall_args {
	int dirfd;		/* AT_FDCWD for open */
	uint64_t path;		/* the path's address */
	int flags;		/* open and openat; openat2's are in memory, at how */
	mode_t mode;
	uint64_t how, size;	/* openat2 */
};

/* The open call that system call NR of this build's ABI is. */
enum odc_syscall odc_syscall_of(long nr);

/* Whether it is one at all: inline, in as few instructions, for syscall()'s fast path. */
static inline bool odc_syscall_opens(long nr)
{
#ifdef ODC_NR_OPEN
	if (nr == ODC_NR_OPEN)
		return true;
#endif
	return nr == ODC_NR_OPENAT || nr == ODC_NR_OPENAT2;
}

/* CALL's arguments, from its first four registers A. */
void odc_syscall_decode(enum odc_syscall call, const uint64_t a[4], struct odc_syscall_args *out);

/* Which register holds CALL's flags, or -1 where they are in memory (openat2). */
int odc_syscall_flags_arg(enum odc_syscall call);

/*
 * The name the log gives CALL: "SYS_open", or "syscall(SYS_open)" for one a
 * program made through libc's syscall() (VIA_SYSCALL); "?" for any other.
 */
const char *odc_syscall_name(enum odc_syscall call, bool via_syscall);

#endif
