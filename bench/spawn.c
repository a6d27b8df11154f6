/*
 * The process-heavy workload: start PROGRAM N times, one after another,
 * with posix_spawn, and wait for each. LD_PRELOAD is inherited, so under a
 * preload every child loads the library too.
 *
 *   spawn N PROGRAM [ARG...]
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: spawn N PROGRAM [ARG...]\n");
		return 2;
	}
	long n = strtol(argv[1], NULL, 10);

	for (long i = 0; i < n; i++) {
		pid_t pid;
		int status;
		int err = posix_spawn(&pid, argv[2], NULL, NULL, argv + 2, environ);
		if (err) {
			fprintf(stderr, "spawn: %s: %s\n", argv[2], strerror(err));
			return 1;
		}
		if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			fprintf(stderr, "spawn: %s failed\n", argv[2]);
			return 1;
		}
	}
	return 0;
}
