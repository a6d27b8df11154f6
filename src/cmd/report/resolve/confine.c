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
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "odc_arch.h"
#include "odc_bpf.h"
#include "odc_resolve.h"

/* This build's own ABI, the one its system call numbers are. */
#if defined(__x86_64__)
#define ODC_NATIVE_ARCH ODC_AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define ODC_NATIVE_ARCH ODC_AUDIT_ARCH_I386
#else
#define ODC_NATIVE_ARCH ODC_AUDIT_ARCH_AARCH64
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

#define ODC_STMT(code, k) ((struct odc_sock_filter)ODC_BPF_STMT((code), (k)))

void odc_resolve_confine(void)
{
	struct odc_sock_filter f[4 + 2 * ODC_ALLOWED + 1] = {
		ODC_BPF_STMT(ODC_BPF_LD | ODC_BPF_W | ODC_BPF_ABS, offsetof(struct odc_seccomp_data, arch)),
		ODC_BPF_JUMP(ODC_BPF_JMP | ODC_BPF_JEQ | ODC_BPF_K, ODC_NATIVE_ARCH, 1, 0),
		ODC_BPF_STMT(ODC_BPF_RET | ODC_BPF_K, ODC_SECCOMP_RET_KILL_THREAD),
		ODC_BPF_STMT(ODC_BPF_LD | ODC_BPF_W | ODC_BPF_ABS, offsetof(struct odc_seccomp_data, nr)),
	};
	size_t n = 4;

	for (size_t i = 0; i < ODC_ALLOWED; i++) {
		f[n++] = (struct odc_sock_filter)ODC_BPF_JUMP(ODC_BPF_JMP | ODC_BPF_JEQ | ODC_BPF_K,
							     odc_allowed[i], 0, 1);
		f[n++] = ODC_STMT(ODC_BPF_RET | ODC_BPF_K, ODC_SECCOMP_RET_ALLOW);
	}
	f[n++] = ODC_STMT(ODC_BPF_RET | ODC_BPF_K, ODC_SECCOMP_RET_ERRNO | EPERM);
	struct odc_sock_fprog prog = { .len = (unsigned short)n, .filter = f };
	/* no_new_privs is set already; a kernel without seccomp filters leaves the rest to the other guards. */
	prctl(PR_SET_SECCOMP, ODC_SECCOMP_MODE_FILTER, &prog, 0, 0);
}
