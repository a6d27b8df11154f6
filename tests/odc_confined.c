/*
 * libodc_confined.so: preloaded into odcreat report --resolve
 * (tests/resolve.bats), it stands for a module that has taken over the
 * resolver's reading. When the resolver writes its answer (to descriptor
 * 3, a struct odc_answer of src/cmd/report/elf/odc_resolve_read.h), it
 * first tries what such code would: open a file, take root's file rights
 * back (setfsuid(0)), signal a process (init, which root may); and puts
 * what it got in the answer's reason, which the report prints.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* struct odc_answer: function[256], source[512], then why[160]. */
#define ANSWER_SIZE (256 + 512 + 160)
#define ANSWER_WHY 768

static const char *outcome(long r)
{
	return r >= 0 ? "done" : errno == EPERM ? "EPERM" : "failed";
}

ssize_t write(int fd, const void *buf, size_t count)
{
	char answer[ANSWER_SIZE];

	if (fd != 3 || count != ANSWER_SIZE)
		return syscall(SYS_write, fd, buf, count);
	memcpy(answer, buf, count);
	const char *open_got = outcome(syscall(SYS_openat, AT_FDCWD, "/etc/passwd", O_RDONLY));
	long before = syscall(SYS_setfsuid, -1);
	syscall(SYS_setfsuid, 0);
	long after = syscall(SYS_setfsuid, -1);
	const char *kill_got = outcome(syscall(SYS_kill, 1, 0));
	snprintf(answer + ANSWER_WHY, ANSWER_SIZE - ANSWER_WHY, "taken over: open %s, fsuid %ld then %ld, kill %s",
		 open_got, before, after, kill_got);
	return syscall(SYS_write, fd, answer, count);
}
