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

void odc_log_about_keep_dir(struct odc_log_about *a, const char *dir)
{
	size_t len = 0;

	while (len < sizeof a->dir && dir[len])
		len++;
	a->dir_cut = len == sizeof a->dir;
	len -= a->dir_cut;
	odc_copy(a->dir, dir, len);
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
		a->own = (struct odc_log_self){ .image = odc_log_image(&a->image),
						.count = odc_log_count_next(a->pid, a->euid) };
		a->own.where_found = e->caller && odc_where_find(e->caller, &a->own.where);
		a->self = &a->own;
	}
	if (e->seen) {
		a->euid = (uid_t)e->seen->euid;
		if (e->seen->path_bad)
			a->readable = -EFAULT;	/* as the kernel found the caller's pointer */
		odc_log_about_keep_dir(a, e->seen->dir);	/* as the kernel named it to the watcher */
	} else {
		odc_log_about_dir(e, a);
	}
}
