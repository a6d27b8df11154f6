/*
 * What a logged call costs the --seccomp supervisor beyond the round trip,
 * piece by piece: the supervisor's own functions, timed against a live
 * process that waits.
 *
 *   pieces N LOG DIR
 *	Times N of each piece and prints "PIECE NS" lines, the median of 7
 *	batches, nanoseconds per piece:
 *	  identity   who the caller is, and whether the supervisor may act
 *	             for it (odc_target_read: /proc/PID/status, its root,
 *	             its user and mount namespaces)
 *	  path       the path copied from it (odc_target_path)
 *	  directory  its working directory, for a relative path (odc_target_dirfd)
 *	  state      what the name DIR/missing holds (odc_log_before)
 *	  line       the log line appended to LOG (odc_log)
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batches.h"
#include "odc_config.h"
#include "odc_log.h"
#include "odc_target.h"

static struct odc_target target;
static char path[PATH_MAX], copy[PATH_MAX];
static struct odc_call call = { .dirfd = AT_FDCWD, .path = copy, .flags = O_CREAT | O_DIRECTORY,
				.mode = 0755 };
static struct odc_found found;
static struct odc_log_target log_to;

static void identity(void) { odc_target_read(&target, target.tid); }
static void path_copy(void) { odc_target_path(&target, (uintptr_t)path, copy, sizeof copy); }
static void directory(void) { close(odc_target_dirfd(&target, AT_FDCWD)); }
static void state(void) { odc_log_before(&log_to, &call, &found); }

static void line(void)
{
	odc_log(&log_to, &(struct odc_log_entry){ .pid = target.tgid, .prog = target.prog, .entry = "openat",
					 .call = &call, .mode = ODC_EINVAL, .result = -22,
					 .found = &found });
}

static void time_piece(const char *name, void (*piece)(void), long n)
{
	double ns[BATCHES];

	for (int b = 0; b < BATCHES; b++) {
		double t0 = now_ns();
		for (long i = 0; i < n; i++)
			piece();
		ns[b] = (now_ns() - t0) / n;
	}
	sort_batches(ns);
	printf("%s %.0f\n", name, ns[BATCHES / 2]);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: pieces N LOG DIR\n");
		return 2;
	}
	long n = strtol(argv[1], NULL, 10);
	snprintf(path, sizeof path, "%s/missing", argv[3]);
	setenv("ODCREAT_LOG", argv[2], 1);
	log_to = odc_config_log();
	pid_t child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	if (child < 0 || odc_target_init() < 0) {
		perror("pieces");
		return 1;
	}
	target.tid = child;
	identity();
	path_copy();
	time_piece("identity", identity, n);
	time_piece("path", path_copy, n);
	time_piece("directory", directory, n);
	time_piece("state", state, n);
	time_piece("line", line, n);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	return 0;
}
