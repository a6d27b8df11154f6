/*
 * odc_call: make one open call through a named entry point and print what
 * came back and what is left in the current directory.
 *
 *   odc_call [-m MODE] [-u UMASK] [-r RESOLVE] [-s SIZE] [-D FD] [-t THREADS]
 *            [-n TIMES] [-L NOFILE] ENTRY PATH FLAGS
 *
 * ENTRY is open, open64, openat, openat64, openat2, sys_open, sys_openat or
 * sys_openat2. FLAGS is a comma list (creat,directory,excl,...). The *at
 * entries resolve PATH against a descriptor of the current directory after
 * moving to /, so that a dirfd that is not honoured shows.
 *
 * Output: "RESULT DISK". RESULT is fd:dir, fd:file or an errno name; DISK
 * lists the directory's entries as name:dir, name:file (empty), name:data
 * or name:link, or "-" when it is empty. With -t, THREADS threads make the
 * call at once and RESULT counts each outcome and the distinct inodes.
 * -n repeats the call (closing each descriptor) and reports the last; -L
 * lowers RLIMIT_NOFILE for the call only. -s passes an open_how of SIZE
 * bytes, zero beyond the fields this build knows.
 * Exit status 3 means a successful call changed errno.
 */
#include <dirent.h>
#include <errno.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "flags.h"

struct request {
	const char *entry;
	int dirfd;
	const char *path;
	int flags;
	mode_t mode;
	unsigned long long resolve;
	size_t how_size;
};

static long call_entry(const struct request *r)
{
	struct {
		struct open_how how;
		char tail[64];
	} big = { .how = { .flags = (unsigned)r->flags, .resolve = r->resolve } };
	struct open_how *how = &big.how;
	const char *e = r->entry;

	/* As a careful caller would: openat2 refuses a mode nothing is created with. */
	if (r->flags & (O_CREAT | (O_TMPFILE & ~O_DIRECTORY)))
		how->mode = r->mode;

	if (!strcmp(e, "open"))
		return open(r->path, r->flags, r->mode);
	if (!strcmp(e, "open64"))
		return open64(r->path, r->flags, r->mode);
	if (!strcmp(e, "openat"))
		return openat(r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "openat64"))
		return openat64(r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "openat2"))
		return openat2_call(r->dirfd, r->path, how, r->how_size);
	if (!strcmp(e, "sys_open"))
		return syscall(SYS_open, r->path, r->flags, r->mode);
	if (!strcmp(e, "sys_openat"))
		return syscall(SYS_openat, r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "sys_openat2"))
		return syscall(SYS_openat2, r->dirfd, r->path, how, r->how_size);
	fprintf(stderr, "odc_call: unknown entry point %s\n", e);
	exit(2);
}

static bool entry_takes_dirfd(const char *entry)
{
	return strstr(entry, "openat") != NULL;
}

/* "fd:dir", "fd:file" or the errno name; the descriptor is closed. */
static void describe_result(long ret, int err, char *out, size_t len)
{
	struct stat st;

	if (ret < 0) {
		snprintf(out, len, "%s", errno_name(err));
		return;
	}
	if (fstat((int)ret, &st) < 0)
		snprintf(out, len, "fd:?");
	else
		snprintf(out, len, "fd:%s", S_ISDIR(st.st_mode) ? "dir" :
			 S_ISREG(st.st_mode) ? "file" : "other");
	close((int)ret);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int not_dots(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

static void print_disk(int dirfd)
{
	struct dirent **names;
	int n = scandirat(dirfd, ".", &names, not_dots, by_name);

	if (n <= 0) {
		printf(" -");
		return;
	}
	for (int i = 0; i < n; i++) {
		struct stat st;
		const char *kind = "?";
		if (fstatat(dirfd, names[i]->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			kind = S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" :
			       st.st_size ? "data" : "file";
		printf(" %s:%s", names[i]->d_name, kind);
		free(names[i]);
	}
	free(names);
}

/* Threads that make the same call at once. */
#define MAX_THREADS 256

struct racer {
	const struct request *req;
	pthread_barrier_t *start;
	long ret;
	int err;
	struct stat st;
};

static void *race(void *arg)
{
	struct racer *r = arg;

	pthread_barrier_wait(r->start);
	r->ret = call_entry(r->req);
	r->err = errno;
	if (r->ret >= 0)
		fstat((int)r->ret, &r->st);
	return NULL;
}

static int run_race(const struct request *req, int threads)
{
	static struct racer racers[MAX_THREADS];
	pthread_t tid[MAX_THREADS];
	pthread_barrier_t start;
	int fds = 0, inodes = 0;

	pthread_barrier_init(&start, NULL, (unsigned)threads);
	for (int i = 0; i < threads; i++) {
		racers[i] = (struct racer){ .req = req, .start = &start };
		pthread_create(&tid[i], NULL, race, &racers[i]);
	}
	for (int i = 0; i < threads; i++)
		pthread_join(tid[i], NULL);

	for (int i = 0; i < threads; i++) {
		if (racers[i].ret < 0)
			continue;
		fds++;
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen |= racers[j].ret >= 0 && racers[j].st.st_ino == racers[i].st.st_ino;
		inodes += !seen;
		close((int)racers[i].ret);
	}
	printf("fds=%d inodes=%d errors=", fds, inodes);
	const char *sep = "";
	for (int i = 0; i < threads; i++) {
		if (racers[i].ret >= 0)
			continue;
		printf("%s%s", sep, errno_name(racers[i].err));
		sep = ",";
	}
	printf("%s\n", *sep ? "" : "none");
	return 0;
}

int main(int argc, char **argv)
{
	struct request req = { .dirfd = AT_FDCWD, .mode = 0755,
			       .how_size = sizeof(struct open_how) };
	int threads = 0, times = 1, nofile = 0, opt, dirfd_override = -1;
	bool have_dirfd = false;

	while ((opt = getopt(argc, argv, "m:u:r:s:D:t:n:L:")) != -1) {
		switch (opt) {
		case 'm': req.mode = (mode_t)strtoul(optarg, NULL, 8); break;
		case 'u': umask((mode_t)strtoul(optarg, NULL, 8)); break;
		case 'r': req.resolve = parse_resolve(optarg); break;
		case 's': req.how_size = strtoul(optarg, NULL, 0); break;
		case 'D': dirfd_override = atoi(optarg); have_dirfd = true; break;
		case 't': threads = atoi(optarg); break;
		case 'n': times = atoi(optarg); break;
		case 'L': nofile = atoi(optarg); break;
		default: return 2;
		}
	}
	if (argc - optind != 3 || threads > MAX_THREADS || times < 1) {
		fprintf(stderr, "usage: odc_call [options] ENTRY PATH FLAGS\n");
		return 2;
	}
	req.entry = argv[optind];
	req.path = argv[optind + 1];
	req.flags = parse_flags(argv[optind + 2]);

	int here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (here < 0) {
		perror("odc_call: .");
		return 2;
	}
	if (entry_takes_dirfd(req.entry)) {
		req.dirfd = have_dirfd ? dirfd_override : here;
		if (chdir("/") < 0)
			return 2;
	}
	if (threads > 0)
		return run_race(&req, threads);

	for (int i = 1; i < times; i++) {
		long fd = call_entry(&req);
		if (fd >= 0)
			close((int)fd);
	}

	struct rlimit saved, lowered = { .rlim_cur = (rlim_t)nofile };
	getrlimit(RLIMIT_NOFILE, &saved);
	lowered.rlim_max = saved.rlim_max;
	if (nofile)
		setrlimit(RLIMIT_NOFILE, &lowered);
	errno = EDOM;
	long ret = call_entry(&req);
	int err = errno;
	setrlimit(RLIMIT_NOFILE, &saved);
	char result[32];

	describe_result(ret, err, result, sizeof result);
	printf("%s", result);
	print_disk(here);
	printf("\n");
	return ret >= 0 && err != EDOM ? 3 : 0;
}
