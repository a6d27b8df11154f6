/*
 * The audit log: one line for each call odcreat redefined, built here and
 * handed to its destination: a file or standard error (src/core/log_dest.c,
 * written by src/core/log_write.c), syslog or journald (src/core/log_socket.c),
 * none of which ever holds the program up. No stdio, no malloc,
 * no locks; errno and the call's result are never changed, and a log that
 * cannot be opened or written is skipped.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_line.h"
#include "odc_log.h"
#include "odc_log_dest.h"
#include "odc_log_put.h"
#include "odc_log_seq.h"
#include "odc_log_socket.h"
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

/* The most of an executable's name a line holds, escaped: the path's room is the rest. */
#define ODC_EXE_ROOM 510

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

static const char *odc_log_prog_of(const struct odc_log_entry *e)
{
	return e->pid ? e->prog : odc_log_prog();
}

static pid_t odc_log_pid(const struct odc_log_entry *e)
{
	return e->pid ? e->pid : getpid();
}

/* The survey's state and predictions, each after its key, where the state was read. */
static void odc_put_survey(struct odc_line *l, const struct odc_log_entry *e,
			   const char *state_key, const char *would_key, const char *would_end)
{
	if (!e->found || e->found->state == ODC_STATE_UNREAD)
		return;
	odc_put(l, state_key);
	odc_put(l, odc_state_name(e->found->state));
	odc_put(l, would_key);
	odc_put_would(l, e->call->flags, e->found);
	odc_put(l, would_end);
}

/*
 * What a line says of the process that logs it, where that is the caller
 * (not the --seccomp supervisor logging for another): its executable, and
 * the line's run, number and the lines lost before it (odc_log_seq.h).
 */
struct odc_log_self {
	const struct odc_line *exe;	/* escaped */
	struct odc_log_count count;
};

/* The most of a relative path's directory a line holds. */
#define ODC_DIR_ROOM 510

/* What a line says beyond the call itself. */
struct odc_log_about {
	char dir[ODC_DIR_ROOM + 1];	/* a relative path's directory, or empty */
	bool dir_cut;			/* the kernel's name for it was longer */
	const struct odc_log_self *self;	/* NULL from the --seccomp supervisor */
};

/*
 * The directory a relative path starts from, as the kernel names it (the
 * link in /proc/self for the caller's descriptor, or for the --seccomp
 * supervisor's copy of the target's): "newdir" alone says nothing of where
 * it was. Empty for an absolute path or one that cannot be read, and for a
 * target the supervisor may not act for (its names may be another mount
 * namespace's).
 */
static void odc_log_dir(const struct odc_log_entry *e, struct odc_log_about *a)
{
	const struct odc_call *c = e->call;
	int fd = e->pid ? e->dir_fd : c->dirfd;
	char link[64] = "/proc/self/cwd";

	a->dir[0] = '\0';
	a->dir_cut = false;
	if (e->refused || odc_readable_path(c->path) != 0 || c->path[0] == '/' ||
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

/* The room to escape A's directory in: too little, where it was cut, for the mark to show. */
static size_t odc_dir_room(const struct odc_log_about *a)
{
	return a->dir_cut ? strlen(a->dir) - 1 : (size_t)-1;
}

/* Everything after the path: the fields a long path must leave room for. */
static void odc_format_tail(struct odc_line *l, const struct odc_log_entry *e,
			    const struct odc_log_about *about)
{
	const struct odc_call *c = e->call;
	const struct odc_log_self *self = about->self;

	odc_put(l, " flags=");
	odc_put_flags(l, c->flags);
	odc_put(l, " mode=0");
	odc_put_uint(l, c->mode, 8, 3);
	if (c->resolve)
		odc_put_bits(l, c->resolve, odc_resolve_flags, " resolve=");
	odc_put(l, " semantics=");
	odc_put(l, odc_mode_name(e->mode));
	odc_put(l, " result=");
	odc_put_result(l, e->result);
	odc_put_survey(l, e, " state=", " would=\"", "\"");
	if (e->refused) {
		odc_put(l, " refused=");
		odc_put_quoted(l, e->refused, PATH_MAX);
	}
	if (about->dir[0]) {
		odc_put(l, " dir=\"");
		odc_put_escaped_within(l, about->dir, sizeof about->dir, odc_dir_room(about));
		odc_put(l, "\"");
	}
	if (!self)
		return;
	odc_put(l, " uid=");
	odc_put_uint(l, geteuid(), 10, 1);
	odc_put(l, " exe=\"");
	odc_put_bytes(l, self->exe->text, self->exe->len);
	odc_put(l, "\"");
	odc_put(l, " run=");
	odc_put_uint(l, self->count.run, 16, 8);
	odc_put(l, " seq=");
	odc_put_uint(l, self->count.seq, 10, 1);
	odc_put(l, " lost=");
	odc_put_uint(l, self->count.lost, 10, 1);
}

/*
 * The path is cut short within its quotes, where it must be, so that every
 * field after it is there: the tail is written once to learn its length,
 * then again after the path. (Its parts are short but for the path: a
 * program's name is no longer than NAME_MAX, the supervisor's comm 16.)
 */
static void odc_format(struct odc_line *l, const struct odc_log_entry *e,
		       const struct odc_log_about *about)
{
	const struct odc_call *c = e->call;

	odc_line_start(l);
	odc_put_time(l);
	odc_put(l, " pid=");
	odc_put_int(l, odc_log_pid(e));
	odc_put(l, " prog=");
	odc_put_quoted(l, odc_log_prog_of(e), PATH_MAX);
	odc_put(l, " call=");
	odc_put(l, e->entry);
	odc_put(l, " dirfd=");
	if (c->dirfd == AT_FDCWD)
		odc_put(l, "AT_FDCWD");
	else
		odc_put_int(l, c->dirfd);
	odc_put(l, " path=");
	size_t path_at = l->len;
	odc_format_tail(l, e, about);
	size_t tail = l->len - path_at;
	odc_line_back_to(l, path_at);
	size_t room = odc_line_room(l);
	odc_put_path(l, c->path, true, room > tail ? room - tail : 0);
	odc_format_tail(l, e, about);
	odc_line_end(l);
}

/*
 * journald's fields, each on a line of its own (the line and the path are
 * escaped and hold no newline), the longest last: where they do not all
 * fit, the path is cut short, and MESSAGE= still follows.
 */
static void odc_format_fields(struct odc_line *l, const struct odc_log_entry *e,
			      const struct odc_log_about *about)
{
	const struct odc_log_self *self = about->self;

	odc_line_start(l);
	odc_put(l, "ODCREAT_PROG=");
	odc_put_escaped(l, odc_log_prog_of(e), PATH_MAX);
	if (self) {
		odc_put(l, "\nODCREAT_EXE=");
		odc_put_bytes(l, self->exe->text, self->exe->len);
		odc_put(l, "\nODCREAT_RUN=");
		odc_put_uint(l, self->count.run, 16, 8);
		odc_put(l, "\nODCREAT_SEQ=");
		odc_put_uint(l, self->count.seq, 10, 1);
		odc_put(l, "\nODCREAT_LOST=");
		odc_put_uint(l, self->count.lost, 10, 1);
	}
	if (about->dir[0]) {
		odc_put(l, "\nODCREAT_DIR=");
		odc_put_escaped_within(l, about->dir, sizeof about->dir, odc_dir_room(about));
	}
	odc_put(l, "\nODCREAT_CALL=");
	odc_put(l, e->entry);
	odc_put(l, "\nODCREAT_MODE=");
	odc_put(l, odc_mode_name(e->mode));
	odc_put(l, "\nODCREAT_RESULT=");
	odc_put_result(l, e->result);
	odc_put_survey(l, e, "\nODCREAT_STATE=", "\nODCREAT_WOULD=", "");
	odc_put(l, "\nODCREAT_PATH=");
	odc_put_path(l, e->call->path, false, odc_line_room(l));
	odc_line_end(l);
}

bool odc_log_names_no_file(const char *dest)
{
	return strcmp(dest, ODC_LOG_STDERR) == 0 || strcmp(dest, ODC_LOG_SYSLOG) == 0 ||
	       strcmp(dest, ODC_LOG_JOURNAL) == 0;
}

void odc_log_before(const struct odc_call *c, struct odc_found *found)
{
	found->state = ODC_STATE_UNREAD;
	if (!odc_config_log())
		return;
	int saved_errno = errno;
	odc_found_read(c, found);
	errno = saved_errno;
}

void odc_log(const struct odc_log_entry *e)
{
	const char *dest = odc_config_log();

	if (!dest)
		return;
	int saved_errno = errno;
	struct odc_line exe;
	struct odc_log_self self;
	struct odc_log_about about = { .self = NULL };
	if (!e->pid) {
		self = (struct odc_log_self){ .exe = odc_log_exe(&exe), .count = odc_log_count_next() };
		about.self = &self;
	}
	odc_log_dir(e, &about);
	struct odc_line line;
	bool sent;
	odc_format(&line, e, &about);
	if (strcmp(dest, ODC_LOG_SYSLOG) == 0) {
		sent = odc_log_syslog(&line, odc_log_pid(e), odc_config_facility());
	} else if (strcmp(dest, ODC_LOG_JOURNAL) == 0) {
		struct odc_line fields;
		odc_format_fields(&fields, e, &about);
		sent = odc_log_journal(&fields, &line, odc_log_pid(e), odc_config_facility());
	} else {
		sent = odc_log_send(dest, &line);
	}
	if (!sent && about.self)
		odc_log_lost_add(&self.count);
	errno = saved_errno;
}
