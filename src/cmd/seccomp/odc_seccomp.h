/*
 * The seccomp filter of odcreat --seccomp: which system calls the kernel
 * hands to the supervisor, and how the supervisor tells them apart.
 */
#ifndef ODC_SECCOMP_H
#define ODC_SECCOMP_H

#include <stdint.h>

enum odc_syscall {
	ODC_SYSCALL_OTHER = -1,
	ODC_SYSCALL_OPEN,	/* path, flags, mode */
	ODC_SYSCALL_OPENAT,	/* dirfd, path, flags, mode */
	ODC_SYSCALL_OPENAT2,	/* dirfd, path, how, size */
};

/* The open call that system call NR of ARCH (an AUDIT_ARCH_* value) is. */
enum odc_syscall odc_seccomp_syscall(uint32_t arch, int nr);

/* The name the log gives it. */
const char *odc_seccomp_syscall_name(enum odc_syscall call);

/*
 * Install the filter on the calling thread, and on its children from then
 * on: the listener descriptor, or a negative errno.
 */
int odc_seccomp_install(void);

#endif
