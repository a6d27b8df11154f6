/*
 * What a call costs its caller while odcreat-watch runs, against the same
 * call without it (bench/watch.sh runs both): BATCHES batches of N calls,
 * each batch timed with the thread's CPU clock (the watcher's work in the
 * caller's system calls counts, the machine's other load does not); prints
 * the median's ns a call.
 *
 *   watch_calls CALL N PATH
 *
 * CALL is ordinary (openat(AT_FDCWD, PATH, O_RDONLY) and close: PATH
 * exists), pair (openat(AT_FDCWD, PATH, O_CREAT|O_DIRECTORY), which this
 * kernel refuses) or getppid (any other system call, for the tracepoint's
 * cost alone).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "batches.h"

static void one(const char *call, const char *path)
{
	if (call[0] == 'g') {
		syscall(SYS_getppid);
		return;
	}
	int flags = call[0] == 'p' ? O_CREAT | O_DIRECTORY : O_RDONLY;
	int fd = openat(AT_FDCWD, path, flags, 0755);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	double figures[BATCHES];

	if (argc != 4 || !strchr("opg", argv[1][0])) {
		fprintf(stderr, "usage: watch_calls ordinary|pair|getppid N PATH\n");
		return 2;
	}
	long n = strtol(argv[2], NULL, 10);
	for (int b = 0; b < BATCHES; b++) {
		double start = cpu_ns();
		for (long i = 0; i < n; i++)
			one(argv[1], argv[3]);
		figures[b] = (cpu_ns() - start) / (double)n;
	}
	sort_batches(figures);
	printf("%.1f\n", figures[BATCHES / 2]);
	return 0;
}
