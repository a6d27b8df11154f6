/*
 * Starting the supervised command: the child installs the filter and passes
 * its listener's number up; the supervisor takes the listener and checks
 * that the kernel can do all it needs before the child may exec.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "odc_exec.h"
#include "odc_exit.h"
#include "odc_say.h"
#include "odc_seccomp.h"
#include "odc_seccomp_abi.h"
#include "odc_start.h"

void odc_fail(const char *what, int err)
{
	odc_say("odcreat: --seccomp: %s%s%s; nothing was run\n", what,
		err ? ": " : "", err ? strerror(err) : "");
}

void odc_fail_install(int err)
{
	switch (err) {
	case ENOSYS:
		odc_fail("this kernel has no seccomp (CONFIG_SECCOMP)", 0);
		break;
	case EINVAL:
		odc_fail("this kernel has no seccomp user notification (Linux 5.0 or later, "
			 "CONFIG_SECCOMP_FILTER)", 0);
		break;
	case EBUSY:
		odc_fail("another seccomp supervisor already serves this process "
			 "(odcreat --seccomp does not nest)", 0);
		break;
	default:
		odc_fail("cannot install the seccomp filter", err);
	}
}

/*
 * In the child: install the filter, pass its listener's number up, and
 * exec once the supervisor holds the listener. Never returns.
 */
void odc_child(char **argv, int sock, const sigset_t *mask, bool answer_einval)
{
	int listener = odc_seccomp_install(answer_einval);
	char go;

	if (write(sock, &listener, sizeof listener) != sizeof listener || listener < 0 ||
	    read(sock, &go, 1) != 1)
		_exit(ODC_EXIT_FAILED);
	close(listener);
	close(sock);
	sigprocmask(SIG_SETMASK, mask, NULL);
	_exit(odc_exec(argv));
}

/*
 * How this kernel hands a descriptor over: ADDFD (Linux 5.9), with SEND
 * (5.14) or without, asked about a notification that cannot exist: a
 * kernel that has it looks for the notification and says ENOENT, one
 * that does not know the flag or the request says EINVAL first.
 */
static bool odc_can_add_fd(int listener, uint32_t flags)
{
	struct odc_seccomp_notif_addfd add = {
		.flags = flags,
		.srcfd = (uint32_t)listener,
	};

	return ioctl(listener, ODC_SECCOMP_IOCTL_NOTIF_ADDFD, &add) < 0 && errno == ENOENT;
}

/*
 * Where the kernel has it (6.6), the target and the supervisor hand the CPU
 * to each other for a round trip instead of waking through the scheduler.
 * Elsewhere the ioctl fails with EINVAL and nothing changes.
 */
void odc_sync_wake_up(int listener)
{
	uint64_t flags = ODC_SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP;

	ioctl(listener, ODC_SECCOMP_IOCTL_NOTIF_SET_FLAGS, flags);
}

int odc_take_listener(pid_t child, int sock, bool *add_sends)
{
	int remote;

	if (read(sock, &remote, sizeof remote) != sizeof remote) {
		odc_fail("the child died before installing the filter", 0);
		return -1;
	}
	if (remote < 0) {
		odc_fail_install(-remote);
		return -1;
	}
	int pidfd = odc_pidfd_open(child, 0);
	int listener = pidfd < 0 ? -1 : odc_pidfd_getfd(pidfd, remote, 0);
	if (listener < 0) {
		odc_fail("cannot take the filter's listener from the child (pidfd_getfd, "
			 "Linux 5.6, and ptrace access)", errno);
		return -1;
	}
	close(pidfd);
	*add_sends = odc_can_add_fd(listener, ODC_SECCOMP_ADDFD_FLAG_SEND);
	if (!*add_sends && !odc_can_add_fd(listener, 0)) {
		odc_fail("this kernel cannot hand descriptors to a supervised process "
			 "(SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5.9)", 0);
		close(listener);
		return -1;
	}
	return listener;
}

