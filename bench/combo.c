/*
 * The slow path: the call odcreat redefines,
 *   open(PATH, O_CREAT | O_DIRECTORY | O_RDONLY, 0755).
 *
 *   combo once missing|dir PATH
 *	Makes PATH missing or an empty directory, then makes the call once
 *	between two marker system calls, access("/odcreat-bench-begin") and
 *	access("/odcreat-bench-end"), so that strace shows exactly the system
 *	calls the one call made. Prints the result (fd, or the errno name),
 *	closes it and removes whatever PATH has become. A call on the missing
 *	PATH.first comes before, outside the markers: what a library does once
 *	per process, at its first call, is not counted.
 *
 *   combo first missing|dir PATH
 *	The same without that call: the process's first call, counted.
 *
 *   combo loop N PATH
 *	Times the call on a missing PATH: 7 batches of N calls each
 *	(CLOCK_MONOTONIC), and prints the result of the last call and the
 *	median and minimum nanoseconds per call over the batches. Meant
 *	for calls that fail (einval mode, or a kernel's own EINVAL); should
 *	one succeed, its descriptor is closed inside the loop, and the
 *	printed result says so.
 *
 *   combo openat2 N PATH
 *	The same timing for an ordinary call that a seccomp supervisor
 *	sees and passes on: openat2(PATH, O_RDONLY) of an existing file,
 *	then close. Makes PATH a file first.
 *
 *   combo threads T N PATH
 *	T threads at once, each making N calls of the pair on its own
 *	missing PATH.<i>: 7 batches, and the median and maximum calls per
 *	second of all threads together, and the slowest single call seen
 *	(the longest any thread waited for an answer).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "batches.h"

#define COMBO (O_CREAT | O_DIRECTORY | O_RDONLY)

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

/* One call of the pair, its descriptor closed and whatever PATH became removed. */
static void warm_up(const char *path)
{
	char first[4096];

	snprintf(first, sizeof first, "%s.first", path);
	remove_path(first);
	int fd = open(first, COMBO, 0755);
	if (fd >= 0)
		close(fd);
	remove_path(first);
}

static int once(const char *state, const char *path, bool warm)
{
	if (warm)
		warm_up(path);
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

/* One call of the pair: its result, as an fd (closed) or a negative errno. */
static int combined(const char *path)
{
	int fd = open(path, COMBO, 0755);

	if (fd < 0)
		return -errno;
	close(fd);
	return fd;
}

static int ordinary_openat2(const char *path)
{
	struct { uint64_t flags, mode, resolve; } how = { O_RDONLY | O_CLOEXEC, 0, 0 };
	int fd = (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);

	if (fd < 0)
		return -errno;
	close(fd);
	return fd;
}

static int loop(long n, const char *path, int (*call)(const char *), int remove)
{
	double per_call[BATCHES];
	int ret = 0;

	for (int b = 0; b < BATCHES; b++) {
		double t0 = now_ns();
		for (long i = 0; i < n; i++)
			ret = call(path);
		per_call[b] = (now_ns() - t0) / n;
		if (remove)
			remove_path(path);
	}
	sort_batches(per_call);
	printf("result=%s median_ns=%.1f min_ns=%.1f\n",
	       ret >= 0 ? "fd" : strerrorname_np(-ret), per_call[BATCHES / 2], per_call[0]);
	return 0;
}

struct worker {
	pthread_t thread;
	char path[4096];
	long n;
	double slowest_ns;
	int ret;
};

static void *work(void *arg)
{
	struct worker *w = arg;

	for (long i = 0; i < w->n; i++) {
		double t0 = now_ns();
		w->ret = combined(w->path);
		double took = now_ns() - t0;
		if (took > w->slowest_ns)
			w->slowest_ns = took;
	}
	remove_path(w->path);
	return NULL;
}

static int threads(int t, long n, const char *path)
{
	struct worker *w = calloc((size_t)t, sizeof *w);
	double rate[BATCHES], slowest = 0;

	if (!w)
		return 1;
	for (int b = 0; b < BATCHES; b++) {
		double t0 = now_ns();
		for (int i = 0; i < t; i++) {
			snprintf(w[i].path, sizeof w[i].path, "%s.%d", path, i);
			w[i].n = n;
			pthread_create(&w[i].thread, NULL, work, &w[i]);
		}
		for (int i = 0; i < t; i++)
			pthread_join(w[i].thread, NULL);
		rate[b] = t * n / ((now_ns() - t0) / 1e9);
	}
	for (int i = 0; i < t; i++)
		slowest = w[i].slowest_ns > slowest ? w[i].slowest_ns : slowest;
	sort_batches(rate);
	printf("result=%s median_per_s=%.0f max_per_s=%.0f slowest_us=%.1f\n",
	       w[0].ret >= 0 ? "fd" : strerrorname_np(-w[0].ret), rate[BATCHES / 2],
	       rate[BATCHES - 1], slowest / 1e3);
	free(w);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && (strcmp(argv[1], "once") == 0 || strcmp(argv[1], "first") == 0))
		return once(argv[2], argv[3], strcmp(argv[1], "once") == 0);
	if (argc == 4 && strcmp(argv[1], "loop") == 0) {
		remove_path(argv[3]);
		return loop(strtol(argv[2], NULL, 10), argv[3], combined, 1);
	}
	if (argc == 4 && strcmp(argv[1], "openat2") == 0) {
		int fd = open(argv[3], O_WRONLY | O_CREAT, 0644);
		if (fd < 0) {
			perror(argv[3]);
			return 1;
		}
		close(fd);
		return loop(strtol(argv[2], NULL, 10), argv[3], ordinary_openat2, 0);
	}
	if (argc == 5 && strcmp(argv[1], "threads") == 0)
		return threads(atoi(argv[2]), strtol(argv[3], NULL, 10), argv[4]);
	fprintf(stderr, "usage: combo once|first missing|dir PATH\n"
			"       combo loop|openat2 N PATH\n"
			"       combo threads T N PATH\n");
	return 2;
}
