/*
 * The kernel interfaces of odcreat --seccomp, under its own names, as
 * include/odc_abi.h has the rest, and include/odc_bpf.h classic BPF:
 * pidfds and seccomp's user notification.
 */
#ifndef ODC_SECCOMP_ABI_H
#define ODC_SECCOMP_ABI_H

#include <stdint.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "odc_abi.h"
#include "odc_bpf.h"

/* pidfd_open(2) for one thread, whose descriptor table may be its own (6.9). */
#define ODC_PIDFD_THREAD 0200	/* O_EXCL */

/* pidfd_open(2) and pidfd_getfd(2), which only glibc 2.36 and later wrap. */
static inline int odc_pidfd_open(pid_t pid, unsigned flags)
{
	return (int)syscall(ODC_NR_PIDFD_OPEN, pid, flags);
}

static inline int odc_pidfd_getfd(int pidfd, int fd, unsigned flags)
{
	return (int)syscall(ODC_NR_PIDFD_GETFD, pidfd, fd, flags);
}

/* seccomp(2): filters (3.17), user notification (5.0), ADDFD (5.9), SEND (5.14). */
struct odc_seccomp_notif {
	uint64_t id;
	uint32_t pid;
	uint32_t flags;
	struct odc_seccomp_data data;
};

struct odc_seccomp_notif_resp {
	uint64_t id;
	int64_t val;
	int32_t error;
	uint32_t flags;
};

struct odc_seccomp_notif_sizes {
	uint16_t seccomp_notif;
	uint16_t seccomp_notif_resp;
	uint16_t seccomp_data;
};

struct odc_seccomp_notif_addfd {
	uint64_t id;
	uint32_t flags;
	uint32_t srcfd;
	uint32_t newfd;
	uint32_t newfd_flags;
};

#define ODC_SECCOMP_GET_NOTIF_SIZES		3
#define ODC_SECCOMP_FILTER_FLAG_NEW_LISTENER	(1u << 3)
#define ODC_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1u << 5)
#define ODC_SECCOMP_RET_USER_NOTIF		0x7fc00000u
#define ODC_SECCOMP_USER_NOTIF_FLAG_CONTINUE	(1u << 0)
#define ODC_SECCOMP_ADDFD_FLAG_SEND		(1u << 1)

#define ODC_SECCOMP_IOCTL_NOTIF_RECV	_IOWR('!', 0, struct odc_seccomp_notif)
#define ODC_SECCOMP_IOCTL_NOTIF_SEND	_IOWR('!', 1, struct odc_seccomp_notif_resp)
#define ODC_SECCOMP_IOCTL_NOTIF_ID_VALID _IOW('!', 2, uint64_t)
#define ODC_SECCOMP_IOCTL_NOTIF_ADDFD	_IOW('!', 3, struct odc_seccomp_notif_addfd)

/* The synchronous wake-up (6.6): target and supervisor take turns on one CPU. */
#define ODC_SECCOMP_IOCTL_NOTIF_SET_FLAGS _IOW('!', 4, uint64_t)
#define ODC_SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP (1u << 0)

#endif
