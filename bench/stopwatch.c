/*
 * Wall-clock time of one command: prints the nanoseconds from just before
 * posix_spawn to the end of waitpid (CLOCK_MONOTONIC). LD_PRELOAD is set to
 * LIB in the child's environment only (-p LIB), or removed from it (no -p),
 * so the stopwatch itself never runs under the library it measures.
 *
 *   stopwatch [-p LIB] [-C DIR] -- COMMAND [ARG...]
 *
 * -C DIR runs the command in DIR. The command's exit status must be 0.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	const char *lib = NULL, *dir = NULL;
	int i = 1;

	for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "-p") == 0 && i + 1 < argc)
			lib = argv[++i];
		else if (strcmp(argv[i], "-C") == 0 && i + 1 < argc)
			dir = argv[++i];
		else
			break;
	}
	if (i >= argc || strcmp(argv[i], "--") != 0 || i + 1 >= argc) {
		fprintf(stderr, "usage: stopwatch [-p LIB] [-C DIR] -- COMMAND [ARG...]\n");
		return 2;
	}
	char **cmd = argv + i + 1;

	if (lib ? setenv("LD_PRELOAD", lib, 1) : unsetenv("LD_PRELOAD")) {
		perror("stopwatch: LD_PRELOAD");
		return 1;
	}
	if (dir && chdir(dir) < 0) {
		perror(dir);
		return 1;
	}

	struct timespec t0, t1;
	pid_t pid;
	int status;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	int err = posix_spawnp(&pid, cmd[0], NULL, NULL, cmd, environ);
	if (err) {
		fprintf(stderr, "stopwatch: %s: %s\n", cmd[0], strerror(err));
		return 1;
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("stopwatch: waitpid");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "stopwatch: %s failed (status %#x)\n", cmd[0], status);
		return 1;
	}
	long long ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL +
		       (t1.tv_nsec - t0.tv_nsec);
	printf("%lld\n", ns);
	return 0;
}
