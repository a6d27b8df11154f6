/*
 * The slow path: the call odcreat redefines,
 *   open(PATH, O_CREAT | O_DIRECTORY | O_RDONLY, 0755).
 *
 *   combo once missing|dir PATH
 *	Makes PATH missing or an empty directory, then makes the call once
 *	between two marker system calls, access("/odcreat-bench-begin") and
 *	access("/odcreat-bench-end"), so that strace shows exactly the system
 *	calls the one call made. Prints the result (fd, or the errno name),
 *	closes it and removes whatever PATH has become.
 *
 *   combo loop N PATH
 *	Times the call on a missing PATH: 7 batches of N calls each
 *	(CLOCK_MONOTONIC), and prints the result of the last call and the
 *	median and minimum nanoseconds per call over the batches. Meant
 *	for calls that fail (einval mode, or a kernel's own EINVAL); should
 *	one succeed, its descriptor is closed inside the loop, and the
 *	printed result says so.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define COMBO (O_CREAT | O_DIRECTORY | O_RDONLY)
#define BATCHES 7

static void remove_path(const char *path)
{
	if (rmdir(path) < 0 && errno != ENOENT)
		unlink(path);
}

static void print_result(int fd, int err)
{
	if (fd >= 0)
		printf("fd\n");
	else
		printf("%s\n", strerrorname_np(err));
}

static int once(const char *state, const char *path)
{
	remove_path(path);
	if (strcmp(state, "dir") == 0) {
		if (mkdir(path, 0755) < 0) {
			perror(path);
			return 1;
		}
	} else if (strcmp(state, "missing") != 0) {
		fprintf(stderr, "combo: unknown state %s\n", state);
		return 2;
	}

	access("/odcreat-bench-begin", F_OK);
	int fd = open(path, COMBO, 0755);
	int err = errno;
	access("/odcreat-bench-end", F_OK);

	print_result(fd, err);
	if (fd >= 0)
		close(fd);
	remove_path(path);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int loop(long n, const char *path)
{
	double per_call[BATCHES];
	int fd = -1, err = 0;

	remove_path(path);
	for (int b = 0; b < BATCHES; b++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (long i = 0; i < n; i++) {
			fd = open(path, COMBO, 0755);
			if (fd >= 0) {
				err = 0;
				close(fd);
			}
		}
		err = fd < 0 ? errno : 0;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		per_call[b] = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n;
		remove_path(path);
	}
	qsort(per_call, BATCHES, sizeof per_call[0], cmp_double);
	printf("result=%s median_ns=%.1f min_ns=%.1f\n",
	       fd >= 0 ? "fd" : strerrorname_np(err), per_call[BATCHES / 2], per_call[0]);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "once") == 0)
		return once(argv[2], argv[3]);
	if (argc == 4 && strcmp(argv[1], "loop") == 0)
		return loop(strtol(argv[2], NULL, 10), argv[3]);
	fprintf(stderr, "usage: combo once missing|dir PATH\n"
			"       combo loop N PATH\n");
	return 2;
}
