/*
 * The seccomp filter of odcreat --seccomp: which system calls the kernel
 * hands to the supervisor, and how the supervisor tells them apart.
 */
#ifndef ODC_SECCOMP_H
#define ODC_SECCOMP_H

#include <stdbool.h>
#include <stdint.h>

#include "odc_syscall.h"

/* The open call that system call NR of ARCH (an AUDIT_ARCH_* value) is. */
enum odc_syscall odc_seccomp_syscall(uint32_t arch, int nr);

/*
 * Install the filter on the calling thread, and on its children from then
 * on: the listener descriptor, or a negative errno. With ANSWER_EINVAL the
 * filter itself answers open and openat that carry the pair with EINVAL.
 */
int odc_seccomp_install(bool answer_einval);

#endif
