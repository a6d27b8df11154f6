/*
 * An event as a line: the library's fields, in its order and with its
 * value writers (src/core/log_put.c), so that escaping and names are the
 * same, then how the watcher saw the call. The library's own pid, prog,
 * uid and exe are the kernel's word here: the watcher is no sender.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "odc_log_put.h"
#include "odc_watch.h"

static const char *const odc_calls[] = {
	[ODC_WATCH_OPEN] = "open",
	[ODC_WATCH_OPENAT] = "openat",
	[ODC_WATCH_OPENAT2] = "openat2",
	[ODC_WATCH_URING_OPENAT] = "io_uring_openat",
	[ODC_WATCH_URING_OPENAT2] = "io_uring_openat2",
};

static const char *const odc_seen[] = {
	[ODC_WATCH_OPEN] = "sys_enter/open",
	[ODC_WATCH_OPENAT] = "sys_enter/openat",
	[ODC_WATCH_OPENAT2] = "sys_enter/openat2",
	[ODC_WATCH_URING_OPENAT] = "io_uring/openat",
	[ODC_WATCH_URING_OPENAT2] = "io_uring/openat2",
};

static void odc_put_uint_field(struct odc_line *l, const char *key, unsigned long long v)
{
	odc_put(l, key);
	odc_put_uint(l, v, 10, 1);
}

/* A name the caller's process gave (its comm, its executable): every byte escaped. */
static void odc_put_name_field(struct odc_line *l, const char *key, const char *s, size_t max)
{
	odc_put(l, key);
	odc_put_quoted(l, s, max);
}

/* How the call was seen, and the caller's place: the fields the library has no word for. */
static void odc_put_seen(struct odc_line *l, const struct odc_watch_event *e, const char *cgroup)
{
	odc_put(l, " seen=");
	odc_put(l, e->entry < sizeof odc_seen / sizeof *odc_seen ? odc_seen[e->entry] : "?");
	odc_put(l, e->abi == ODC_WATCH_I386 ? " abi=i386" : " abi=native");
	odc_put_uint_field(l, " tid=", e->tid);
	odc_put_uint_field(l, " nspid=", e->ns_tgid);
	odc_put_uint_field(l, " ruid=", e->uid);
	odc_put_uint_field(l, " egid=", e->egid);
	if (cgroup[0])
		odc_put_name_field(l, " cgroup=", cgroup, PATH_MAX);
	odc_put_uint_field(l, " cgroup_id=", e->cgroup);
	odc_put_uint_field(l, " mntns=", e->mnt_ns);
	odc_put_uint_field(l, " pidns=", e->pid_ns);
	odc_put_uint_field(l, " userns=", e->user_ns);
}

/* Everything after the path, which a long path must leave room for. */
static void odc_format_tail(struct odc_line *l, const struct odc_watch_event *e,
			    const struct odc_watch_look *look, const char *cgroup)
{
	odc_put(l, " flags=");
	odc_put_flags(l, (int)e->flags);
	odc_put(l, " mode=0");
	odc_put_uint(l, e->mode, 8, 3);
	if (e->resolve)
		odc_put_bits(l, e->resolve, odc_resolve_flags, " resolve=");
	odc_put(l, " semantics=native result=");
	if (e->seen & ODC_WATCH_RESULT)
		odc_put_result(l, (long)e->result);
	else
		odc_put(l, "unknown");
	if (look->found.state != ODC_STATE_UNREAD) {
		odc_put(l, " state=");
		odc_put(l, odc_state_name(look->found.state));
		odc_put(l, " would=\"");
		odc_put_would(l, (int)e->flags, &look->found);
		odc_put(l, "\"");
	}
	if (look->dir[0])
		odc_put_name_field(l, " dir=", look->dir, sizeof look->dir);
	odc_put_uint_field(l, " uid=", e->euid);
	if (look->exe[0])
		odc_put_name_field(l, " exe=", look->exe, sizeof look->exe);
	odc_put_seen(l, e, cgroup);
	if (look->unread) {
		odc_put(l, " state_unread=");
		odc_put(l, look->unread);
	}
}

/* The path as the kernel copied it, marked where the watcher's copy was cut. */
static void odc_put_event_path(struct odc_line *l, const struct odc_watch_event *e, size_t room)
{
	if (e->seen & ODC_WATCH_PATH_BAD) {
		odc_put(l, "(unreadable)");
		return;
	}
	size_t len = strnlen(e->path, sizeof e->path);
	if ((e->seen & ODC_WATCH_PATH_CUT) && room > len + 1)
		room = len + 1;	/* too little for the whole: the mark shows */
	odc_put_quoted_within(l, e->path, sizeof e->path, room);
}

void odc_watch_format(struct odc_line *l, const struct odc_watch_event *e,
		      const struct odc_watch_look *look, const char *cgroup)
{
	odc_line_start(l);
	odc_put_time(l);
	odc_put_uint_field(l, " pid=", e->tgid);
	odc_put_name_field(l, " prog=", e->comm, sizeof e->comm);
	odc_put(l, " call=");
	odc_put(l, e->entry < sizeof odc_calls / sizeof *odc_calls ? odc_calls[e->entry] : "?");
	odc_put(l, " dirfd=");
	if (e->dirfd == AT_FDCWD)
		odc_put(l, "AT_FDCWD");
	else
		odc_put_int(l, e->dirfd);
	odc_put(l, " path=");
	size_t path_at = l->len;
	odc_format_tail(l, e, look, cgroup);
	size_t tail = l->len - path_at;
	odc_line_back_to(l, path_at);
	size_t room = odc_line_room(l);
	odc_put_event_path(l, e, room > tail ? room - tail : 0);
	odc_format_tail(l, e, look, cgroup);
	odc_line_end(l);
}

bool odc_watch_put(const struct odc_watch_event *e)
{
	struct odc_watch_look look;
	struct odc_line line;
	char cgroup[PATH_MAX];

	odc_watch_look(e, &look);
	odc_watch_cgroup(e->cgroup, cgroup, sizeof cgroup);
	odc_watch_format(&line, e, &look, cgroup);
	return write(STDOUT_FILENO, line.text, line.len) == (ssize_t)line.len;
}
