/*
 * The caller's process, through /proc: held by descriptors, once its pid
 * is known to name the process that made the call (a pid is reused; its
 * start time, which /proc/PID/stat gives, is not).
 */
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* The mount namespace of /proc's PID (a number, or "self"): its inode number, or 0. */
static unsigned long odc_mnt_ns(int proc, const char *pid)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof path, "%.15s/ns/mnt", pid);	/* a pid, or "self" */
	return fstatat(proc, path, &st, 0) == 0 ? (unsigned long)st.st_ino : 0;
}

/* Whether the /proc entry NAME is a process's. */
static bool odc_is_pid(const char *name)
{
	size_t n = strspn(name, "0123456789");

	return n > 0 && n < 16 && name[n] == '\0';
}

/* The root of a process in mount namespace NS, found in /proc (the one found last time first), or -1. */
static int odc_ns_root(int proc, unsigned long ns)
{
	static char last[16];
	char path[32];

	if (!last[0] || odc_mnt_ns(proc, last) != ns) {
		int fd = openat(proc, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

		last[0] = '\0';
		if (!d && fd >= 0)
			close(fd);
		for (struct dirent *de; d && !last[0] && (de = readdir(d));)
			if (odc_is_pid(de->d_name) && odc_mnt_ns(proc, de->d_name) == ns)
				memcpy(last, de->d_name, strlen(de->d_name) + 1);
		if (d)
			closedir(d);
	}
	if (!last[0])
		return -1;
	snprintf(path, sizeof path, "%s/root", last);
	return openat(proc, path, O_PATH | O_DIRECTORY | O_CLOEXEC);
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

bool odc_watch_hold_named(const struct odc_watch_event *e, int *root, int *dir, int *exe, int proc)
{
	int none = -1;

	if (proc < 0 || !e->dir.ino || (e->path[0] != '/' && !odc_watch_kernel_dir(e)))
		return false;
	odc_watch_release(root, dir, exe, &none);
	*root = e->mnt_ns == odc_mnt_ns(proc, "self") ? open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)
						      : odc_ns_root(proc, e->mnt_ns);
	*dir = *root >= 0 ? dup(*root) : -1;
	return *dir >= 0;
}

/* The groups of /proc/PID/status's "Groups:" line, now: for a caller with more than the event holds. */
static int odc_groups(const struct odc_watch_event *e, int proc, gid_t *groups, int max)
{
	char status[4096];
	int n = 0;

	if (odc_proc_read(proc, e->tgid, "status", status, sizeof status) <= 0)
		return -1;
	char *p = strstr(status, "\nGroups:");
	if (!p)
		return -1;
	p += sizeof "\nGroups:" - 1;
	for (char *end; n < max; p = end) {
		unsigned long gid = strtoul(p, &end, 10);
		if (end == p)
			break;
		groups[n++] = (gid_t)gid;
	}
	return n;
}

/* E's caller's groups: the kernel's, at the call, where the event holds them all. Their number, or -1. */
static int odc_caller_groups(const struct odc_watch_event *e, int proc, gid_t *groups, int max)
{
	const char *kernel = odc_watch_kernel_groups(e);
	odc_u32 gid;

	if (!kernel)
		return odc_groups(e, proc, groups, max);
	for (int i = 0; i < e->ngroups; i++) {
		memcpy(&gid, kernel + i * sizeof gid, sizeof gid);
		groups[i] = gid;
	}
	return e->ngroups;
}

int odc_watch_become(const struct odc_watch_event *e, int proc)
{
	gid_t groups[256];
	int n = odc_caller_groups(e, proc, groups, 256);

	if (n < 0 || setgroups((size_t)n, groups) < 0)
		return -1;
	return setegid(e->egid) < 0 || seteuid(e->euid) < 0 ? -1 : 0;
}
