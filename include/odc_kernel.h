/*
 * The kernel interfaces odcreat uses, under its own names. They are facts
 * of the kernel's ABI, fixed once released; defining them here means that
 * odcreat builds against any C library's headers (musl's carry no kernel
 * headers; glibc 2.17 comes with kernel headers as old as 3.10) and never
 * clashes with a libc that defines some of them itself.
 */
#ifndef ODC_KERNEL_H
#define ODC_KERNEL_H

#include <fcntl.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <unistd.h>

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

/* O_LARGEFILE as the kernel has it: glibc's is 0 on 64-bit ABIs. */
#if defined(__aarch64__)
#define ODC_O_LARGEFILE 0400000
#else
#define ODC_O_LARGEFILE 0100000
#endif

/* Every flag that openat2 accepts (the kernel's VALID_OPEN_FLAGS). */
#define ODC_VALID_OPEN_FLAGS                                                                  \
	(O_ACCMODE | O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_APPEND | O_NONBLOCK | O_SYNC |  \
	 O_DSYNC | O_ASYNC | O_DIRECT | ODC_O_LARGEFILE | O_DIRECTORY | O_NOFOLLOW | O_NOATIME | \
	 O_CLOEXEC | O_PATH | O_TMPFILE)

/* System calls added since 5.1 have one number on every architecture. */
#define ODC_NR_PIDFD_OPEN	434
#define ODC_NR_OPENAT2		437
#define ODC_NR_PIDFD_GETFD	438
#define ODC_NR_FCHMODAT2	452

#if defined(__x86_64__)
#define ODC_NR_OPEN	2
#define ODC_NR_CLOSE	3
#define ODC_NR_OPENAT	257
#define ODC_NR_SECCOMP	317
#elif defined(__i386__)
#define ODC_NR_OPEN	5
#define ODC_NR_CLOSE	6
#define ODC_NR_OPENAT	295
#define ODC_NR_SECCOMP	354
#elif defined(__aarch64__)
#define ODC_NR_OPENAT	56	/* no open(2) on AArch64 */
#define ODC_NR_CLOSE	57
#define ODC_NR_SECCOMP	277
#else
#error "odcreat: no system call numbers for this architecture yet"
#endif

/* x32 shares x86-64's audit arch and sets this bit in its numbers. */
#define ODC_X32_SYSCALL_BIT 0x40000000

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

/* Classic BPF, as seccomp filters use it. */
struct odc_sock_filter {
	uint16_t code;
	uint8_t jt;
	uint8_t jf;
	uint32_t k;
};

struct odc_sock_fprog {
	unsigned short len;
	struct odc_sock_filter *filter;
};

#define ODC_BPF_LD	0x00
#define ODC_BPF_ALU	0x04
#define ODC_BPF_JMP	0x05
#define ODC_BPF_RET	0x06
#define ODC_BPF_W	0x00
#define ODC_BPF_ABS	0x20
#define ODC_BPF_AND	0x50
#define ODC_BPF_JA	0x00
#define ODC_BPF_JEQ	0x10
#define ODC_BPF_K	0x00

#define ODC_BPF_STMT(code, k) { (uint16_t)(code), 0, 0, (uint32_t)(k) }
#define ODC_BPF_JUMP(code, k, jt, jf) { (uint16_t)(code), (uint8_t)(jt), (uint8_t)(jf), (uint32_t)(k) }

/* The audit architectures of the ABIs odcreat serves. */
#define ODC_AUDIT_ARCH_X86_64	0xc000003eu
#define ODC_AUDIT_ARCH_I386	0x40000003u
#define ODC_AUDIT_ARCH_AARCH64	0xc00000b7u

/* seccomp(2): filters (3.17), user notification (5.0), ADDFD (5.9), SEND (5.14). */
struct odc_seccomp_data {
	int nr;
	uint32_t arch;
	uint64_t instruction_pointer;
	uint64_t args[6];
};

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

#define ODC_SECCOMP_MODE_FILTER			2
#define ODC_SECCOMP_SET_MODE_FILTER		1
#define ODC_SECCOMP_GET_NOTIF_SIZES		3
#define ODC_SECCOMP_FILTER_FLAG_NEW_LISTENER	(1u << 3)
#define ODC_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1u << 5)
#define ODC_SECCOMP_RET_ERRNO			0x00050000u
#define ODC_SECCOMP_RET_USER_NOTIF		0x7fc00000u
#define ODC_SECCOMP_RET_ALLOW			0x7fff0000u
#define ODC_SECCOMP_USER_NOTIF_FLAG_CONTINUE	(1u << 0)
#define ODC_SECCOMP_ADDFD_FLAG_SETFD		(1u << 0)
#define ODC_SECCOMP_ADDFD_FLAG_SEND		(1u << 1)

#define ODC_SECCOMP_IOCTL_NOTIF_RECV	_IOWR('!', 0, struct odc_seccomp_notif)
#define ODC_SECCOMP_IOCTL_NOTIF_SEND	_IOWR('!', 1, struct odc_seccomp_notif_resp)
#define ODC_SECCOMP_IOCTL_NOTIF_ID_VALID _IOW('!', 2, uint64_t)
#define ODC_SECCOMP_IOCTL_NOTIF_ADDFD	_IOW('!', 3, struct odc_seccomp_notif_addfd)

/* The synchronous wake-up (6.6): target and supervisor take turns on one CPU. */
#define ODC_SECCOMP_IOCTL_NOTIF_SET_FLAGS _IOW('!', 4, uint64_t)
#define ODC_SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP (1u << 0)

#endif
