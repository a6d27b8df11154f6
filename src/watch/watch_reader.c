/*
 * The readers, as the watcher has them: each look into a caller's process
 * is made by a reader of its own (watch_inside.c), odcreat-watch started
 * anew by exec, holding nothing of the watcher's but the socket it is
 * asked on. The caller's root is the caller's to fill: a FIFO, or a FUSE
 * file system that never answers, holds its reader, never the watcher,
 * which gives the look up after ODC_WATCH_LOOK_MS, kills the reader and
 * leaves it to end when the file system lets it go: it is reaped then
 * (odc_readers_reap), never waited for. What one person's looks (a
 * record's owner) may cost everyone else is bounded: ODC_READERS_HELD
 * readers given up and not yet ended, and a tenth of the watcher's time,
 * of which a look bound's worth at once: a look may take what is left of
 * it, so that no person's looks hold the others' lines longer than one
 * look bound at once. Beyond either, its looks are not made, counted, and
 * its lines say why (held, slow).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "odc_say.h"
#include "odc_watch_proc.h"

/* The longest a look may take. */
#define ODC_WATCH_LOOK_MS 500
/* A person's looks may take a tenth of the watcher's time (charged ten times what they take)... */
#define ODC_LOOK_SHARE 10
/* ... running this far ahead of that pace: one look bound's worth at once. */
#define ODC_LOOK_AHEAD_NS (ODC_LOOK_SHARE * ODC_WATCH_LOOK_MS * 1000000LL)
/* A look given less time than this is not made: a reader's start takes about 1 ms. */
#define ODC_LOOK_MIN_MS 5
/* The most readers of one person's that were given up and have not ended. */
#define ODC_READERS_HELD 2
/* The persons remembered at once: those with readers held, or looks not yet paid for. */
#define ODC_LOOKERS 64

static struct odc_looker {
	unsigned long long owner;
	long long due;	/* when its looks are paid for, on the monotonic clock */
	pid_t held[ODC_READERS_HELD];	/* its readers given up and not ended; 0: none */
} odc_lookers[ODC_LOOKERS];

/* Looks not made: their person's readers held (or no room to remember it), or its looks slow. */
static unsigned long long odc_looks_held, odc_looks_slow;

/* What a reader may answer why, by name: a pointer of its own means nothing after an exec. */
static const char *const odc_reader_whys[] = { "root", "changed", "ids", "moved", "gone", "unreachable" };

static long long odc_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return odc_watch_ns(t);
}

static int odc_held(const struct odc_looker *l)
{
	int n = 0;

	for (int i = 0; i < ODC_READERS_HELD; i++)
		n += l->held[i] != 0;
	return n;
}

/* OWNER's looker, or a free one (nothing held, all paid) made its; NULL where none is free. */
static struct odc_looker *odc_looker(unsigned long long owner, long long now)
{
	struct odc_looker *free = NULL;

	for (int i = 0; i < ODC_LOOKERS; i++) {
		struct odc_looker *l = &odc_lookers[i];
		if (l->owner == owner && (l->due > now || odc_held(l)))
			return l;
		if (!free && l->due <= now && !odc_held(l))
			free = l;
	}
	if (free)
		*free = (struct odc_looker){ .owner = owner, .due = now };
	return free;
}

/* How long L's person's next look may take: what is left of its share, at most the look bound. */
static int odc_looker_room_ms(const struct odc_looker *l, long long now)
{
	long long room = (now + ODC_LOOK_AHEAD_NS - l->due) / ODC_LOOK_SHARE / 1000000;

	return room < ODC_WATCH_LOOK_MS ? (int)room : ODC_WATCH_LOOK_MS;
}

/* Why L's person may not have a look now, or NULL. */
static const char *odc_looker_refuses(const struct odc_looker *l, long long now)
{
	if (!l || odc_held(l) == ODC_READERS_HELD) {
		odc_looks_held++;
		return "held";
	}
	if (odc_looker_room_ms(l, now) < ODC_LOOK_MIN_MS) {
		odc_looks_slow++;
		return "slow";
	}
	return NULL;
}

/*
 * A reader started, with nothing but its end of a new socket as its
 * descriptor 0, no environment and every signal as a new process has it:
 * its pid, and the watcher's end in *SOCK; or -1.
 */
static pid_t odc_reader_spawn(int *sock)
{
	static char *const argv[] = { "odcreat-watch", ODC_READER_ARG, NULL };
	static char *const envp[] = { NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, all;
	int pair[2];
	pid_t pid = -1;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) < 0)
		return -1;
	sigemptyset(&none);
	sigfillset(&all);
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&attr);
	if (posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) ||
	    posix_spawnattr_setsigmask(&attr, &none) || posix_spawnattr_setsigdefault(&attr, &all) ||
	    posix_spawn_file_actions_adddup2(&fa, pair[1], 0) || posix_spawn_file_actions_addclosefrom_np(&fa, 1) ||
	    posix_spawn(&pid, "/proc/self/exe", &fa, &attr, argv, envp))
		pid = -1;
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(pair[1]);
	if (pid < 0)
		close(pair[0]);
	else
		*sock = pair[0];
	return pid;
}

/* ASK, with H's descriptors, sent on SOCK: whether it was. */
static bool odc_reader_ask(int sock, const struct odc_reader_ask *ask, const struct odc_watch_held *h)
{
	int fds[4] = { h->root, h->dir, h->proc, h->cwd };
	size_t n = h->cwd >= 0 ? 4 : 3;	/* the working directory last, where held */
	union {
		struct cmsghdr h;
		char room[CMSG_SPACE(sizeof fds)];
	} control = { 0 };
	struct iovec iov = { .iov_base = (void *)ask, .iov_len = sizeof *ask };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
			      .msg_controllen = CMSG_SPACE(n * sizeof(int)) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(c), fds, n * sizeof(int));
	return sendmsg(sock, &msg, MSG_NOSIGNAL) == sizeof *ask;
}

/* The reader's answer on SOCK, within MS, into LOOK: NULL, or why there is none. */
static const char *odc_reader_answer(int sock, int ms, struct odc_watch_look *look)
{
	static struct odc_reader_answer a;
	struct pollfd p = { .fd = sock, .events = POLLIN };

	if (poll(&p, 1, ms) != 1)
		return "stuck";
	if (recv(sock, &a, sizeof a, 0) != sizeof a)
		return "reader";	/* it ended without answering */
	*look = a.look;
	look->unread = NULL;
	a.unread[sizeof a.unread - 1] = '\0';
	for (size_t i = 0; a.unread[0] && i < sizeof odc_reader_whys / sizeof odc_reader_whys[0]; i++)
		if (strcmp(a.unread, odc_reader_whys[i]) == 0)
			look->unread = odc_reader_whys[i];
	return a.unread[0] && !look->unread ? "reader" : look->unread;
}

/* Reader PID, which did not answer, killed and held against L until it ends. */
static void odc_reader_give_up(struct odc_looker *l, pid_t pid)
{
	kill(pid, SIGKILL);
	for (int i = 0; i < ODC_READERS_HELD; i++)
		if (!l->held[i]) {
			l->held[i] = pid;
			return;
		}
}

void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h, const char *script,
		     struct odc_watch_look *look)
{
	static struct odc_reader_ask ask;
	long long start = odc_now();
	struct odc_looker *l = odc_looker(e->owner, start);
	int sock = -1;

	odc_readers_reap();
	ask = (struct odc_reader_ask){ .e = *e, .call_ns = h->call_ns, .state = h->state, .named = h->named };
	odc_watch_forget_args(&ask.e);
	if (script)
		memcpy(ask.script, script, strlen(script) + 1);	/* shorter than ODC_WATCH_ARGS_MAX */
	ask.ngroups = odc_watch_groups(e, h, ask.groups, ODC_WATCH_GROUPS);
	if (ask.ngroups < 0) {
		look->unread = "groups";
		return;
	}
	if ((look->unread = odc_looker_refuses(l, start)))
		return;
	pid_t pid = odc_reader_spawn(&sock);
	if (pid < 0) {
		look->unread = "reader";
		return;
	}
	look->unread = odc_reader_ask(sock, &ask, h) ? odc_reader_answer(sock, odc_looker_room_ms(l, start), look)
						     : "reader";
	close(sock);
	if (look->unread && strcmp(look->unread, "stuck") == 0)
		odc_reader_give_up(l, pid);
	long long end = odc_now();
	l->due = (l->due > start ? l->due : start) + (end - start) * ODC_LOOK_SHARE;
}

void odc_readers_reap(void)
{
	pid_t pid;

	while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
		for (int i = 0; i < ODC_LOOKERS; i++)
			for (int j = 0; j < ODC_READERS_HELD; j++)
				if (odc_lookers[i].held[j] == pid)
					odc_lookers[i].held[j] = 0;
}

void odc_readers_say(void)
{
	if (odc_looks_held || odc_looks_slow)
		odc_say("odcreat-watch: %llu looks not made: their person's readers were held (%llu), "
				"or its looks slow (%llu)\n",
			odc_looks_held + odc_looks_slow, odc_looks_held, odc_looks_slow);
}
