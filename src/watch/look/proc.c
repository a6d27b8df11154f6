/*
 * The caller's process, through /proc: held by descriptors, once its pid
 * is known to name the process that made the call (a pid is reused; its
 * start time, which /proc/PID/stat gives, is not); or where it is gone,
 * a root in its mount namespace.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_look.h"

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

/* The calling thread's working directory (its process's, where the thread is gone). */
static int odc_open_cwd(const struct odc_watch_event *e, int proc)
{
	int fd = odc_proc_open(proc, "%u/task/%ld/cwd", e->tgid, e->tid, O_PATH | O_DIRECTORY);

	return fd >= 0 ? fd : odc_proc_open(proc, "%u/cwd", e->tgid, 0, O_PATH | O_DIRECTORY);
}

/* The directory a relative path starts from: the working directory, or the descriptor's. */
static int odc_open_dir(const struct odc_watch_event *e, int proc)
{
	if (e->dirfd != -100)	/* AT_FDCWD */
		return odc_proc_open(proc, "%u/fd/%ld", e->tgid, e->dirfd, O_PATH | O_DIRECTORY);
	return odc_open_cwd(e, proc);
}

const char *odc_watch_hold(const struct odc_watch_event *e, struct odc_watch_held *h)
{
	h->proc = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (h->proc < 0 || !odc_same_process(e, h->proc))
		return "gone";
	h->root = odc_proc_open(h->proc, "%u/root", e->tgid, 0, O_PATH | O_DIRECTORY);
	h->dir = e->path[0] == '/' ? dup(h->root) : odc_open_dir(e, h->proc);
	h->cwd = odc_open_cwd(e, h->proc);
	/* Checked again: the process may have gone, and its pid been reused, while these were opened. */
	if (h->root < 0 || !odc_same_process(e, h->proc))
		return "gone";
	return h->dir < 0 ? "dirfd" : NULL;
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

void odc_watch_release(struct odc_watch_held *h)
{
	odc_close(&h->root);
	odc_close(&h->dir);
	odc_close(&h->proc);
	odc_close(&h->cwd);
}

bool odc_watch_hold_named(const struct odc_watch_event *e, struct odc_watch_held *h)
{
	if (h->proc < 0 || !e->dir.ino || (e->path[0] != '/' && !odc_watch_kernel_dir(e)))
		return false;
	odc_close(&h->root);
	odc_close(&h->dir);
	odc_close(&h->cwd);
	h->root = e->mnt_ns == odc_mnt_ns(h->proc, "self") ? open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)
							   : odc_ns_root(h->proc, e->mnt_ns);
	h->dir = h->root >= 0 ? dup(h->root) : -1;
	h->named = h->dir >= 0;
	return h->named;
}

/* The groups of /proc/PID/status's "Groups:" line, now: for a caller with more than the event holds. */
static int odc_proc_groups(const struct odc_watch_event *e, int proc, gid_t *groups, int max)
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

int odc_watch_groups(const struct odc_watch_event *e, const struct odc_watch_held *h, gid_t *groups, int max)
{
	const char *kernel = odc_watch_kernel_groups(e);
	odc_u32 gid;

	if (!kernel)	/* a gone caller's pid may name another process now */
		return h->named ? -1 : odc_proc_groups(e, h->proc, groups, max);
	if (e->ngroups > max)
		return -1;
	for (int i = 0; i < e->ngroups; i++) {
		memcpy(&gid, kernel + i * sizeof gid, sizeof gid);
		groups[i] = gid;
	}
	return e->ngroups;
}
