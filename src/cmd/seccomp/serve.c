/*
 * Answering one notified call for odcreat --seccomp: read what the target
 * passed, run the library's semantics (src/core/open/semantics.c) on its behalf, and
 * hand the result over with SECCOMP_IOCTL_NOTIF_ADDFD, or answer the errno.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_log.h"
#include "odc_request.h"

/* A page no call can read: the path of a call whose path the target could not have read. */
static const char *odc_unreadable;

/*
 * The call ID answered: the errno ERROR, or else VAL (or, with FLAGS, let
 * go on). 0, or -1 with errno ENOENT where the target was killed, or its
 * call interrupted by a signal, meanwhile: then it needs no answer.
 */
static int odc_reply(const struct odc_server *s, uint64_t id, int error, long val, uint32_t flags)
{
	memset(s->resp, 0, s->resp_size);
	s->resp->id = id;
	s->resp->error = -error;
	s->resp->val = val;
	s->resp->flags = flags;
	return ioctl(s->listener, ODC_SECCOMP_IOCTL_NOTIF_SEND, s->resp);
}

/*
 * The give hook: the descriptor becomes the call's result in the target.
 * Before Linux 5.14 the kernel only adds it, and the answer with its
 * number follows: a target whose call a signal interrupts in between
 * keeps the descriptor, which the call, started again, never returns
 * (README: "--seccomp on Linux 5.9 to 5.13"). The create is then undone.
 */
static long odc_give_target(void *ctx, long fd, bool cloexec)
{
	const struct odc_request *r = ctx;
	struct odc_seccomp_notif_addfd add = {
		.id = r->id,
		.flags = r->s->add_sends ? ODC_SECCOMP_ADDFD_FLAG_SEND : 0,
		.srcfd = (uint32_t)fd,
		.newfd_flags = cloexec ? O_CLOEXEC : 0,
	};
	long ret = ioctl(r->s->listener, ODC_SECCOMP_IOCTL_NOTIF_ADDFD, &add);

	if (ret < 0 || (!r->s->add_sends && odc_reply(r->s, r->id, 0, ret, 0) < 0))
		return -errno;
	return ret;
}

/*
 * A read of the target that failed with ERR: where the supervisor may not
 * inspect the target, 0 with the refusal noted (the mode answers what its
 * flags decide, and EPERM for the rest); ERR, the answer, otherwise.
 */
static long odc_refuse_or(struct odc_request *r, long err)
{
	const char *refusal = odc_target_refusal(err);

	if (!refusal)
		return err;
	if (!r->caller.refused)
		r->caller.refused = refusal;
	return 0;
}

/*
 * Everything the call needs from the target, read in one pass before
 * anything is decided: who it is, its path and its directory, as this
 * process's own. The first refusal stands. Where the target passed
 * something the kernel would refuse, the path and directory are made to
 * fail here in the same way, so that the semantics decide whether that
 * matters (einval answers EINVAL before looking at either): a path that
 * does not end within PATH_MAX, an address the target cannot read, a
 * descriptor it does not have. 0, or the errno to answer.
 */
static long odc_read_target(struct odc_request *r, uint64_t path_addr)
{
	const char *refused = odc_target_read(&r->target, r->target.tid);
	long ret = odc_target_path(&r->target, path_addr, r->path, PATH_MAX);

	if (!r->caller.refused)
		r->caller.refused = refused;
	if (ret == -ENAMETOOLONG)
		r->path[PATH_MAX] = '\0';
	else if (ret == -EFAULT)
		r->call.path = odc_unreadable;
	else if (ret < 0)
		return odc_refuse_or(r, ret);
	/*
	 * einval answers before it looks at anything on disk, and is served
	 * here only with a log: then the directory serves the log's state=
	 * alone, and failing to read it changes no answer.
	 */
	bool for_log = r->s->mode == ODC_EINVAL;
	if (r->caller.refused)
		return 0;
	/* The kernel ignores the dirfd of an absolute path, unless RESOLVE_* makes it the root. */
	if (r->call.path == odc_unreadable || (r->path[0] == '/' && !r->call.resolve)) {
		r->call.dirfd = AT_FDCWD;
		return 0;
	}
	ret = odc_target_dirfd(&r->target, r->target_dirfd);
	if (ret == -EBADF)
		ret = -1;	/* a descriptor nothing has */
	else if (ret < 0)
		return for_log ? 0 : odc_refuse_or(r, ret);
	r->call.dirfd = (int)ret;
	return 0;
}

/*
 * The room hook: as in the kernel, which allocates the descriptor before
 * it looks the name up, a target out of descriptors gets EMFILE before
 * anything is made.
 */
static long odc_room_target(void *ctx)
{
	const struct odc_request *r = ctx;

	return odc_target_fd_room(&r->target);
}

static long odc_carry_out(struct odc_request *r)
{
	if (r->s->mode == ODC_EINVAL)
		return odc_semantics(ODC_EINVAL, &r->call);
	/* The supervisor creates nothing else while the target's umask is in force. */
	mode_t own = umask(r->target.umask);
	long ret = odc_semantics(r->s->mode, &r->call);
	umask(own);
	return ret;
}

static void odc_log_request(const struct odc_request *r, const char *entry, long ret,
			    const struct odc_found *found)
{
	struct odc_call shown = r->call;

	shown.dirfd = r->target_dirfd;
	odc_log(&r->s->log, &(struct odc_log_entry){
		.pid = r->target.tgid,
		.prog = r->target.prog,
		.entry = entry,
		.call = &shown,
		.mode = r->s->mode,
		.result = ret,
		.refused = r->caller.refused,
		.found = found,
		.dir_fd = r->call.dirfd,
	});
}

static bool odc_still_waiting(const struct odc_server *s, uint64_t id)
{
	return ioctl(s->listener, ODC_SECCOMP_IOCTL_NOTIF_ID_VALID, &id) == 0;
}

/*
 * Everything about the target is read before the notification is checked
 * to be still live: then its pid was not reused and the reads describe it.
 */
void odc_serve(struct odc_server *s)
{
	struct odc_seccomp_notif *n = s->notif;

	memset(n, 0, s->notif_size);
	if (ioctl(s->listener, ODC_SECCOMP_IOCTL_NOTIF_RECV, n) < 0)
		return;	/* the target died before we looked */

	struct odc_request r = {
		.call = { .dirfd = -1, .path = r.path, .caller = &r.caller },
		.caller = { .give = odc_give_target, .room = odc_room_target, .ctx = &r },
		.s = s,
		.id = n->id,
	};
	uint64_t path_addr;
	const char *entry;
	/* The thread alone is enough to read an open_how; /proc is read for calls served. */
	r.target.tid = (pid_t)n->pid;
	long decided = odc_decode(&r, n, &path_addr, &entry);
	if (decided == ODC_PASS) {
		odc_reply(s, r.id, 0, 0, ODC_SECCOMP_USER_NOTIF_FLAG_CONTINUE);
		return;
	}
	if (decided < 0) {
		odc_reply(s, r.id, (int)-decided, 0, 0);
		return;
	}
	/* Unlogged, einval's answer needs nothing of the target: who it is, its path, its directory. */
	if (s->unlogged_einval) {
		odc_reply(s, r.id, (int)-odc_semantics(ODC_EINVAL, &r.call), 0, 0);
		return;
	}
	long err = odc_read_target(&r, path_addr);
	struct odc_found found = { .state = ODC_STATE_UNREAD };
	if (!r.caller.refused && !err)
		odc_log_before(&s->log, &r.call, &found);
	if (odc_still_waiting(s, r.id)) {
		long ret = err ? err : odc_carry_out(&r);
		if (ret < 0)
			odc_reply(s, r.id, (int)-ret, 0, 0);
		odc_log_request(&r, entry, ret, &found);
	}
	if (r.call.dirfd >= 0)
		close(r.call.dirfd);
}

int odc_server_init(struct odc_server *s, enum odc_mode mode, struct odc_log_target log)
{
	struct odc_seccomp_notif_sizes sizes;

	*s = (struct odc_server){
		.listener = -1,
		.mode = mode,
		.log = log,
		.unlogged_einval = mode == ODC_EINVAL && log.kind == ODC_LOG_NONE,
	};
	if (syscall(ODC_NR_SECCOMP, ODC_SECCOMP_GET_NOTIF_SIZES, 0, &sizes) < 0)
		return -errno;
	s->notif_size = sizes.seccomp_notif > sizeof *s->notif ? sizes.seccomp_notif
							     : sizeof *s->notif;
	s->resp_size = sizes.seccomp_notif_resp > sizeof *s->resp ? sizes.seccomp_notif_resp
								  : sizeof *s->resp;
	s->notif = calloc(1, s->notif_size);
	s->resp = calloc(1, s->resp_size);
	odc_unreadable = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return s->notif && s->resp && odc_unreadable != MAP_FAILED ? 0 : -ENOMEM;
}
