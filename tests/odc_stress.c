/*
 * odc_stress: O_CREAT|O_DIRECTORY from the awkward places a preloaded
 * library must survive. Run it in an empty directory under the shim.
 *
 *   odc_stress signal N [US]  a timer signal's handler makes the call while
 *                             the main flow makes the same call, at least N
 *                             times and until the handler has run N times;
 *                             the timer fires every US microseconds (50)
 *   odc_stress vfork          the call in a vfork child before exec, and
 *                             in the parent before and after it
 *   odc_stress fork-threads N fork while N threads make the call; the child
 *                             makes it too
 *
 * Each prints one line naming the outcomes seen (fd:dir, fd:file or errno
 * names, each once) and exits 0, or says what went wrong and exits 1. Every
 * descriptor the calls return is closed, and the number of open descriptors
 * must be the same at the end as at the start; with ODC_STRESS_LEAKS=say
 * in the environment, a difference is said on standard error instead (a
 * kernel that lets a descriptor arrive before the call's answer: README).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#define DIR_FLAGS (O_RDONLY | O_CREAT | O_DIRECTORY | O_CLOEXEC)

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* Outcomes as bits: 0 for fd:dir, 1 for fd:file, 2 + errno for a failure. */
typedef unsigned long long outcomes;

static outcomes outcome_of(int fd, int err)
{
	struct stat st;
	int bit = fd < 0 ? 2 + err : fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : 1;

	if (fd >= 0)
		close(fd);
	return 1ULL << (bit < 64 ? bit : 63);
}

/* One call; async-signal-safe. */
static outcomes make_dir(const char *name, int flags)
{
	int fd = open(name, flags, 0755);

	return outcome_of(fd, errno);
}

static void print_outcomes(const char *label, outcomes seen)
{
	const char *sep = "";

	printf("%s=", label);
	for (int bit = 0; bit < 64; bit++) {
		if (!(seen & (1ULL << bit)))
			continue;
		printf("%s%s", sep, bit == 0 ? "fd:dir" : bit == 1 ? "fd:file" :
		       strerrorname_np(bit - 2));
		sep = ",";
	}
	printf("%s", *sep ? "" : "none");
}

static volatile outcomes handler_seen;
static volatile sig_atomic_t handler_calls, handler_errno_changed;

static void on_alarm(int sig)
{
	int saved = errno;

	(void)sig;
	errno = EDOM;
	outcomes got = make_dir("from-handler", DIR_FLAGS);
	/* Only a successful call must leave errno alone. */
	handler_errno_changed += (got & 3) && errno != EDOM;
	handler_seen |= got;
	handler_calls++;
	errno = saved;
}

static int run_signal(int n, long usec)
{
	struct sigaction sa = { .sa_handler = on_alarm, .sa_flags = SA_RESTART };
	struct itimerval every = { { 0, usec }, { 0, usec } };
	outcomes seen = 0;

	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &every, NULL);
	for (long i = 0; i < n || (handler_calls < n && i < 1000L * 1000 * 1000); i++)
		seen |= make_dir("from-main", DIR_FLAGS);
	setitimer(ITIMER_REAL, &(struct itimerval){ 0 }, NULL);
	print_outcomes("main", seen);
	print_outcomes(" handler", handler_seen);
	printf(" interrupted=%s errno-kept=%s\n", handler_calls >= n ? "yes" : "no",
	       handler_errno_changed ? "no" : "yes");
	return handler_calls >= n && !handler_errno_changed ? 0 : 1;
}

/* The call on NAME, its outcome left unseen. */
static void call_only(const char *name)
{
	int fd = open(name, DIR_FLAGS, 0755);

	if (fd >= 0)
		close(fd);
}

static int run_vfork(void)
{
	call_only("before-vfork");
	pid_t pid = vfork();

	if (pid == 0) {
		int fd = open("from-vfork", DIR_FLAGS, 0755);
		/* The outcome as an exit status: 0 dir, 1 file, 2 + errno. */
		struct stat st;
		_exit(fd < 0 ? 2 + errno : fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : 1);
	}
	int status;
	waitpid(pid, &status, 0);
	call_only("after-vfork");
	if (!WIFEXITED(status)) {
		printf("vfork child died\n");
		return 1;
	}
	print_outcomes("vfork", 1ULL << WEXITSTATUS(status));
	printf("\n");
	return 0;
}

static volatile int stop_threads;

static void *keep_calling(void *arg)
{
	outcomes seen = 0;

	(void)arg;
	while (!stop_threads)
		seen |= make_dir("from-thread", DIR_FLAGS);
	return (void *)(uintptr_t)seen;
}

static int run_fork_threads(int n)
{
	pthread_t tid[64];
	outcomes children = 0, threads = 0;
	int forks = 20;

	for (int i = 0; i < n; i++)
		pthread_create(&tid[i], NULL, keep_calling, NULL);
	for (int i = 0; i < forks; i++) {
		pid_t pid = fork();
		if (pid == 0) {
			outcomes got = make_dir("from-child", DIR_FLAGS);
			_exit(__builtin_ctzll(got));
		}
		int status;
		waitpid(pid, &status, 0);
		if (!WIFEXITED(status)) {
			printf("a child forked beside running threads died\n");
			return 1;
		}
		children |= 1ULL << WEXITSTATUS(status);
	}
	stop_threads = 1;
	for (int i = 0; i < n; i++) {
		void *seen;
		pthread_join(tid[i], &seen);
		threads |= (outcomes)(uintptr_t)seen;
	}
	print_outcomes("children", children);
	print_outcomes(" threads", threads);
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 2 ? atoi(argv[2]) : 0;
	int before = count_fds(), status;

	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "signal"))
		status = run_signal(n, argc > 3 ? atol(argv[3]) : 50);
	else if (!strcmp(argv[1], "vfork"))
		status = run_vfork();
	else if (!strcmp(argv[1], "fork-threads") && n > 0 && n <= 64)
		status = run_fork_threads(n);
	else
		return 2;
	if (count_fds() != before && getenv("ODC_STRESS_LEAKS")) {
		fprintf(stderr, "descriptors leaked: %d\n", count_fds() - before);
	} else if (count_fds() != before) {
		printf("descriptors leaked: %d before, %d after\n", before, count_fds());
		return 1;
	}
	return status;
}
