/*
 * The floor of a seccomp round trip: the least a supervisor can do with
 * odcreat's own filter (src/cmd/seccomp/filter.c). One thread takes each notification
 * and answers it at once, reading nothing about the target: a call of the
 * pair in open or openat gets EINVAL (as einval mode answers it), every
 * openat2 is passed on to the kernel (CONTINUE).
 *
 *   floor [-a] COMMAND [ARG...]
 *	Runs COMMAND under the filter and exits with its status. With the
 *	kernel's synchronous wake-up (SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP,
 *	Linux 6.6) where it has it; -a: without it.
 */
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "odc_seccomp_abi.h"
#include "odc_seccomp.h"

static int take_listener(pid_t child, int from)
{
	int remote;

	if (read(from, &remote, sizeof remote) != sizeof remote || remote < 0)
		return -1;
	int pidfd = odc_pidfd_open(child, 0);
	return pidfd < 0 ? -1 : odc_pidfd_getfd(pidfd, remote, 0);
}

/* Until no process has the filter: RECV says ENOENT then, and so does a target killed meanwhile. */
static void serve(int listener)
{
	struct odc_seccomp_notif n;
	struct odc_seccomp_notif_resp r;

	for (;;) {
		memset(&n, 0, sizeof n);
		if (ioctl(listener, ODC_SECCOMP_IOCTL_NOTIF_RECV, &n) < 0) {
			struct pollfd p = { .fd = listener };
			if (errno == EINTR || (errno == ENOENT && poll(&p, 1, 0) == 0))
				continue;
			return;
		}
		bool pass = odc_seccomp_syscall(n.data.arch, n.data.nr) == ODC_SYSCALL_OPENAT2;
		r = (struct odc_seccomp_notif_resp){
			.id = n.id,
			.error = pass ? 0 : -EINVAL,
			.flags = pass ? ODC_SECCOMP_USER_NOTIF_FLAG_CONTINUE : 0,
		};
		ioctl(listener, ODC_SECCOMP_IOCTL_NOTIF_SEND, &r);
	}
}

int main(int argc, char **argv)
{
	int sync = 1, up[2], go[2], status;

	if (argc > 1 && strcmp(argv[1], "-a") == 0) {
		sync = 0;
		argv++, argc--;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: floor [-a] COMMAND [ARG...]\n");
		return 2;
	}
	if (pipe(up) < 0 || pipe(go) < 0) {
		perror("floor: pipe");
		return 1;
	}
	pid_t child = fork();
	if (child == 0) {
		int listener = odc_seccomp_install(false);
		char ok;
		if (write(up[1], &listener, sizeof listener) != sizeof listener ||
		    read(go[0], &ok, 1) != 1)
			_exit(125);
		close(listener);
		execvp(argv[1], argv + 1);
		_exit(127);
	}
	int listener = take_listener(child, up[0]);
	if (listener < 0) {
		perror("floor: cannot take the listener");
		return 1;
	}
	uint64_t flags = ODC_SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP;
	if (sync && ioctl(listener, ODC_SECCOMP_IOCTL_NOTIF_SET_FLAGS, flags) < 0)
		fprintf(stderr, "floor: no synchronous wake-up on this kernel\n");
	if (write(go[1], "", 1) != 1)
		return 1;
	serve(listener);
	waitpid(child, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
