/*
 * What the watcher learns of a call from the caller's process, after the
 * call: its executable, the directory a relative path starts from, and
 * the name's state, each as the caller sees them (in its own root and
 * mount namespace), read by the reader (watch_reader.c), a process of the
 * watcher's that enters that root as the caller.
 *
 * The state is the one the log means (what the name held just before the
 * call) only where nothing can have changed it since: the kernel refuses
 * the pair (its meaning is einval, so the call itself made nothing), and
 * the name's directory has not changed since shortly before the call (a
 * program that falls back to mkdir after EINVAL changes it at once).
 * Otherwise the line says why it has no state.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "odc_meaning.h"
#include "odc_watch.h"
#include "odc_watch_proc.h"

/*
 * A directory changed this close before the call may have changed after it:
 * file systems stamp changes with a clock that ticks every few ms (100 Hz at worst).
 */
#define ODC_WATCH_MARGIN_NS 20000000LL

/*
 * A call this old when its record is read is not looked into: a burst has
 * put the watcher behind, and what it would find is likely changed or gone.
 */
#define ODC_WATCH_LATE_NS 1000000000LL

static long long odc_ns(struct timespec t)
{
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* How long ago the call made at WALL_NS was. */
static long long odc_call_age(long long wall_ns)
{
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	return odc_ns(now) - wall_ns;
}

/* Whether the name's directory is older than the call: then so is what the name holds. */
static bool odc_unchanged(const struct odc_call *c, long long call_ns)
{
	struct stat st;

	return odc_found_dir_stat(c, &st) == 0 && odc_ns(st.st_ctim) + ODC_WATCH_MARGIN_NS < call_ns;
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

void odc_look_inside(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look)
{
	struct odc_call c = odc_watch_call(e);

	c.dirfd = AT_FDCWD;	/* the reader's own directory is the call's */
	if (fchdir(h->root) < 0 || chroot(".") < 0 || fchdir(h->dir) < 0) {
		look->unread = "root";
		return;
	}
	odc_fd_name(h->proc, h->exe, look->exe, sizeof look->exe);
	if (e->path[0] != '/')
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

/* Why E's name cannot be read as it was before the call, or NULL. */
static const char *odc_unreadable(const struct odc_watch_event *e)
{
	if (e->seen & ODC_WATCH_PATH_CUT)
		return "path-cut";
	if (odc_kernel_meaning() != ODC_EINVAL)
		return "kernel";	/* the call itself may have made the name */
	return NULL;
}

void odc_watch_look(const struct odc_watch_event *e, long long wall_ns, struct odc_watch_look *look)
{
	struct odc_watch_held h = { .call_ns = wall_ns, .root = -1, .dir = -1, .exe = -1, .proc = -1 };

	*look = (struct odc_watch_look){ .found.state = ODC_STATE_UNREAD };
	if (e->seen & ODC_WATCH_PATH_BAD) {	/* as before the call: every mode meets EFAULT */
		look->found = (struct odc_found){ .state = ODC_STATE_ERROR, .error = EFAULT };
		return;
	}
	if (!e->tgid) {
		look->unread = "outside";	/* the watcher's pid namespace: no /proc of its shows the caller */
		return;
	}
	if (odc_call_age(wall_ns) > ODC_WATCH_LATE_NS) {
		look->unread = "late";
		return;
	}
	look->unread = odc_watch_hold(e, &h.root, &h.dir, &h.exe, &h.proc);
	if (!look->unread) {
		const char *why = odc_unreadable(e);
		h.state = !why;
		odc_reader_look(e, &h, look);
		if (why)
			look->unread = why;
	}
	odc_watch_release(&h.root, &h.dir, &h.exe, &h.proc);
}
