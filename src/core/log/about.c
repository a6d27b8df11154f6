/*
 * What a line says beyond the call (odc_log_about.h): who made it, and
 * where its relative path started.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "odc_log_about.h"
#include "odc_readable.h"

/*
 * This program's name as the kernel gave it to comm, which the supervisor
 * logs: the last part of the file name it was started by. (Not
 * program_invocation_short_name: a data import costs every process a
 * symbol lookup at start-up.)
 */
static const char *odc_log_prog(void)
{
	const char *path = (const char *)getauxval(AT_EXECFN);

	if (!path)
		return "";
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static struct odc_line odc_exe;	/* escaped, as every line puts it */
static int odc_exe_state;	/* 0 unread, 1 being read, 2 read */

static void odc_exe_read(struct odc_line *to)
{
	char path[PATH_MAX];
	ssize_t n = readlinkat(AT_FDCWD, "/proc/self/exe", path, sizeof path - 1);

	path[n > 0 ? n : 0] = '\0';
	odc_line_start(to);
	odc_put_escaped_within(to, path, sizeof path, ODC_EXE_ROOM);
}

/*
 * What the kernel says this process's executable is, read and escaped once
 * a process (a forked child has its parent's; exec starts afresh): journald
 * reads its own _EXE from /proc only when the entry arrives, too late for a
 * program that has exited, and a file or syslog has no other word for it.
 * While another thread or an interrupted caller is reading it, into OWN.
 */
static const struct odc_line *odc_log_exe(struct odc_line *own)
{
	int state = 0;

	if (__atomic_compare_exchange_n(&odc_exe_state, &state, 1, false, __ATOMIC_ACQUIRE,
					__ATOMIC_ACQUIRE)) {
		odc_exe_read(&odc_exe);
		__atomic_store_n(&odc_exe_state, 2, __ATOMIC_RELEASE);
		return &odc_exe;
	}
	if (state == 2)
		return &odc_exe;
	odc_exe_read(own);
	return own;
}

/*
 * The directory a relative path starts from, as the kernel names it (the
 * link in /proc/self for the caller's descriptor, or for the --seccomp
 * supervisor's copy of the target's): "newdir" alone says nothing of where
 * it was. Empty for an absolute path or one that cannot be read, and for a
 * target the supervisor may not act for (its names may be another mount
 * namespace's).
 */
static void odc_log_about_dir(const struct odc_log_entry *e, struct odc_log_about *a)
{
	const struct odc_call *c = e->call;
	int fd = e->pid ? e->dir_fd : c->dirfd;
	char link[64] = "/proc/self/cwd";

	a->dir[0] = '\0';
	a->dir_cut = false;
	if (e->refused || a->readable != 0 || c->path[0] == '/' ||
	    (fd < 0 && fd != AT_FDCWD))
		return;
	if (fd != AT_FDCWD) {
		size_t n = sizeof "/proc/self/fd/" - 1;
		odc_copy(link, "/proc/self/fd/", n);
		link[n + odc_format_uint(link + n, (unsigned)fd)] = '\0';
	}
	ssize_t len = readlinkat(AT_FDCWD, link, a->dir, sizeof a->dir);
	a->dir_cut = len == (ssize_t)sizeof a->dir;
	a->dir[len < 0 ? 0 : a->dir_cut ? sizeof a->dir - 1 : (size_t)len] = '\0';
}

size_t odc_log_about_dir_room(const struct odc_log_about *a)
{
	return a->dir_cut ? strlen(a->dir) - 1 : (size_t)-1;
}

/* The directory the watcher read, as the kernel named it, cut where it does not fit. */
static void odc_log_about_seen_dir(const struct odc_log_seen *s, struct odc_log_about *a)
{
	size_t len = 0;

	while (len < sizeof a->dir && s->dir[len])
		len++;
	a->dir_cut = len == sizeof a->dir;
	len -= a->dir_cut;
	odc_copy(a->dir, s->dir, len);
	a->dir[len] = '\0';
}

void odc_log_about(const struct odc_log_entry *e, struct odc_log_about *a)
{
	bool own = !e->pid && !e->seen;	/* the caller logs its own call, as it makes it */

	a->pid = own ? getpid() : e->pid;
	a->prog = own ? odc_log_prog() : e->prog;
	a->readable = e->found && e->found->state != ODC_STATE_UNREAD ? e->found->readable
								     : odc_readable_path(e->call->path);
	a->self = NULL;
	if (own) {
		a->euid = geteuid();
		a->own = (struct odc_log_self){ .exe = odc_log_exe(&a->exe),
						.count = odc_log_count_next(a->pid, a->euid) };
		a->self = &a->own;
	}
	if (e->seen) {
		a->euid = (uid_t)e->seen->euid;
		if (e->seen->path_bad)
			a->readable = -EFAULT;	/* as the kernel found the caller's pointer */
		odc_log_about_seen_dir(e->seen, a);
	} else {
		odc_log_about_dir(e, a);
	}
}
