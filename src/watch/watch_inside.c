/*
 * A look from inside the caller's root, as the caller: run by the reader
 * (watch_reader.c), which has entered that root and holds the caller's
 * descriptors, or where its process is gone, a root in its mount
 * namespace. What watch_look.c decided may be told is read here, in the
 * directory the kernel saw the call start from, and only there.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "odc_libc.h"
#include "odc_watch.h"
#include "odc_watch_proc.h"

/*
 * A directory changed this close before the call may have changed after it:
 * file systems stamp changes with a clock that ticks every few ms (100 Hz at worst).
 */
#define ODC_WATCH_MARGIN_NS 20000000LL

/* Whether the name's directory is older than the call: then so is what the name holds. */
static bool odc_unchanged(const struct odc_call *c, long long call_ns)
{
	struct stat st;

	return odc_found_dir_stat(c, &st) == 0 && odc_watch_ns(st.st_ctim) + ODC_WATCH_MARGIN_NS < call_ns;
}

/* The name of what FD refers to, from this process's root: the caller's, in the reader. */
static void odc_fd_name(int proc, int fd, char *name, size_t size)
{
	char link[32];
	ssize_t n = -1;

	snprintf(link, sizeof link, "self/fd/%d", fd);
	if (fd >= 0)
		n = readlinkat(proc, link, name, size);
	/* One too long is kept cut: the line marks it. */
	name[n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1] = '\0';
}

/* The id of the mount FD was opened through, as /proc's fdinfo tells it (statx is newer than glibc 2.17), or -1. */
static long odc_mnt_id(int proc, int fd)
{
	char path[32], info[512];

	snprintf(path, sizeof path, "self/fdinfo/%d", fd);
	int f = openat(proc, path, O_RDONLY | O_CLOEXEC);
	ssize_t n = f >= 0 ? read(f, info, sizeof info - 1) : -1;
	if (f >= 0)
		close(f);
	info[n > 0 ? n : 0] = '\0';
	const char *at = strstr(info, "mnt_id:");
	return at ? strtol(at + sizeof "mnt_id:" - 1, NULL, 10) : -1;
}

/* Whether FD is the directory the kernel saw as ID (where it saw one). */
static bool odc_is(int proc, int fd, const struct odc_watch_dir_id *id)
{
	struct stat st;

	if (!id->ino)
		return true;
	return fstat(fd, &st) == 0 && st.st_ino == id->ino && odc_mnt_id(proc, fd) == id->mnt_id;
}

/*
 * The directory the kernel named at E's call, found again by that name
 * from the root the reader is in, or -1. The kernel's name has no
 * symlink in it: none is followed.
 */
static int odc_open_named(const struct odc_watch_event *e)
{
	const char *name = e->path[0] == '/' ? "/" : odc_watch_kernel_dir(e);
	struct odc_open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC, .resolve = ODC_RESOLVE_NO_SYMLINKS };
	long fd = name ? odc_libc_openat2(AT_FDCWD, name, &how, sizeof how) : -1;

	return fd < 0 ? -1 : (int)fd;
}

/*
 * Into the directory the call's path started from, from within the root:
 * H's own, or where the process is gone, the one the kernel's name leads
 * to. NULL, or why not: "moved" where it is another directory.
 */
static const char *odc_enter_dir(const struct odc_watch_event *e, const struct odc_watch_held *h)
{
	if (!h->named)
		return !odc_is(h->proc, h->dir, &e->dir) ? "moved" : fchdir(h->dir) < 0 ? "root" : NULL;
	if (!odc_is(h->proc, h->root, &e->root))
		return "gone";	/* another root than the caller's, in its mount namespace */
	int dir = odc_open_named(e);
	const char *why = dir < 0 || !odc_is(h->proc, dir, &e->dir) ? "moved" : fchdir(dir) < 0 ? "root" : NULL;
	if (dir >= 0)
		close(dir);
	return why;
}

void odc_look_inside(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look)
{
	struct odc_call c = odc_watch_call(e);

	c.dirfd = AT_FDCWD;	/* the reader's own directory is the call's */
	if (fchdir(h->root) < 0 || chroot(".") < 0) {
		look->unread = "root";
		return;
	}
	if ((look->unread = odc_enter_dir(e, h)))
		return;
	/* Names the kernel did not take, as /proc has them now. */
	if (!odc_watch_kernel_exe(e))
		odc_fd_name(h->proc, h->exe, look->exe, sizeof look->exe);
	if (e->path[0] != '/' && !odc_watch_kernel_dir(e))
		odc_fd_name(h->proc, h->dir, look->dir, sizeof look->dir);
	if (!h->state)
		return;
	if (!odc_unchanged(&c, h->call_ns)) {
		look->unread = "changed";
		return;
	}
	if (odc_watch_become(e, h->proc) < 0) {
		look->unread = "gone";	/* its groups could not be read */
		return;
	}
	odc_found_read(&c, &look->found);
}
