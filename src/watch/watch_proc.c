/*
 * The caller's process, through /proc: held by descriptors, once its pid
 * is known to name the process that made the call (a pid is reused; its
 * start time, which /proc/PID/stat gives, is not).
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_watch_proc.h"

/* /proc's file PID/NAME, read into BUF (SIZE bytes, NUL-terminated): its length, or -1. */
static ssize_t odc_proc_read(int proc, unsigned pid, const char *name, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof path, "%u/%s", pid, name);
	int fd = openat(proc, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, size - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/* Whether PID is still E's caller: its start time, in clock ticks, is field 22 of its stat. */
static bool odc_same_process(const struct odc_watch_event *e, int proc)
{
	char stat[1024];

	if (odc_proc_read(proc, e->tgid, "stat", stat, sizeof stat) <= 0)
		return false;
	const char *p = strrchr(stat, ')');	/* the name before it may hold anything */
	for (int field = 2; p && field < 22; field++)
		p = strchr(p + 1, ' ');
	if (!p)
		return false;
	unsigned long long ticks = strtoull(p + 1, NULL, 10);
	return ticks == e->start_time / (1000000000ULL / (unsigned long long)sysconf(_SC_CLK_TCK));
}

static int odc_proc_open(int proc, const char *fmt, unsigned a, long b, int flags)
{
	char path[64];

	snprintf(path, sizeof path, fmt, a, b);
	return openat(proc, path, flags | O_CLOEXEC);
}

/* The directory a relative path starts from: the calling thread's working directory, or the descriptor's. */
static int odc_open_dir(const struct odc_watch_event *e, int proc)
{
	if (e->dirfd != -100)	/* AT_FDCWD */
		return odc_proc_open(proc, "%u/fd/%ld", e->tgid, e->dirfd, O_PATH | O_DIRECTORY);
	int fd = odc_proc_open(proc, "%u/task/%ld/cwd", e->tgid, e->tid, O_PATH | O_DIRECTORY);
	return fd >= 0 ? fd : odc_proc_open(proc, "%u/cwd", e->tgid, 0, O_PATH | O_DIRECTORY);
}

const char *odc_watch_hold(const struct odc_watch_event *e, int *root, int *dir, int *exe, int *proc)
{
	*proc = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (*proc < 0 || !odc_same_process(e, *proc))
		return "gone";
	*root = odc_proc_open(*proc, "%u/root", e->tgid, 0, O_PATH | O_DIRECTORY);
	*exe = odc_proc_open(*proc, "%u/exe", e->tgid, 0, O_PATH);
	*dir = e->path[0] == '/' ? dup(*root) : odc_open_dir(e, *proc);
	/* Checked again: the process may have gone, and its pid been reused, while these were opened. */
	if (*root < 0 || !odc_same_process(e, *proc))
		return "gone";
	return *dir < 0 ? "dirfd" : NULL;
}

void odc_watch_release(int *root, int *dir, int *exe, int *proc)
{
	int *fds[] = { root, dir, exe, proc };

	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) {
		if (*fds[i] >= 0)
			close(*fds[i]);
		*fds[i] = -1;
	}
}

int odc_watch_groups(const struct odc_watch_event *e, int proc, gid_t *groups, int max)
{
	static char status[16384];
	int n = 0;

	if (odc_proc_read(proc, e->tgid, "status", status, sizeof status) <= 0)
		return -1;
	char *p = strstr(status, "\nGroups:"), *end = p ? strchr(p + 1, '\n') : NULL;
	if (!end)
		return -1;	/* no such line, or one longer than was read */
	for (p += sizeof "\nGroups:" - 1; p < end; n++) {
		char *next;
		unsigned long gid = strtoul(p, &next, 10);
		if (next == p || next > end)
			break;
		if (n == max)
			return -1;
		groups[n] = (gid_t)gid;
		p = next;
	}
	return n;
}
