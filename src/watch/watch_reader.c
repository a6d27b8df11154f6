/*
 * The reader: one process of the watcher's that looks into callers' roots
 * (odc_look_inside), one look at a time, so that a look costs two messages
 * on a socket rather than a fork. It enters each caller's root and takes
 * its ids for the look alone, then comes back to its own: the watcher's
 * root, ids and groups, as at its start. The caller's root is the
 * caller's to fill: a FIFO where the state's reading opens a file, or a
 * FUSE mount that never answers, holds the reader, never the watcher,
 * which gives a look up after ODC_WATCH_LOOK_MS, kills that reader and
 * starts another for the next.
 */
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "odc_watch_proc.h"

/* The longest a look may take. */
#define ODC_WATCH_LOOK_MS 500

/* A look asked of the reader; the caller's descriptors travel beside it. */
struct odc_reader_ask {
	struct odc_watch_event e;
	long long call_ns;
	bool state, exe;	/* exe: the executable's descriptor is among them */
	bool named;	/* struct odc_watch_held's */
};

/* What the reader comes back to after each look: the watcher's own. */
struct odc_reader_self {
	int root;
	uid_t euid;
	gid_t egid;
	gid_t groups[256];
	int ngroups;
};

static pid_t odc_reader_pid;
static int odc_reader_sock = -1;

/* Back to SELF's root, ids and groups (ids first: entering a root needs root's). */
static bool odc_reader_home(const struct odc_reader_self *self)
{
	return seteuid(self->euid) == 0 && setegid(self->egid) == 0 &&
	       setgroups((size_t)self->ngroups, self->groups) == 0 && fchdir(self->root) == 0 &&
	       chroot(".") == 0;
}

/* One look asked on SOCK and answered: false where the watcher has gone. */
static bool odc_reader_one(int sock, const struct odc_reader_self *self)
{
	static struct odc_reader_ask ask;
	static struct odc_watch_look look;
	union {
		struct cmsghdr h;
		char room[CMSG_SPACE(4 * sizeof(int))];
	} control;
	struct iovec iov = { .iov_base = &ask, .iov_len = sizeof ask };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
			      .msg_controllen = sizeof control };
	int fds[4] = { -1, -1, -1, -1 };

	if (recvmsg(sock, &msg, MSG_CMSG_CLOEXEC) != sizeof ask)
		return false;
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	if (c && c->cmsg_type == SCM_RIGHTS)
		memcpy(fds, CMSG_DATA(c), c->cmsg_len - CMSG_LEN(0));
	struct odc_watch_held h = { .root = fds[0], .dir = fds[1], .proc = fds[2],
				    .exe = ask.exe ? fds[3] : -1, .call_ns = ask.call_ns,
				    .state = ask.state, .named = ask.named };
	look = (struct odc_watch_look){ .found.state = ODC_STATE_UNREAD };
	odc_look_inside(&ask.e, &h, &look);
	for (int i = 0; i < 4; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	/* A reader that cannot come back home must look no more. */
	return odc_reader_home(self) && send(sock, &look, sizeof look, MSG_NOSIGNAL) == sizeof look;
}

static void odc_reader_serve(int sock)
{
	struct odc_reader_self self = { .euid = geteuid(), .egid = getegid() };

	/* It ends with the watcher (its socket's end, or the watcher's death), not at a signal to both. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	self.ngroups = getgroups(256, self.groups);
	self.root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (self.ngroups < 0 || self.root < 0)
		_exit(1);
	while (odc_reader_one(sock, &self))
		;
	_exit(0);
}

bool odc_reader_start(void)
{
	int pair[2];

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) < 0)
		return false;
	pid_t pid = fork();
	if (pid == 0) {
		close(pair[0]);
		odc_reader_serve(pair[1]);
	}
	close(pair[1]);
	if (pid < 0) {
		close(pair[0]);
		return false;
	}
	odc_reader_pid = pid;
	odc_reader_sock = pair[0];
	return true;
}

static void odc_reader_stop(void)
{
	kill(odc_reader_pid, SIGKILL);
	waitpid(odc_reader_pid, NULL, 0);
	close(odc_reader_sock);
	odc_reader_sock = -1;
}

/* The look asked, with H's descriptors: whether it was sent. */
static bool odc_reader_ask(const struct odc_watch_event *e, const struct odc_watch_held *h)
{
	struct odc_reader_ask ask = { .e = *e, .call_ns = h->call_ns, .state = h->state,
				      .exe = h->exe >= 0, .named = h->named };
	int fds[4] = { h->root, h->dir, h->proc, h->exe };
	size_t n = ask.exe ? 4 : 3;
	union {
		struct cmsghdr h;
		char room[CMSG_SPACE(4 * sizeof(int))];
	} control = { 0 };
	struct iovec iov = { .iov_base = &ask, .iov_len = sizeof ask };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
			      .msg_controllen = CMSG_SPACE(n * sizeof(int)) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(c), fds, n * sizeof(int));
	return sendmsg(odc_reader_sock, &msg, MSG_NOSIGNAL) == sizeof ask;
}

void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look)
{
	struct pollfd p = { .events = POLLIN };

	if (odc_reader_sock < 0 && !odc_reader_start()) {
		look->unread = "reader";
		return;
	}
	p.fd = odc_reader_sock;
	if (!odc_reader_ask(e, h)) {
		look->unread = "reader";
	} else if (poll(&p, 1, ODC_WATCH_LOOK_MS) != 1) {
		look->unread = "stuck";
	} else if (recv(odc_reader_sock, look, sizeof *look, 0) == sizeof *look) {
		return;
	} else {
		look->unread = "reader";	/* it could not come back from the caller's root */
	}
	odc_reader_stop();
}
