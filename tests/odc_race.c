/*
 * odc_race: O_CREAT|O_DIRECTORY on a name that another thread keeps
 * swapping with a victim, and a check that the victim never changes.
 *
 *   odc_race [-n CALLS] [-t SECONDS] [-s SWAPS] [-m MODE] [-e] [-L FREE] VICTIM
 *
 * Run it in a directory that holds w/ and, as w/s, the VICTIM: "link" (a
 * symlink to ../victim, a regular file), "dir" (an empty directory) or
 * "file" (a regular file). One thread calls open("w/d", O_RDONLY|O_CREAT|
 * O_DIRECTORY [|O_EXCL with -e], MODE (0333)) CALLS (1000) times, closing
 * what it gets; another exchanges w/d and w/s with renameat2(RENAME_EXCHANGE)
 * for as long as each call lasts. Between calls the swapping pauses, the
 * victim is checked (still there, same owner, mode and size; for "link",
 * the file behind it untouched, ctime included), whatever the call left is
 * removed, and the victim goes back to w/s. -L lowers RLIMIT_NOFILE to
 * leave FREE descriptors free for the call: none, and the call has no
 * descriptor to return; one, and it has just enough. -s goes on past CALLS
 * until the swapper has made SWAPS exchanges, for at most 100 times CALLS
 * calls: on a busy machine the scheduler can keep the two threads apart
 * for a thousand calls. -t ends the calls once SECONDS have passed, if
 * that comes first: there each pause may wait a time slice or more for the
 * swapper, and 10,000 calls took minutes.
 *
 * Prints "calls=N swaps=N victim=intact", and " time=up" where -t ended
 * the calls, and exits 0; or says what changed and exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum phase { RUN, PAUSE, STOP };

static atomic_int phase = PAUSE;
static atomic_long pauses, paused;	/* pauses asked for, and seen by the swapper */
static atomic_long swaps;

static void *swapper(void *arg)
{
	(void)arg;
	for (;;) {
		int now = atomic_load(&phase);
		if (now == STOP)
			return NULL;
		/* Spinning on, not yielding: running when the next call starts. */
		if (now == PAUSE) {
			atomic_store(&paused, atomic_load(&pauses));
			continue;
		}
		if (renameat2(AT_FDCWD, "w/d", AT_FDCWD, "w/s", RENAME_EXCHANGE) == 0)
			atomic_fetch_add(&swaps, 1);
	}
}

/* After a pause, the swapper has finished any exchange it had begun. */
static void set_phase(int next)
{
	if (next != PAUSE) {
		atomic_store(&phase, next);
		return;
	}
	long asked = atomic_fetch_add(&pauses, 1) + 1;
	atomic_store(&phase, PAUSE);
	/* A swapper the scheduler holds back gets this core meanwhile. */
	while (atomic_load(&paused) != asked)
		sched_yield();
}

/* Seconds on the monotonic clock. */
static double seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct victim {
	const char *kind;
	struct stat self;	/* w/s itself, not followed */
	struct stat behind;	/* for "link": ../victim */
};

static bool same_object(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* The name in w/ that holds the victim now, or NULL. */
static const char *find_victim(const struct victim *v)
{
	static const char *const names[] = { "w/d", "w/s" };
	struct stat st;

	for (int i = 0; i < 2; i++)
		if (lstat(names[i], &st) == 0 && same_object(&st, &v->self))
			return names[i];
	return NULL;
}

/* What changed about the victim, or NULL. */
static const char *victim_changed(const struct victim *v, const char *at)
{
	struct stat st;

	if (!at)
		return "vanished";
	if (lstat(at, &st) < 0)
		return "cannot be examined";
	if (st.st_mode != v->self.st_mode || st.st_uid != v->self.st_uid ||
	    st.st_size != v->self.st_size)
		return "mode, owner or size changed";
	if (strcmp(v->kind, "link"))
		return NULL;
	if (stat("victim", &st) < 0 || !same_object(&st, &v->behind))
		return "the file behind the link vanished";
	if (st.st_mode != v->behind.st_mode || st.st_size != v->behind.st_size ||
	    st.st_ctim.tv_sec != v->behind.st_ctim.tv_sec ||
	    st.st_ctim.tv_nsec != v->behind.st_ctim.tv_nsec)
		return "the file behind the link changed (mode, size or ctime)";
	return NULL;
}

/* Remove what the call left (whichever name does not hold the victim), and put the victim back at w/s. */
static int tidy(const char *victim_at)
{
	const char *made = strcmp(victim_at, "w/d") ? "w/d" : "w/s";
	struct stat st;

	if (lstat(made, &st) == 0 && (S_ISDIR(st.st_mode) ? rmdir(made) : unlink(made)) < 0) {
		perror(made);
		return -1;
	}
	if (strcmp(victim_at, "w/s") && rename(victim_at, "w/s") < 0) {
		perror("rename");
		return -1;
	}
	return 0;
}

/* RLIMIT_NOFILE FREE above the lowest free descriptor. */
static void limit_descriptors(int free)
{
	int lowest = dup(0);
	struct rlimit lim;

	close(lowest);
	getrlimit(RLIMIT_NOFILE, &lim);
	lim.rlim_cur = (rlim_t)(lowest + free);
	setrlimit(RLIMIT_NOFILE, &lim);
}

int main(int argc, char **argv)
{
	long calls = 1000, least_swaps = 0;
	double seconds = 0;
	mode_t mode = 0333;
	int flags = O_RDONLY | O_CREAT | O_DIRECTORY | O_CLOEXEC, opt;
	int free_fds = -1;

	while ((opt = getopt(argc, argv, "n:t:s:m:eL:")) != -1) {
		switch (opt) {
		case 'n': calls = atol(optarg); break;
		case 't': seconds = atof(optarg); break;
		case 's': least_swaps = atol(optarg); break;
		case 'm': mode = (mode_t)strtoul(optarg, NULL, 8); break;
		case 'e': flags |= O_EXCL; break;
		case 'L': free_fds = atoi(optarg); break;
		default: return 2;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "usage: odc_race [-n CALLS] [-t SECONDS] [-s SWAPS] [-m MODE] [-e] [-L FREE] "
				"link|dir|file\n");
		return 2;
	}
	struct victim v = { .kind = argv[optind] };
	if (lstat("w/s", &v.self) < 0 || (!strcmp(v.kind, "link") && stat("victim", &v.behind) < 0)) {
		perror("odc_race: w/s or victim");
		return 2;
	}

	pthread_t thread;
	pthread_create(&thread, NULL, swapper, NULL);
	set_phase(PAUSE);
	if (free_fds >= 0)
		limit_descriptors(free_fds);
	double start = seconds_now();
	bool time_up = false;
	long i;
	for (i = 0; i < calls || (atomic_load(&swaps) < least_swaps && i < 100 * calls); i++) {
		if (seconds > 0 && seconds_now() - start >= seconds) {
			time_up = true;
			break;
		}
		set_phase(RUN);
		int fd = open("w/d", flags, mode);
		set_phase(PAUSE);
		if (fd >= 0)
			close(fd);
		const char *at = find_victim(&v);
		const char *why = victim_changed(&v, at);
		if (why) {
			printf("call %ld: the victim %s\n", i + 1, why);
			return 1;
		}
		if (tidy(at) < 0)
			return 1;
	}
	set_phase(STOP);
	pthread_join(thread, NULL);
	printf("calls=%ld swaps=%ld victim=intact%s\n", i, atomic_load(&swaps), time_up ? " time=up" : "");
	return 0;
}
