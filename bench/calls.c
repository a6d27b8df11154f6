/*
 * The fast-path workload: CALL made N times on PATH, each result closed.
 * Run under callgrind with N and 2N; the difference is N calls' worth of
 * instructions, with start-up and exit cancelled out.
 *
 *   calls CALL N PATH
 *
 * CALL is one of
 *   open       open(PATH, O_RDONLY)                      PATH exists
 *   open64     open64(PATH, O_RDONLY)                    PATH exists
 *   openat     openat(AT_FDCWD, PATH, O_RDONLY)          PATH exists
 *   openat64   openat64(AT_FDCWD, PATH, O_RDONLY)        PATH exists
 *   creat      open(PATH, O_WRONLY|O_CREAT|O_TRUNC, 0644), then unlink(PATH)
 *   creatat    openat(AT_FDCWD, PATH, O_WRONLY|O_CREAT|O_TRUNC, 0644), then unlink
 *   syscall    syscall(SYS_getppid): odcreat interposes syscall() too
 * Every call but syscall is followed by close(); creat and creatat create a
 * new file every time (PATH must not exist), and remove it afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void fail(const char *what, const char *path)
{
	fprintf(stderr, "calls: %s %s: %s\n", what, path, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: calls open|open64|openat|openat64|creat|creatat|syscall N PATH\n");
		return 2;
	}
	const char *call = argv[1];
	long n = strtol(argv[2], NULL, 10);
	const char *path = argv[3];
	int fd;

	if (strcmp(call, "open") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = open(path, O_RDONLY)) < 0)
				fail("open", path);
			close(fd);
		}
	} else if (strcmp(call, "open64") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = open64(path, O_RDONLY)) < 0)
				fail("open64", path);
			close(fd);
		}
	} else if (strcmp(call, "openat") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = openat(AT_FDCWD, path, O_RDONLY)) < 0)
				fail("openat", path);
			close(fd);
		}
	} else if (strcmp(call, "openat64") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = openat64(AT_FDCWD, path, O_RDONLY)) < 0)
				fail("openat64", path);
			close(fd);
		}
	} else if (strcmp(call, "creat") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
				fail("open O_CREAT", path);
			close(fd);
			if (unlink(path) < 0)
				fail("unlink", path);
		}
	} else if (strcmp(call, "creatat") == 0) {
		for (long i = 0; i < n; i++) {
			if ((fd = openat(AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
				fail("openat O_CREAT", path);
			close(fd);
			if (unlink(path) < 0)
				fail("unlink", path);
		}
	} else if (strcmp(call, "syscall") == 0) {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
	} else {
		fprintf(stderr, "calls: unknown call %s\n", call);
		return 2;
	}
	return 0;
}
