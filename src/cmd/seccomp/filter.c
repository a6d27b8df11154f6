/*
 * The filter behind odcreat --seccomp. It sends the supervisor only what
 * it has to see: open and openat whose flags register holds O_CREAT and
 * O_DIRECTORY (and not O_TMPFILE or O_PATH), and every openat2, whose flags
 * are in memory the filter cannot read. Where the pair's answer is einval's
 * and nothing is logged, the filter gives it itself: open and openat never
 * leave the kernel. Everything else is allowed in the kernel; a filter that
 * decides from the arch and the number alone also lets the kernel cache
 * those verdicts, so other calls do not run it at all.
 */
#include <errno.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_call.h"
#include "odc_seccomp.h"
#include "odc_seccomp_abi.h"

#define ODC_NO_SYSCALL (-1)

/* The open calls of one ABI this build can run. */
struct odc_abi {
	uint32_t arch;
	int nr[ODC_SYSCALL_COUNT];	/* ODC_NO_SYSCALL where there is none */
	bool x32;
};

static const struct odc_abi odc_abis[] = { ODC_ARCH_ABIS };

#define ODC_ABI_COUNT (sizeof odc_abis / sizeof odc_abis[0])

/*
 * Filters see x32 numbers even where the kernel runs no x32 code (Debian's
 * default): those calls are left to the kernel, which refuses them. Only
 * x86-64 has x32 (include/arch/x86_64.h).
 */
static bool odc_x32_runs(void)
{
#ifdef ODC_X32_SYSCALL_BIT
	static int runs = -1;

	if (runs < 0)
		runs = syscall(ODC_X32_SYSCALL_BIT | SYS_getpid) >= 0 || errno != ENOSYS;
	return runs;
#else
	return false;
#endif
}

enum odc_syscall odc_seccomp_syscall(uint32_t arch, int nr)
{
	for (size_t a = 0; a < ODC_ABI_COUNT; a++) {
		if (odc_abis[a].arch != arch || (odc_abis[a].x32 && !odc_x32_runs()))
			continue;
		for (int call = ODC_SYSCALL_OPEN; call <= ODC_SYSCALL_OPENAT2; call++)
			if (odc_abis[a].nr[call] == nr)
				return call;
	}
	return ODC_SYSCALL_OTHER;
}

/* The low 32 bits of argument I: an int flags argument on every ABI. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ODC_ARG_LOW(i) (offsetof(struct odc_seccomp_data, args) + 8 * (i))
#else
#define ODC_ARG_LOW(i) (offsetof(struct odc_seccomp_data, args) + 8 * (i) + 4)
#endif

#define ODC_STMT(code, k) ((struct odc_sock_filter)ODC_BPF_STMT((code), (k)))
#define ODC_JEQ(k, skip) \
	((struct odc_sock_filter)ODC_BPF_JUMP(ODC_BPF_JMP | ODC_BPF_JEQ | ODC_BPF_K, (k), 0, (uint8_t)(skip)))
#define ODC_LOAD(off) ODC_STMT(ODC_BPF_LD | ODC_BPF_W | ODC_BPF_ABS, (off))
#define ODC_RET(action) ODC_STMT(ODC_BPF_RET | ODC_BPF_K, (action))

/*
 * One call of one ABI: "not this call" jumps past the block, which ends in
 * a verdict, PAIR where the flags test (odc_flags_combined()) holds.
 */
static size_t odc_filter_call(struct odc_sock_filter *b, uint32_t arch, int nr, int flags_arg,
			      uint32_t pair)
{
	size_t n = 0, arch_test, nr_test;

	b[n++] = ODC_LOAD(offsetof(struct odc_seccomp_data, arch));
	arch_test = n++;
	b[n++] = ODC_LOAD(offsetof(struct odc_seccomp_data, nr));
	nr_test = n++;
	if (flags_arg != ODC_NO_SYSCALL) {
		b[n++] = ODC_LOAD(ODC_ARG_LOW(flags_arg));
		b[n++] = ODC_STMT(ODC_BPF_ALU | ODC_BPF_AND | ODC_BPF_K, ODC_COMBINED_MASK);
		b[n++] = ODC_JEQ(ODC_COMBINED, 1);
		b[n++] = ODC_RET(pair);
		b[n++] = ODC_RET(ODC_SECCOMP_RET_ALLOW);
	} else {
		b[n++] = ODC_RET(ODC_SECCOMP_RET_USER_NOTIF);
	}
	b[arch_test] = ODC_JEQ(arch, n - arch_test - 1);
	b[nr_test] = ODC_JEQ((uint32_t)nr, n - nr_test - 1);
	return n;
}

/* Nine instructions at most for each call of each ABI, and the final verdict. */
#define ODC_FILTER_MAX (ODC_ABI_COUNT * 3 * 9 + 1)

static size_t odc_filter(struct odc_sock_filter *prog, uint32_t pair)
{
	size_t n = 0;

	for (size_t a = 0; a < ODC_ABI_COUNT; a++)
		for (int call = ODC_SYSCALL_OPEN; call <= ODC_SYSCALL_OPENAT2; call++)
			if (odc_abis[a].nr[call] != ODC_NO_SYSCALL &&
			    !(odc_abis[a].x32 && !odc_x32_runs()))
				n += odc_filter_call(prog + n, odc_abis[a].arch,
						     odc_abis[a].nr[call], odc_syscall_flags_arg(call),
						     pair);
	prog[n++] = ODC_RET(ODC_SECCOMP_RET_ALLOW);
	return n;
}

static int odc_seccomp(unsigned flags, const struct odc_sock_fprog *fprog)
{
	return (int)syscall(ODC_NR_SECCOMP, ODC_SECCOMP_SET_MODE_FILTER, flags, fprog);
}

/*
 * The kills-only wait (Linux 5.19) keeps a target's signals, such as the Go
 * runtime's preemption signals, from restarting a call the supervisor is
 * already carrying out. Older kernels get the plain listener.
 */
static int odc_seccomp_listen(const struct odc_sock_fprog *fprog)
{
	int fd = odc_seccomp(ODC_SECCOMP_FILTER_FLAG_NEW_LISTENER |
				     ODC_SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV, fprog);

	if (fd < 0 && errno == EINVAL)
		fd = odc_seccomp(ODC_SECCOMP_FILTER_FLAG_NEW_LISTENER, fprog);
	return fd < 0 ? -errno : fd;
}

int odc_seccomp_install(bool answer_einval)
{
	uint32_t pair = answer_einval ? ODC_SECCOMP_RET_ERRNO | EINVAL : ODC_SECCOMP_RET_USER_NOTIF;
	struct odc_sock_filter prog[ODC_FILTER_MAX];
	struct odc_sock_fprog fprog = { .len = (unsigned short)odc_filter(prog, pair), .filter = prog };
	int fd = odc_seccomp_listen(&fprog);

	/* Without CAP_SYS_ADMIN the kernel wants no_new_privs first. */
	if (fd != -EACCES)
		return fd;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -errno;
	return odc_seccomp_listen(&fprog);
}
