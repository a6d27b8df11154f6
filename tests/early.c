/*
 * A library whose constructor runs before odcreat's (it is a dependency of
 * the program, odcreat is preloaded), as libcap-ng's does in setpriv and su.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static char early_report[128];

static const char *outcome(long ret, int err)
{
	return ret >= 0 ? "fd" : strerrorname_np(err);
}

__attribute__((constructor)) static void early_call(void)
{
	int fd = open("early-open", O_CREAT | O_DIRECTORY | O_RDONLY, 0755);
	int open_err = errno;
	long sfd = syscall(SYS_openat, AT_FDCWD, "early-syscall",
			   O_CREAT | O_DIRECTORY | O_RDONLY, 0755);
	int syscall_err = errno;

	snprintf(early_report, sizeof early_report, "open=%s syscall=%s getpid=%s",
		 outcome(fd, open_err), outcome(sfd, syscall_err),
		 syscall(SYS_getpid) == getpid() ? "ok" : "wrong");
}

const char *early_result(void)
{
	return early_report;
}
