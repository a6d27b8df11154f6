/*
 * odc_call: make one open call through a named entry point and print what
 * came back and what is left in the current directory.
 *
 *   odc_call [-m MODE] [-u UMASK] [-r RESOLVE] [-s SIZE] [-D FD] [-t THREADS]
 *            [-P PROCESSES] [-n TIMES] [-L NOFILE] [-c] [-N] [-B KIND] [-H KIND]
 *            [-S | -Z] [-W] ENTRY PATH FLAGS
 *
 * ENTRY is open, open64, openat, openat64, openat2, sys_open, sys_openat,
 * sys_openat2 or (x86-64) x32_openat. FLAGS is a comma list (creat,directory,excl,...). The *at
 * entries resolve PATH against a descriptor of the current directory after
 * moving to /, so that a dirfd that is not honoured shows.
 *
 * Output: "RESULT DISK". RESULT is fd:dir, fd:file or an errno name; DISK
 * lists the directory's entries as name:dir, name:file (empty), name:data
 * or name:link, or "-" when it is empty. With -t or -P, that many threads or
 * processes make the call at once, and the line counts the descriptors, the
 * distinct inodes they refer to, and the errors.
 * -n repeats the call (closing each descriptor) and reports the last, in
 * each thread with -t; -L
 * lowers RLIMIT_NOFILE for the call only; -c adds "+cloexec" to a
 * descriptor that has FD_CLOEXEC; -N makes the process non-dumpable, so
 * that only a privileged process may read its memory. -s passes an open_how of SIZE
 * bytes, zero beyond the fields this build knows.
 * -B replaces the path, and -H the open_how, by a pointer the caller may
 * not read, of KIND: null; unmapped (in a page just unmapped); cross (its
 * bytes run from a readable page into an unmapped one: a path of "a"s with
 * no NUL before the gap, an open_how whose flags are readable and the rest
 * is not); or kernel (an address in the kernel's half).
 * -S, with every descriptor from 3 up closed first, makes open(2)'s own
 * example of the lowest descriptor: a = the call, b = the call, close(a),
 * c = the call, d = open("/"), and prints "a b c d" alone; -Z closes
 * standard input first, too. -W, once its line is out, waits for the end
 * of standard input before it exits: a logging daemon that reads a
 * sender's /proc as each message arrives still finds it there.
 * A call that leaves a descriptor open besides the one it returned adds
 * " LEAK"; a descriptor that is not the lowest one free, as open(2)
 * returns, adds " NOT-LOWEST". Exit status 3 means a successful call changed errno.
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "badptr.h"
#include "flags.h"

struct request {
	const char *entry;
	int dirfd;
	const char *path;
	int flags;
	mode_t mode;
	unsigned long long resolve;
	size_t how_size;
	bool bad_how;		/* -H: how_addr instead of an open_how of the flags */
	struct odc_open_how *how_addr;
};

/*
 * The entry points by their own names: _FILE_OFFSET_BITS=64 would make
 * open() mean open64(), and libc declares the path never NULL, which -B
 * passes on purpose.
 */
int plain_open(const char *path, int flags, ...) __asm__("open");
int plain_open64(const char *path, int flags, ...) __asm__("open64");
int plain_openat(int dirfd, const char *path, int flags, ...) __asm__("openat");
int plain_openat64(int dirfd, const char *path, int flags, ...) __asm__("openat64");

/*
 * A pointer of the bad KIND named (see -B and -H), to HEAD's LEN bytes
 * where they can be readable, before a gap of its own.
 */
static void *bad_pointer_named(const char *kind, const void *head, size_t len)
{
	char *gap = bad_gap();

	if (!gap) {
		perror("odc_call: mmap");
		exit(2);
	}
	for (int k = 0; k < BAD_KINDS; k++)
		if (!strcmp(kind, bad_kind_names[k]))
			return bad_pointer((enum bad_kind)k, gap, head, len);
	fprintf(stderr, "odc_call: unknown kind of bad pointer %s\n", kind);
	exit(2);
}

static long call_entry(const struct request *r)
{
	struct {
		struct odc_open_how how;
		char tail[64];
	} big = { .how = { .flags = (unsigned)r->flags, .resolve = r->resolve } };
	struct odc_open_how *how = &big.how;
	const char *e = r->entry;

	/* As a careful caller would: openat2 refuses a mode nothing is created with. */
	if (r->flags & (O_CREAT | (O_TMPFILE & ~O_DIRECTORY)))
		how->mode = r->mode;
	if (r->bad_how)
		how = r->how_addr;

	if (!strcmp(e, "open"))
		return plain_open(r->path, r->flags, r->mode);
	if (!strcmp(e, "open64"))
		return plain_open64(r->path, r->flags, r->mode);
	if (!strcmp(e, "openat"))
		return plain_openat(r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "openat64"))
		return plain_openat64(r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "openat2"))
		return openat2_call(r->dirfd, r->path, how, r->how_size);
#ifdef ODC_NR_OPEN
	if (!strcmp(e, "sys_open"))
		return syscall(ODC_NR_OPEN, r->path, r->flags, r->mode);
#endif
	if (!strcmp(e, "sys_openat"))
		return syscall(ODC_NR_OPENAT, r->dirfd, r->path, r->flags, r->mode);
	if (!strcmp(e, "sys_openat2"))
		return syscall(ODC_NR_OPENAT2, r->dirfd, r->path, how, r->how_size);
#ifdef __x86_64__
	/* openat by its x32 number, which kernels without x32 refuse with ENOSYS. */
	if (!strcmp(e, "x32_openat"))
		return syscall(ODC_X32_SYSCALL_BIT | ODC_NR_OPENAT, r->dirfd, r->path, r->flags,
			       r->mode);
#endif
	fprintf(stderr, "odc_call: unknown entry point %s\n", e);
	exit(2);
}

static bool entry_takes_dirfd(const char *entry)
{
	return strstr(entry, "openat") != NULL;
}

static bool report_cloexec;

/* "fd:dir", "fd:file" or the errno name; the descriptor is closed. */
static void describe_result(long ret, int err, char *out, size_t len)
{
	struct stat st;

	if (ret < 0) {
		snprintf(out, len, "%s", errno_name(err));
		return;
	}
	bool cloexec = report_cloexec && (fcntl((int)ret, F_GETFD) & FD_CLOEXEC);
	if (fstat((int)ret, &st) < 0)
		snprintf(out, len, "fd:?");
	else
		snprintf(out, len, "fd:%s%s", S_ISDIR(st.st_mode) ? "dir" :
			 S_ISREG(st.st_mode) ? "file" : "other", cloexec ? "+cloexec" : "");
	close((int)ret);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The entries of DIRFD, sorted (scandirat is glibc's alone). */
static void print_disk(int dirfd)
{
	static char names[64][256];
	int n = 0, copy = dup(dirfd);
	DIR *d = copy < 0 ? NULL : fdopendir(copy);
	struct dirent *e;

	while (d && (e = readdir(d)) && n < 64)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			snprintf(names[n++], sizeof names[0], "%s", e->d_name);
	if (d)
		closedir(d);
	if (n == 0) {
		printf(" -");
		return;
	}
	qsort(names, (size_t)n, sizeof names[0], by_name);
	for (int i = 0; i < n; i++) {
		struct stat st;
		const char *kind = "?";
		if (fstatat(dirfd, names[i], &st, AT_SYMLINK_NOFOLLOW) == 0)
			kind = S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" :
			       st.st_size ? "data" : "file";
		printf(" %s:%s", names[i], kind);
	}
}

/*
 * Open descriptors, less the audit log's, which the shim keeps open on
 * purpose at 512 or above: a file named by ODCREAT_LOG or by
 * /etc/odcreat.conf. A leak of the shim's own would be below.
 */
static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.' && atoi(e->d_name) < 512;
	closedir(d);
	return n;
}

/* Racers: threads or processes that make the same call at once. */
#define MAX_RACERS 256

struct outcome {
	long ret;
	int err;
	ino_t ino;
};

static struct outcome call_once(const struct request *req)
{
	struct outcome o = { .ret = call_entry(req) };
	struct stat st;

	o.err = errno;
	if (o.ret >= 0 && fstat((int)o.ret, &st) == 0)
		o.ino = st.st_ino;
	return o;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "fds=N inodes=N errors=E1,E2,...", the errors sorted. */
static void print_race(const struct outcome *o, int n)
{
	const char *errors[MAX_RACERS];
	int fds = 0, inodes = 0, failed = 0;

	for (int i = 0; i < n; i++) {
		if (o[i].ret < 0) {
			errors[failed++] = errno_name(o[i].err);
			continue;
		}
		bool seen = false;
		for (int j = 0; j < i; j++)
			seen |= o[j].ret >= 0 && o[j].ino == o[i].ino;
		fds++;
		inodes += !seen;
	}
	qsort(errors, (size_t)failed, sizeof errors[0], by_string);
	printf("fds=%d inodes=%d errors=", fds, inodes);
	for (int i = 0; i < failed; i++)
		printf("%s%s", i ? "," : "", errors[i]);
	printf("%s\n", failed ? "" : "none");
}

struct racer {
	const struct request *req;
	pthread_barrier_t *start;
	int times;
	struct outcome got;
};

/* TIMES calls, each descriptor closed but the last call's. */
static void *race(void *arg)
{
	struct racer *r = arg;

	pthread_barrier_wait(r->start);
	for (int i = 1; i < r->times; i++) {
		long fd = call_entry(r->req);
		if (fd >= 0)
			close((int)fd);
	}
	r->got = call_once(r->req);
	return NULL;
}

static int run_threads(const struct request *req, int n, int times)
{
	static struct racer racers[MAX_RACERS];
	static struct outcome got[MAX_RACERS];
	pthread_t tid[MAX_RACERS];
	pthread_barrier_t start;

	pthread_barrier_init(&start, NULL, (unsigned)n);
	for (int i = 0; i < n; i++) {
		racers[i] = (struct racer){ .req = req, .start = &start, .times = times };
		pthread_create(&tid[i], NULL, race, &racers[i]);
	}
	for (int i = 0; i < n; i++) {
		pthread_join(tid[i], NULL);
		got[i] = racers[i].got;
		if (got[i].ret >= 0)
			close((int)got[i].ret);
	}
	print_race(got, n);
	return 0;
}

/* -S and -Z: descriptor numbers, which the kernel makes the lowest free. */
static int run_sequence(struct request *req, int here, bool close_stdin)
{
	int high = fcntl(here, F_DUPFD_CLOEXEC, 100);

	if (high < 0)
		return 2;
	if (req->dirfd == here)
		req->dirfd = high;
	for (int fd = 3; fd < 100; fd++)
		close(fd);
	if (close_stdin)
		close(STDIN_FILENO);
	long a = call_entry(req), b = call_entry(req);
	close((int)a);
	long c = call_entry(req);
	int d = open("/", O_RDONLY | O_DIRECTORY);
	printf("%ld %ld %ld %d\n", a, b, c, d);
	return 0;
}

/* Children block on a pipe until the parent closes it, then race and report. */
static int run_processes(const struct request *req, int n)
{
	static struct outcome got[MAX_RACERS];
	int go[2], report[2];

	if (pipe(go) < 0 || pipe(report) < 0)
		return 2;
	for (int i = 0; i < n; i++) {
		if (fork() != 0)
			continue;
		char byte;
		close(go[1]);
		if (read(go[0], &byte, 1) < 0)
			_exit(1);
		struct outcome o = call_once(req);
		_exit(write(report[1], &o, sizeof o) == sizeof o ? 0 : 1);
	}
	close(go[1]);
	for (int i = 0; i < n; i++)
		wait(NULL);
	for (int i = 0; i < n; i++)
		if (read(report[0], &got[i], sizeof got[i]) != sizeof got[i])
			return 2;
	print_race(got, n);
	return 0;
}

int main(int argc, char **argv)
{
	struct request req = { .dirfd = AT_FDCWD, .mode = 0755,
			       .how_size = sizeof(struct odc_open_how) };
	int threads = 0, processes = 0, times = 1, nofile = 0, opt, dirfd_override = -1;
	bool have_dirfd = false, sequence = false, close_stdin = false, hold = false;

	const char *bad_path = NULL, *bad_how = NULL;

	while ((opt = getopt(argc, argv, "m:u:r:s:D:t:P:n:L:cNB:H:SZW")) != -1) {
		switch (opt) {
		case 'm': req.mode = (mode_t)strtoul(optarg, NULL, 8); break;
		case 'u': umask((mode_t)strtoul(optarg, NULL, 8)); break;
		case 'r': req.resolve = parse_resolve(optarg); break;
		case 's': req.how_size = strtoul(optarg, NULL, 0); break;
		case 'D': dirfd_override = atoi(optarg); have_dirfd = true; break;
		case 't': threads = atoi(optarg); break;
		case 'P': processes = atoi(optarg); break;
		case 'n': times = atoi(optarg); break;
		case 'L': nofile = atoi(optarg); break;
		case 'c': report_cloexec = true; break;
		case 'N': prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); break;
		case 'B': bad_path = optarg; break;
		case 'H': bad_how = optarg; break;
		case 'S': sequence = true; break;
		case 'Z': sequence = close_stdin = true; break;
		case 'W': hold = true; break;
		default: return 2;
		}
	}
	if (argc - optind != 3 || threads > MAX_RACERS || processes > MAX_RACERS || times < 1) {
		fprintf(stderr, "usage: odc_call [options] ENTRY PATH FLAGS\n");
		return 2;
	}
	req.entry = argv[optind];
	req.path = bad_path ? bad_pointer_named(bad_path, "aaaaaaaaaaaaaaaa", 16) : argv[optind + 1];
	req.flags = parse_flags(argv[optind + 2]);
	if (bad_how) {
		uint64_t flags = (unsigned)req.flags;
		req.bad_how = true;
		req.how_addr = bad_pointer_named(bad_how, &flags, sizeof flags);
	}

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
	if (sequence)
		return run_sequence(&req, here, close_stdin);
	if (threads > 0)
		return run_threads(&req, threads, times);
	if (processes > 0)
		return run_processes(&req, processes);

	for (int i = 1; i < times; i++) {
		long fd = call_entry(&req);
		if (fd >= 0)
			close((int)fd);
	}

	int fds_before = count_fds(), lowest = fcntl(here, F_DUPFD, 0);
	close(lowest);
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
	int fds_after = count_fds();
	printf("%s", result);
	print_disk(here);
	printf("%s%s\n", fds_after != fds_before ? " LEAK" : "",
	       ret >= 0 && ret != lowest ? " NOT-LOWEST" : "");
	fflush(stdout);
	for (char c; hold && read(0, &c, 1) > 0;)
		;
	return ret >= 0 && err != EDOM ? 3 : 0;
}
