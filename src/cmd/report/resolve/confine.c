/*
 * The child's last guard: once its files are open, a seccomp filter lets
 * it read them, write its answer, use memory and end, and nothing else.
 * It runs as root (so that no user can reach it) with a user's file-system
 * rights, which root may take back (setfsuid(0) needs no capability where
 * the real uid is 0): should a crafted module ever take over the reading,
 * it could still open, write, change its identity or signal nothing. A
 * call outside the list fails with EPERM, so a C library that makes one
 * more than expected (a sanitizer's runtime, say) fails softly; a call of
 * another ABI (int 0x80 on x86-64) kills it.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "odc_resolve.h"

#if defined(__x86_64__) && !defined(__ILP32__)
#define ODC_NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define ODC_NATIVE_ARCH AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define ODC_NATIVE_ARCH AUDIT_ARCH_AARCH64
#else
#error "odcreat: the resolver's filter knows no seccomp ABI for this architecture yet"
#endif

/* Reading, memory, the answer, the end; and what abort() and a C library's clock need. */
static const int odc_allowed[] = {
	SYS_read, SYS_write, SYS_pread64, SYS_close, SYS_munmap, SYS_mremap, SYS_brk, SYS_madvise,
	SYS_exit, SYS_exit_group, SYS_rt_sigreturn, SYS_rt_sigprocmask, SYS_getpid, SYS_gettid,
	SYS_tgkill, SYS_clock_gettime, SYS_lseek,
#ifdef SYS_mmap
	SYS_mmap,
#endif
#ifdef SYS_mmap2
	SYS_mmap2,
#endif
#ifdef SYS__llseek
	SYS__llseek,
#endif
#ifdef SYS_clock_gettime64
	SYS_clock_gettime64,
#endif
#ifdef SYS_sigreturn
	SYS_sigreturn,
#endif
};

#define ODC_ALLOWED (sizeof odc_allowed / sizeof odc_allowed[0])

void odc_resolve_confine(void)
{
	struct sock_filter f[4 + 2 * ODC_ALLOWED + 1] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ODC_NATIVE_ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	};
	size_t n = 4;

	for (size_t i = 0; i < ODC_ALLOWED; i++) {
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)odc_allowed[i], 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM);
	struct sock_fprog prog = { .len = (unsigned short)n, .filter = f };
	/* no_new_privs is set already; a kernel without seccomp filters leaves the rest to the other guards. */
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}
