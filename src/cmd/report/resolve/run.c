/*
 * The drill-down's call sites resolved within one deadline for them all:
 * a child for each (child.c), a few at once, each given at most
 * ODC_RESOLVE_SITE_SECONDS and none past the deadline. report only waits
 * on their pipes, never on them: a child held in a file system that
 * never answers (FUSE) may not die when killed, so it is killed and left,
 * and reaped where it has ended by the end. Every site left unresolved is
 * said why, the deadline too.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "odc_report_grow.h"
#include "odc_report_record.h"
#include "odc_report_resolve.h"
#include "odc_resolve.h"

#define ODC_RESOLVE_AT_ONCE 4

struct odc_job {
	char *site;
	long long uid;
	struct odc_resolved r;
};

/* The drill-down's answers: one drill-down a run, whose printing asks for them by site. */
static struct odc_job *odc_jobs;
static size_t odc_job_count;

struct odc_slot {
	pid_t pid;
	int fd;
	size_t job, got;
	long long end;		/* its deadline, in ms of CLOCK_MONOTONIC */
	struct odc_answer a;
};

static long long odc_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The whole deadline: 30 s, or fewer where ODCREAT_RESOLVE_SECONDS says (never more). */
static unsigned odc_deadline(void)
{
	const char *s = getenv("ODCREAT_RESOLVE_SECONDS");
	char *end;
	long n = s ? strtol(s, &end, 10) : 0;

	return s && *s && !*end && n > 0 && n < ODC_RESOLVE_SECONDS ? (unsigned)n : ODC_RESOLVE_SECONDS;
}

static void odc_unresolved(struct odc_job *j, const char *why)
{
	odc_report_canon(j->r.reason, sizeof j->r.reason, why, strlen(why), false);
	j->r.function[0] = j->r.source[0] = '\0';
	j->r.why = j->r.reason;
}

/* Job J's child started in slot S, its deadline END: false where there is none to start. */
static bool odc_start(struct odc_slot *s, size_t j, long long end, unsigned seconds)
{
	char path[PATH_MAX];
	uint64_t offset;
	int pipefd[2];

	if (!odc_site_parse(odc_jobs[j].site, path, sizeof path, &offset)) {
		odc_unresolved(&odc_jobs[j], "no offset in a file: not a file's code");
		return false;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		odc_unresolved(&odc_jobs[j], strerror(errno));
		return false;
	}
	pid_t pid = fork();
	if (pid == 0)
		odc_resolve_child(pipefd[1], path, offset, odc_jobs[j].uid, seconds);
	close(pipefd[1]);
	if (pid < 0) {
		odc_unresolved(&odc_jobs[j], strerror(errno));
		close(pipefd[0]);
		return false;
	}
	*s = (struct odc_slot){ .pid = pid, .fd = pipefd[0], .job = j, .end = end };
	return true;
}

/* Slot S done: its answer taken where whole, else WHY; its child killed where it lives on. */
static void odc_finish(struct odc_slot *s, const char *why)
{
	struct odc_job *j = &odc_jobs[s->job];
	struct odc_answer *a = &s->a;

	kill(s->pid, SIGKILL);
	waitpid(s->pid, NULL, WNOHANG);
	close(s->fd);
	s->pid = 0;
	a->function[sizeof a->function - 1] = a->source[sizeof a->source - 1] = a->why[sizeof a->why - 1] = '\0';
	if (why || s->got < sizeof *a) {
		odc_unresolved(j, why ? why : "its resolver ended without an answer");
	} else if (a->why[0]) {
		odc_unresolved(j, a->why);
	} else {
		odc_report_canon(j->r.function, sizeof j->r.function, a->function, strlen(a->function), false);
		odc_report_canon(j->r.source, sizeof j->r.source, a->source, strlen(a->source), false);
		j->r.why = NULL;
	}
}

/* What slot S's child wrote, taken; finished at its end. */
static void odc_take_answer(struct odc_slot *s)
{
	ssize_t got = read(s->fd, (char *)&s->a + s->got, sizeof s->a - s->got);

	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got > 0)
		s->got += (size_t)got;
	if (got <= 0 || s->got == sizeof s->a)
		odc_finish(s, NULL);
}

/* The jobs from the first, a few at once, until all are done or the deadline has passed. */
static void odc_run(unsigned total)
{
	struct odc_slot slots[ODC_RESOLVE_AT_ONCE] = { 0 };
	unsigned each = total < ODC_RESOLVE_SITE_SECONDS ? total : ODC_RESOLVE_SITE_SECONDS;
	long long now = odc_now(), end = now + total * 1000LL;
	size_t next = 0;
	char why[96];

	for (;;) {
		for (size_t i = 0; i < ODC_RESOLVE_AT_ONCE && next < odc_job_count && now < end; i++) {
			long long mine = now + each * 1000LL < end ? now + each * 1000LL : end;
			while (!slots[i].pid && next < odc_job_count && !odc_start(&slots[i], next++, mine, each))
				;
		}
		struct pollfd p[ODC_RESOLVE_AT_ONCE];
		long long soonest = end;
		size_t running = 0;
		for (size_t i = 0; i < ODC_RESOLVE_AT_ONCE; i++) {
			p[i] = (struct pollfd){ .fd = slots[i].pid ? slots[i].fd : -1, .events = POLLIN };
			running += slots[i].pid != 0;
			if (slots[i].pid && slots[i].end < soonest)
				soonest = slots[i].end;
		}
		if (!running)
			break;
		if (poll(p, ODC_RESOLVE_AT_ONCE, soonest > now ? (int)(soonest - now) : 0) < 0 && errno != EINTR) {
			snprintf(why, sizeof why, "report could not wait for it: %s", strerror(errno));
			for (size_t i = 0; i < ODC_RESOLVE_AT_ONCE; i++)
				if (slots[i].pid)
					odc_finish(&slots[i], why);
			break;
		}
		now = odc_now();
		for (size_t i = 0; i < ODC_RESOLVE_AT_ONCE; i++) {
			if (slots[i].pid && (p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				odc_take_answer(&slots[i]);
			if (!slots[i].pid || now < slots[i].end)
				continue;
			if (slots[i].end == end)
				snprintf(why, sizeof why, "the drill-down's %u s ran out", total);
			else
				snprintf(why, sizeof why, "it took longer than a site's %u s", each);
			odc_finish(&slots[i], why);
		}
	}
	snprintf(why, sizeof why, "the drill-down's %u s ran out before its turn", total);
	for (; next < odc_job_count; next++)
		odc_unresolved(&odc_jobs[next], why);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

void odc_resolve_all(const struct odc_site_rights *sites, size_t n)
{
	for (size_t i = 0; i < odc_job_count; i++)
		free(odc_jobs[i].site);
	free(odc_jobs);
	odc_jobs = odc_report_grow(NULL, (n ? n : 1) * sizeof *odc_jobs);
	for (size_t i = 0; i < n; i++) {
		odc_jobs[i] = (struct odc_job){ .site = odc_report_grow(NULL, strlen(sites[i].site) + 1),
						.uid = sites[i].uid };
		strcpy(odc_jobs[i].site, sites[i].site);
	}
	odc_job_count = n;
	odc_run(odc_deadline());
}

void odc_resolve(const char *site, struct odc_resolved *out)
{
	for (size_t i = 0; i < odc_job_count; i++) {
		if (strcmp(odc_jobs[i].site, site) == 0) {
			*out = odc_jobs[i].r;
			if (out->why)
				out->why = out->reason;
			return;
		}
	}
	*out = (struct odc_resolved){ .why = "not among the sites resolved" };
}
