/*
 * The seccomp supervisor. The command runs as its child, with the filter
 * (src/seccomp.c) installed just before exec; the filter's listener comes
 * back to this process, which serves each notified call with the same
 * semantics as the library (src/semantics.c), carried out here on the
 * target's behalf, and hands the result over with SECCOMP_IOCTL_NOTIF_ADDFD.
 */
#include <errno.h>
#include <limits.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "odc_call.h"
#include "odc_config.h"
#include "odc_log.h"
#include "odc_seccomp.h"
#include "odc_supervise.h"
#include "odc_target.h"

/* The child's exit statuses, as odcreat's own. */
#define ODC_EXIT_CANNOT_RUN 126
#define ODC_EXIT_NOT_FOUND 127

struct odc_supervisor {
	int listener;
	pid_t child;
	int child_status;
	bool child_reaped;
	enum odc_mode mode;
	struct seccomp_notif *notif;	/* sized as the kernel says */
	struct seccomp_notif_resp *resp;
	size_t notif_size, resp_size;
};

/* One notified call, and everything needed to answer it. */
struct odc_request {
	struct odc_call call;		/* its dirfd is this process's copy */
	int target_dirfd;		/* the number the target passed */
	const struct odc_supervisor *s;
	uint64_t id;
	struct odc_target target;
	char path[PATH_MAX + 1];	/* room to cut a path the kernel finds too long */
};

/* A page no call can read: the path of a call whose path the target could not have read. */
static const char *odc_unreadable;

static void odc_fail(const char *what, int err)
{
	fprintf(stderr, "odcreat: --seccomp: %s%s%s; nothing was run\n", what,
		err ? ": " : "", err ? strerror(err) : "");
}

/* ---- answering one call ---- */

static void odc_reply(const struct odc_supervisor *s, uint64_t id, int error, uint32_t flags)
{
	memset(s->resp, 0, s->resp_size);
	s->resp->id = id;
	s->resp->error = -error;
	s->resp->flags = flags;
	/* ENOENT: the target was killed meanwhile, and needs no answer. */
	ioctl(s->listener, SECCOMP_IOCTL_NOTIF_SEND, s->resp);
}

/* The give hook: the descriptor becomes the call's result in the target. */
static long odc_give_target(const struct odc_call *c, long fd)
{
	const struct odc_request *r = (const struct odc_request *)
		((const char *)c - offsetof(struct odc_request, call));
	struct seccomp_notif_addfd add = {
		.id = r->id,
		.flags = SECCOMP_ADDFD_FLAG_SEND,
		.srcfd = (uint32_t)fd,
		.newfd_flags = (uint32_t)(c->flags & O_CLOEXEC),
	};
	long ret = ioctl(r->s->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add);

	if (ret < 0)
		ret = -errno;
	close((int)fd);
	return ret;
}

/*
 * Whether an openat2 needs the semantics, from its open_how. A size this
 * build does not know, or an address the kernel will refuse, is left to the
 * kernel. Flags that cannot be read might hold the pair: the call is
 * refused rather than passed on.
 */
static bool odc_decode_how(struct odc_request *r, const struct seccomp_notif *n)
{
	struct open_how how;

	if (n->data.args[3] != sizeof how)
		return false;
	int err = odc_target_copy(&r->target, n->data.args[2], &how, sizeof how);
	if (err == -EFAULT)
		return false;
	if (err < 0) {
		if (!r->target.refused)
			r->target.refused = "its memory cannot be read";
		return true;
	}
	if (how.flags > UINT32_MAX)
		return false;
	r->call.flags = (int)how.flags;
	r->call.mode = (mode_t)how.mode;
	r->call.resolve = how.resolve;
	r->call.via_openat2 = true;
	return odc_flags_combined(r->call.flags);
}

/*
 * The call's arguments, with the path still in the target: false for a call
 * the semantics leave alone (the filter lets through only open and openat
 * that need them, but sees no openat2 flags).
 */
static bool odc_decode(struct odc_request *r, const struct seccomp_notif *n,
		       uint64_t *path_addr, const char **entry)
{
	enum odc_syscall call = odc_seccomp_syscall(n->data.arch, n->data.nr);
	const __u64 *a = n->data.args;

	*entry = odc_seccomp_syscall_name(call);
	switch (call) {
	case ODC_SYSCALL_OPEN:
		r->target_dirfd = AT_FDCWD;
		*path_addr = a[0];
		r->call.flags = (int)a[1];
		r->call.mode = (mode_t)a[2];
		break;
	case ODC_SYSCALL_OPENAT:
	case ODC_SYSCALL_OPENAT2:
		r->target_dirfd = (int)a[0];
		*path_addr = a[1];
		if (call == ODC_SYSCALL_OPENAT2)
			return odc_decode_how(r, n);
		r->call.flags = (int)a[2];
		r->call.mode = (mode_t)a[3];
		break;
	default:
		return false;
	}
	return odc_flags_combined(r->call.flags);
}

/*
 * The path and directory of the call, as this process's own. Where the
 * target passed something the kernel would refuse, they are made to fail
 * here in the same way, so that the semantics decide whether that matters
 * (einval answers EINVAL before looking at either): a path that does not
 * end within PATH_MAX, an address the target cannot read, a descriptor it
 * does not have.
 */
static int odc_prepare(struct odc_request *r, uint64_t path_addr)
{
	int ret = odc_target_path(&r->target, path_addr, r->path, PATH_MAX);

	if (ret == -ENAMETOOLONG) {
		r->path[PATH_MAX] = '\0';
	} else if (ret == -EFAULT) {
		r->call.path = odc_unreadable;
	} else if (ret < 0) {
		r->path[0] = '\0';
		return ret;
	}
	if (r->target.refused)
		return 0;	/* the path was read for the log alone */
	/* The kernel ignores the dirfd of an absolute path, unless RESOLVE_* makes it the root. */
	if (r->call.path == odc_unreadable || (r->path[0] == '/' && !r->call.resolve)) {
		r->call.dirfd = AT_FDCWD;
		return 0;
	}
	ret = odc_target_dirfd(&r->target, r->target_dirfd);
	if (ret == -EBADF)
		ret = -1;	/* a descriptor nothing has */
	else if (ret < 0)
		return ret;
	r->call.dirfd = ret;
	return 0;
}

static long odc_carry_out(struct odc_request *r)
{
	/* The supervisor creates nothing else while the target's umask is in force. */
	mode_t own = umask(r->target.umask);
	long ret = odc_semantics(r->s->mode, &r->call);
	umask(own);
	return ret;
}

static void odc_log_request(const struct odc_request *r, const char *entry, long ret)
{
	struct odc_call shown = r->call;

	shown.dirfd = r->target_dirfd;
	if (shown.path == odc_unreadable)
		shown.path = NULL;
	odc_log(&(struct odc_log_entry){
		.pid = r->target.tgid,
		.prog = r->target.prog,
		.entry = entry,
		.call = &shown,
		.mode = r->s->mode,
		.result = ret,
		.refused = r->target.refused,
	});
}

static bool odc_still_waiting(const struct odc_supervisor *s, uint64_t id)
{
	return ioctl(s->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) == 0;
}

/*
 * Everything about the target is read before the notification is checked
 * to be still live: then its pid was not reused and the reads describe it.
 */
static void odc_serve(struct odc_supervisor *s)
{
	struct seccomp_notif *n = s->notif;

	memset(n, 0, s->notif_size);
	if (ioctl(s->listener, SECCOMP_IOCTL_NOTIF_RECV, n) < 0)
		return;	/* the target died before we looked */

	struct odc_request r = {
		.call = { .dirfd = -1, .path = r.path, .give = odc_give_target },
		.s = s,
		.id = n->id,
	};
	uint64_t path_addr;
	const char *entry;
	odc_target_read(&r.target, (pid_t)n->pid);
	if (!odc_decode(&r, n, &path_addr, &entry)) {
		odc_reply(s, r.id, 0, SECCOMP_USER_NOTIF_FLAG_CONTINUE);
		return;
	}
	int err = odc_prepare(&r, path_addr);
	if (odc_still_waiting(s, r.id)) {
		long ret = r.target.refused ? -EPERM : err ? err : odc_carry_out(&r);
		if (ret < 0)
			odc_reply(s, r.id, (int)-ret, 0);
		odc_log_request(&r, entry, ret);
	}
	if (r.call.dirfd >= 0)
		close(r.call.dirfd);
}

/* ---- starting the command ---- */

static void odc_fail_install(int err)
{
	switch (err) {
	case ENOSYS:
		odc_fail("this kernel has no seccomp (CONFIG_SECCOMP)", 0);
		break;
	case EINVAL:
		odc_fail("this kernel has no seccomp user notification (Linux 5.0 or later, "
			 "CONFIG_SECCOMP_FILTER)", 0);
		break;
	case EBUSY:
		odc_fail("another seccomp supervisor already serves this process "
			 "(odcreat --seccomp does not nest)", 0);
		break;
	default:
		odc_fail("cannot install the seccomp filter", err);
	}
}

/*
 * In the child: install the filter, pass its listener's number up, and
 * exec once the supervisor holds the listener. Never returns.
 */
static void odc_child(char **argv, int sock, const sigset_t *mask)
{
	int listener = odc_seccomp_install();
	char go;

	if (write(sock, &listener, sizeof listener) != sizeof listener || listener < 0 ||
	    read(sock, &go, 1) != 1)
		_exit(125);
	close(listener);
	close(sock);
	sigprocmask(SIG_SETMASK, mask, NULL);
	execvp(argv[0], argv);
	int err = errno;
	fprintf(stderr, "odcreat: %s: %s\n", argv[0], strerror(err));
	_exit(err == ENOENT || err == ENOTDIR ? ODC_EXIT_NOT_FOUND : ODC_EXIT_CANNOT_RUN);
}

/*
 * ADDFD (Linux 5.9) with SEND (5.14), asked about a notification that
 * cannot exist: a kernel that has both looks for it and says ENOENT.
 */
static bool odc_can_send_fds(int listener)
{
	struct seccomp_notif_addfd add = {
		.flags = SECCOMP_ADDFD_FLAG_SEND,
		.srcfd = (uint32_t)listener,
	};

	return ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &add) < 0 && errno == ENOENT;
}

/* The child's listener, copied into this process: a descriptor, or -1 after a message. */
static int odc_take_listener(pid_t child, int sock)
{
	int remote;

	if (read(sock, &remote, sizeof remote) != sizeof remote) {
		odc_fail("the child died before installing the filter", 0);
		return -1;
	}
	if (remote < 0) {
		odc_fail_install(-remote);
		return -1;
	}
	int pidfd = pidfd_open(child, 0);
	int listener = pidfd < 0 ? -1 : pidfd_getfd(pidfd, remote, 0);
	if (listener < 0) {
		odc_fail("cannot take the filter's listener from the child (pidfd_getfd, "
			 "Linux 5.6, and ptrace access)", errno);
		return -1;
	}
	close(pidfd);
	if (!odc_can_send_fds(listener)) {
		odc_fail("this kernel cannot hand descriptors to a supervised process "
			 "(SECCOMP_ADDFD_FLAG_SEND, Linux 5.14)", 0);
		close(listener);
		return -1;
	}
	return listener;
}

/* The kernel's notification sizes (Linux 5.0, with user notification): false and errno if none. */
static bool odc_sizes(struct odc_supervisor *s)
{
	struct seccomp_notif_sizes sizes;

	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) < 0)
		return false;
	s->notif_size = sizes.seccomp_notif > sizeof *s->notif ? sizes.seccomp_notif
							     : sizeof *s->notif;
	s->resp_size = sizes.seccomp_notif_resp > sizeof *s->resp ? sizes.seccomp_notif_resp
								  : sizeof *s->resp;
	s->notif = calloc(1, s->notif_size);
	s->resp = calloc(1, s->resp_size);
	return s->notif && s->resp;
}

/* ---- waiting for the tree ---- */

/* The signals odcreat passes on to the command; SIGCHLD says who exited. */
static void odc_signal_set(sigset_t *set)
{
	static const int handled[] = { SIGCHLD, SIGHUP, SIGINT, SIGQUIT, SIGTERM,
				       SIGUSR1, SIGUSR2 };

	sigemptyset(set);
	for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
		sigaddset(set, handled[i]);
}

static void odc_reap(struct odc_supervisor *s)
{
	int status;
	pid_t pid;

	/* Orphans of the tree come here too: odcreat is their subreaper. */
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (pid == s->child) {
			s->child_status = status;
			s->child_reaped = true;
		}
	}
}

/*
 * A signal someone sent odcreat goes on to the command. One the terminal
 * sent reached the command's process group already.
 */
static void odc_take_signals(struct odc_supervisor *s, int sigfd)
{
	struct signalfd_siginfo si;

	while (read(sigfd, &si, sizeof si) == sizeof si) {
		if (si.ssi_signo == SIGCHLD)
			odc_reap(s);
		else if ((si.ssi_code == SI_USER || si.ssi_code == SI_QUEUE) && !s->child_reaped)
			kill(s->child, (int)si.ssi_signo);
	}
}

/* Until the listener hangs up: no process with the filter is left. */
static void odc_serve_tree(struct odc_supervisor *s, int sigfd)
{
	for (;;) {
		struct pollfd p[] = { { .fd = s->listener, .events = POLLIN },
				      { .fd = sigfd, .events = POLLIN } };
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			perror("odcreat: --seccomp: poll");
			break;
		}
		if (p[1].revents & POLLIN)
			odc_take_signals(s, sigfd);
		if (p[0].revents & POLLIN)
			odc_serve(s);
		else if (p[0].revents & (POLLHUP | POLLERR))
			break;
	}
	/* From here on the tree's calls fail with ENOSYS rather than wait for an answer. */
	close(s->listener);
	while (!s->child_reaped && waitpid(s->child, &s->child_status, 0) == s->child)
		s->child_reaped = true;
	odc_reap(s);
}

/* The command's status as odcreat's: a signal that killed it kills odcreat too, without a core. */
static int odc_exit_status(int status)
{
	if (!WIFSIGNALED(status))
		return WEXITSTATUS(status);
	int sig = WTERMSIG(status);
	struct rlimit no_core = { 0, 0 };
	sigset_t set;
	setrlimit(RLIMIT_CORE, &no_core);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	return 128 + sig;
}

int odc_supervise(char **argv, int exit_failed)
{
	struct odc_supervisor s = { .mode = odc_config_mode() };
	sigset_t handled, old_mask;
	int sock[2];

	if (!odc_sizes(&s)) {
		odc_fail_install(errno);
		return exit_failed;
	}
	odc_unreadable = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_NONE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (odc_unreadable == MAP_FAILED || odc_target_init() < 0) {
		odc_fail("cannot read this process's own credentials", errno);
		return exit_failed;
	}
	odc_signal_set(&handled);
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sock) < 0 ||
	    prctl(PR_SET_CHILD_SUBREAPER, 1) < 0 ||
	    sigprocmask(SIG_BLOCK, &handled, &old_mask) < 0) {
		odc_fail("cannot prepare", errno);
		return exit_failed;
	}
	s.child = fork();
	if (s.child < 0) {
		odc_fail("cannot fork", errno);
		return exit_failed;
	}
	if (s.child == 0) {
		close(sock[0]);
		odc_child(argv, sock[1], &old_mask);
	}
	close(sock[1]);
	/* A log on a pipe nobody reads must not kill the supervisor, and the tree's calls with it. */
	signal(SIGPIPE, SIG_IGN);
	s.listener = odc_take_listener(s.child, sock[0]);
	int sigfd = signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
	if (s.listener >= 0 && sigfd < 0) {
		odc_fail("cannot watch signals", errno);
		close(s.listener);
		s.listener = -1;
	}
	if (s.listener < 0) {
		close(sock[0]);	/* the child sees no go-ahead, and exits */
		waitpid(s.child, NULL, 0);
		return exit_failed;
	}
	char go = 1;
	if (write(sock[0], &go, 1) != 1) {
		odc_fail("the child died before it could run the command", errno);
		waitpid(s.child, NULL, 0);
		return exit_failed;
	}
	close(sock[0]);
	odc_serve_tree(&s, sigfd);
	return odc_exit_status(s.child_status);
}
