/*
 * The seccomp supervisor's life: the command runs as its child, with the
 * filter (filter.c) installed just before exec (start.c); the filter's
 * listener comes back to this process, which answers each call (serve.c)
 * until no process of the tree is left, then exits with the command's
 * status.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_exec.h"
#include "odc_exit.h"
#include "odc_log.h"
#include "odc_seccomp_abi.h"
#include "odc_seccomp.h"
#include "odc_serve.h"
#include "odc_start.h"
#include "odc_supervise.h"
#include "odc_target.h"

struct odc_supervisor {
	struct odc_server server;
	pid_t child;
	int child_status;
	bool child_reaped;
};

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
		struct pollfd p[] = { { .fd = s->server.listener, .events = POLLIN },
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
			odc_serve(&s->server);
		else if (p[0].revents & (POLLHUP | POLLERR))
			break;
	}
	/* From here on the tree's calls fail with ENOSYS rather than wait for an answer. */
	close(s->server.listener);
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

int odc_supervise(char **argv)
{
	struct odc_supervisor s = { .child = 0 };
	sigset_t handled, old_mask;
	int sock[2];
	int err = odc_server_init(&s.server, odc_config_mode(), odc_config_log());

	if (err < 0) {
		odc_fail_install(-err);
		return ODC_EXIT_FAILED;
	}
	if (odc_target_init() < 0) {
		odc_fail("cannot read this process's own credentials", errno);
		return ODC_EXIT_FAILED;
	}
	odc_signal_set(&handled);
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sock) < 0 ||
	    prctl(PR_SET_CHILD_SUBREAPER, 1) < 0 ||
	    sigprocmask(SIG_BLOCK, &handled, &old_mask) < 0) {
		odc_fail("cannot prepare", errno);
		return ODC_EXIT_FAILED;
	}
	s.child = fork();
	if (s.child < 0) {
		odc_fail("cannot fork", errno);
		return ODC_EXIT_FAILED;
	}
	if (s.child == 0) {
		close(sock[0]);
		odc_child(argv, sock[1], &old_mask, s.server.unlogged_einval);
	}
	close(sock[1]);
	/*
	 * A log on a pipe nobody reads, or a log file at the file-size limit,
	 * must not kill the supervisor, and the tree's calls with it.
	 */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	int listener = odc_take_listener(s.child, sock[0], &s.server.add_sends);
	int sigfd = signalfd(-1, &handled, SFD_CLOEXEC | SFD_NONBLOCK);
	if (listener >= 0 && sigfd < 0) {
		odc_fail("cannot watch signals", errno);
		close(listener);
		listener = -1;
	}
	if (listener < 0) {
		close(sock[0]);	/* the child sees no go-ahead, and exits */
		waitpid(s.child, NULL, 0);
		return ODC_EXIT_FAILED;
	}
	char go = 1;
	if (write(sock[0], &go, 1) != 1) {
		odc_fail("the child died before it could run the command", errno);
		waitpid(s.child, NULL, 0);
		return ODC_EXIT_FAILED;
	}
	close(sock[0]);
	odc_sync_wake_up(listener);
	s.server.listener = listener;
	odc_serve_tree(&s, sigfd);
	odc_log_settle(&s.server.log);
	return odc_exit_status(s.child_status);
}

