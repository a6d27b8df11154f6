/*
 * include/odc_abi.h, include/arch/ and src/cmd/seccomp/odc_seccomp_abi.h
 * against this system's own kernel headers: it only has to compile. Built by make check wherever those headers are new
 * enough (5.19), as on Debian 12.
 */
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/syscall.h>

#include "odc_seccomp_abi.h"

#define SAME(ours, theirs) _Static_assert((ours) == (theirs), #ours " is not " #theirs)
#define SAME_LAYOUT(ours, theirs, field)                                                   \
	_Static_assert(offsetof(struct ours, field) == offsetof(struct theirs, field) &&    \
			       sizeof(((struct ours *)0)->field) ==                         \
				       sizeof(((struct theirs *)0)->field),                 \
		       #ours "." #field)
#define SAME_SIZE(ours, theirs) _Static_assert(sizeof(struct ours) == sizeof(struct theirs), #ours)

SAME_SIZE(odc_open_how, open_how);
SAME_LAYOUT(odc_open_how, open_how, flags);
SAME_LAYOUT(odc_open_how, open_how, mode);
SAME_LAYOUT(odc_open_how, open_how, resolve);
SAME(ODC_RESOLVE_NO_XDEV, RESOLVE_NO_XDEV);
SAME(ODC_RESOLVE_NO_MAGICLINKS, RESOLVE_NO_MAGICLINKS);
SAME(ODC_RESOLVE_NO_SYMLINKS, RESOLVE_NO_SYMLINKS);
SAME(ODC_RESOLVE_BENEATH, RESOLVE_BENEATH);
SAME(ODC_RESOLVE_IN_ROOT, RESOLVE_IN_ROOT);
SAME(ODC_RESOLVE_CACHED, RESOLVE_CACHED);

SAME(ODC_NR_PIDFD_OPEN, SYS_pidfd_open);
SAME(ODC_NR_OPENAT2, SYS_openat2);
SAME(ODC_NR_PIDFD_GETFD, SYS_pidfd_getfd);
SAME(ODC_NR_OPENAT, SYS_openat);
SAME(ODC_NR_CLOSE, SYS_close);
SAME(ODC_NR_FCNTL, SYS_fcntl);
SAME(ODC_NR_SECCOMP, SYS_seccomp);
SAME(ODC_NR_PRLIMIT64, SYS_prlimit64);
#ifdef SYS_open
SAME(ODC_NR_OPEN, SYS_open);
#endif
#ifdef __x86_64__
SAME(ODC_X32_SYSCALL_BIT, __X32_SYSCALL_BIT);
#endif

SAME_SIZE(odc_sock_filter, sock_filter);
SAME_LAYOUT(odc_sock_filter, sock_filter, code);
SAME_LAYOUT(odc_sock_filter, sock_filter, jt);
SAME_LAYOUT(odc_sock_filter, sock_filter, jf);
SAME_LAYOUT(odc_sock_filter, sock_filter, k);
SAME_SIZE(odc_sock_fprog, sock_fprog);
SAME_LAYOUT(odc_sock_fprog, sock_fprog, len);
SAME_LAYOUT(odc_sock_fprog, sock_fprog, filter);
SAME(ODC_BPF_LD, BPF_LD);
SAME(ODC_BPF_ALU, BPF_ALU);
SAME(ODC_BPF_JMP, BPF_JMP);
SAME(ODC_BPF_RET, BPF_RET);
SAME(ODC_BPF_W, BPF_W);
SAME(ODC_BPF_ABS, BPF_ABS);
SAME(ODC_BPF_AND, BPF_AND);
SAME(ODC_BPF_JEQ, BPF_JEQ);
SAME(ODC_BPF_K, BPF_K);

#ifdef ODC_AUDIT_ARCH_X86_64
SAME(ODC_AUDIT_ARCH_X86_64, AUDIT_ARCH_X86_64);
#endif
#ifdef ODC_AUDIT_ARCH_I386
SAME(ODC_AUDIT_ARCH_I386, AUDIT_ARCH_I386);
#endif
#ifdef ODC_AUDIT_ARCH_AARCH64
SAME(ODC_AUDIT_ARCH_AARCH64, AUDIT_ARCH_AARCH64);
#endif

SAME_SIZE(odc_seccomp_data, seccomp_data);
SAME_LAYOUT(odc_seccomp_data, seccomp_data, nr);
SAME_LAYOUT(odc_seccomp_data, seccomp_data, arch);
SAME_LAYOUT(odc_seccomp_data, seccomp_data, instruction_pointer);
SAME_LAYOUT(odc_seccomp_data, seccomp_data, args);
SAME_SIZE(odc_seccomp_notif, seccomp_notif);
SAME_LAYOUT(odc_seccomp_notif, seccomp_notif, id);
SAME_LAYOUT(odc_seccomp_notif, seccomp_notif, pid);
SAME_LAYOUT(odc_seccomp_notif, seccomp_notif, flags);
SAME_LAYOUT(odc_seccomp_notif, seccomp_notif, data);
SAME_SIZE(odc_seccomp_notif_resp, seccomp_notif_resp);
SAME_LAYOUT(odc_seccomp_notif_resp, seccomp_notif_resp, id);
SAME_LAYOUT(odc_seccomp_notif_resp, seccomp_notif_resp, val);
SAME_LAYOUT(odc_seccomp_notif_resp, seccomp_notif_resp, error);
SAME_LAYOUT(odc_seccomp_notif_resp, seccomp_notif_resp, flags);
SAME_SIZE(odc_seccomp_notif_sizes, seccomp_notif_sizes);
SAME_LAYOUT(odc_seccomp_notif_sizes, seccomp_notif_sizes, seccomp_notif);
SAME_LAYOUT(odc_seccomp_notif_sizes, seccomp_notif_sizes, seccomp_notif_resp);
SAME_LAYOUT(odc_seccomp_notif_sizes, seccomp_notif_sizes, seccomp_data);
SAME_SIZE(odc_seccomp_notif_addfd, seccomp_notif_addfd);
SAME_LAYOUT(odc_seccomp_notif_addfd, seccomp_notif_addfd, id);
SAME_LAYOUT(odc_seccomp_notif_addfd, seccomp_notif_addfd, flags);
SAME_LAYOUT(odc_seccomp_notif_addfd, seccomp_notif_addfd, srcfd);
SAME_LAYOUT(odc_seccomp_notif_addfd, seccomp_notif_addfd, newfd);
SAME_LAYOUT(odc_seccomp_notif_addfd, seccomp_notif_addfd, newfd_flags);

SAME(ODC_SECCOMP_SET_MODE_FILTER, SECCOMP_SET_MODE_FILTER);
SAME(ODC_SECCOMP_GET_NOTIF_SIZES, SECCOMP_GET_NOTIF_SIZES);
SAME(ODC_SECCOMP_FILTER_FLAG_NEW_LISTENER, SECCOMP_FILTER_FLAG_NEW_LISTENER);
SAME(ODC_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV);
SAME(ODC_SECCOMP_RET_USER_NOTIF, SECCOMP_RET_USER_NOTIF);
SAME(ODC_SECCOMP_RET_ALLOW, SECCOMP_RET_ALLOW);
SAME(ODC_SECCOMP_RET_ERRNO, SECCOMP_RET_ERRNO);
SAME(ODC_SECCOMP_USER_NOTIF_FLAG_CONTINUE, SECCOMP_USER_NOTIF_FLAG_CONTINUE);
SAME(ODC_SECCOMP_ADDFD_FLAG_SEND, SECCOMP_ADDFD_FLAG_SEND);
SAME(ODC_SECCOMP_IOCTL_NOTIF_RECV, SECCOMP_IOCTL_NOTIF_RECV);
SAME(ODC_SECCOMP_IOCTL_NOTIF_SEND, SECCOMP_IOCTL_NOTIF_SEND);
SAME(ODC_SECCOMP_IOCTL_NOTIF_ID_VALID, SECCOMP_IOCTL_NOTIF_ID_VALID);
SAME(ODC_SECCOMP_IOCTL_NOTIF_ADDFD, SECCOMP_IOCTL_NOTIF_ADDFD);
/* Linux 6.6 headers, newer than Debian 12's. */
#ifdef SECCOMP_IOCTL_NOTIF_SET_FLAGS
SAME(ODC_SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_IOCTL_NOTIF_SET_FLAGS);
SAME(ODC_SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP);
#endif
