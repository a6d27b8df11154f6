/*
 * odc_deny: run a command with one system call failing, to play a kernel
 * or a sandbox that lacks what odcreat --seccomp needs.
 *
 *   odc_deny SYSCALL[:ARG] ERRNO COMMAND [ARG...]
 *
 * SYSCALL is seccomp, ioctl, pidfd_getfd, process_vm_readv, openat or
 * unshare (a container's seccomp profile refuses it); with
 * :ARG (a number) the call fails only when the low 32 bits of the argument
 * that tells its uses apart equal ARG: a seccomp operation's flags, an
 * ioctl's request (the second), an openat's flags (the third). ERRNO is
 * ENOSYS, EINVAL, EPERM, ENOTTY, ENOTDIR or ENOENT. "question" is openat
 * with the flags of odcreat's question about the kernel's meaning
 * (src/core/open/meaning.c): a sandbox that refuses it hides the meaning, and
 * ENOTDIR or ENOENT answer it as a kernel with the series or an older
 * kernel would.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_meaning.h"

struct named {
	const char *name;
	long value;
	unsigned arg;	/* a system call's argument that :ARG is compared with */
};

static const struct named syscalls[] = {
	{ "seccomp", SYS_seccomp, 1 }, { "ioctl", SYS_ioctl, 1 },
	{ "pidfd_getfd", SYS_pidfd_getfd, 1 }, { "process_vm_readv", SYS_process_vm_readv, 1 },
	{ "openat", SYS_openat, 2 }, { "unshare", SYS_unshare, 0 },
	{ NULL, 0, 0 }
};

static const struct named errnos[] = {
	{ "ENOSYS", ENOSYS, 0 }, { "EINVAL", EINVAL, 0 }, { "EPERM", EPERM, 0 }, { "ENOTTY", ENOTTY, 0 },
	{ "ENOTDIR", ENOTDIR, 0 }, { "ENOENT", ENOENT, 0 },
	{ NULL, 0, 0 }
};

static const struct named *lookup(const struct named *table, const char *name)
{
	for (; table->name; table++)
		if (strcmp(table->name, name) == 0)
			return table;
	fprintf(stderr, "odc_deny: unknown name %s\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: odc_deny SYSCALL[:ARG]|question ERRNO COMMAND [ARG...]\n");
		return 2;
	}
	int question = strcmp(argv[1], "question") == 0;
	char *colon = question ? NULL : strchr(argv[1], ':');
	if (colon)
		*colon = '\0';
	const struct named *call = lookup(syscalls, question ? "openat" : argv[1]);
	unsigned nr = (unsigned)call->value;
	unsigned err = (unsigned)lookup(errnos, argv[2])->value;
	int match_arg = question || colon;
	unsigned arg = question ? ODC_QUESTION_FLAGS : colon ? (unsigned)strtoul(colon + 1, NULL, 0) : 0;
	struct sock_filter prog[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args) + call->arg * 8),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arg, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JA, match_arg ? 1 : 0, 0, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog fprog = { .len = sizeof prog / sizeof prog[0], .filter = prog };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) < 0) {
		perror("odc_deny");
		return 125;
	}
	execvp(argv[3], argv + 3);
	perror(argv[3]);
	return 127;
}
