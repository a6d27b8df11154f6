/*
 * The audit log: one line for each call odcreat redefined. Each line is
 * built on the stack and written with a single write(2) to a descriptor
 * opened O_APPEND, so lines from many threads and processes never
 * interleave. No stdio, no malloc, no locks; errno and the call's result are
 * never changed, and a log that cannot be opened or written is skipped.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_errname.h"
#include "odc_log.h"
#include "odc_path.h"
#include "odc_readable.h"
#include "odc_real.h"

/* The log descriptor is moved this high, out of the way of the program's own. */
#define ODC_LOG_FD_MIN 512

/* A line longer than this is cut short, and ends in "...". */
#define ODC_LOG_LINE_MAX 2048

struct odc_line {
	char text[ODC_LOG_LINE_MAX];
	size_t len;
	bool cut;	/* full: "..." written, and nothing more but the newline */
};

static void odc_put_bytes(struct odc_line *l, const char *s, size_t n)
{
	size_t room = sizeof l->text - 4 - l->len;	/* "...\n" always fits */

	if (l->cut)
		return;
	if (n > room) {
		memcpy(l->text + l->len, s, room);
		memcpy(l->text + l->len + room, "...", 3);
		l->len += room + 3;
		l->cut = true;
		return;
	}
	memcpy(l->text + l->len, s, n);
	l->len += n;
}

static void odc_put(struct odc_line *l, const char *s)
{
	odc_put_bytes(l, s, strlen(s));
}

static void odc_put_uint(struct odc_line *l, unsigned long long v, unsigned base,
			 int width)
{
	char digits[24];
	int n = 0;

	do {
		digits[sizeof digits - 1 - n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v || n < width);
	odc_put_bytes(l, digits + sizeof digits - n, (size_t)n);
}

static void odc_put_int(struct odc_line *l, long long v)
{
	if (v < 0) {
		odc_put(l, "-");
		odc_put_uint(l, 0ULL - (unsigned long long)v, 10, 1);
		return;
	}
	odc_put_uint(l, (unsigned long long)v, 10, 1);
}

/*
 * Quoted, with every byte that could forge a line or a field written as
 * \xHH; no more than the line holds, nor more than MAX bytes.
 */
static void odc_put_quoted(struct odc_line *l, const char *s, size_t max)
{
	odc_put(l, "\"");
	for (const char *end = s + max; s < end && *s && !l->cut; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\') {
			odc_put_bytes(l, s, 1);
			continue;
		}
		odc_put(l, "\\x");
		odc_put_uint(l, ch, 16, 2);
	}
	odc_put(l, "\"");
}

/* A path the kernel could not copy is not read here either. */
static void odc_put_path(struct odc_line *l, const char *path)
{
	long readable = odc_readable_path(path);

	if (readable == 0 || readable == -ENAMETOOLONG || readable == -ENOENT)
		odc_put_quoted(l, path, PATH_MAX);
	else
		odc_put(l, "(unreadable)");
}

/* Civil date from days since 1970-01-01, in the proleptic Gregorian calendar. */
static void odc_put_time(struct odc_line *l)
{
	struct timeval now;

	/* Not clock_gettime: its GLIBC_2.17 version would cost every process a check at start-up. */
	gettimeofday(&now, NULL);
	long long days = now.tv_sec / 86400, secs = now.tv_sec % 86400;
	long long era_day = days + 719468;	/* days since 0000-03-01 */
	long long era = era_day / 146097;
	long long doe = era_day - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153;
	long long day = doy - (153 * mp + 2) / 5 + 1;
	long long month = mp < 10 ? mp + 3 : mp - 9;
	long long year = yoe + era * 400 + (month <= 2);

	odc_put_uint(l, (unsigned long long)year, 10, 4);
	odc_put(l, "-");
	odc_put_uint(l, (unsigned long long)month, 10, 2);
	odc_put(l, "-");
	odc_put_uint(l, (unsigned long long)day, 10, 2);
	odc_put(l, "T");
	odc_put_uint(l, (unsigned long long)(secs / 3600), 10, 2);
	odc_put(l, ":");
	odc_put_uint(l, (unsigned long long)(secs / 60 % 60), 10, 2);
	odc_put(l, ":");
	odc_put_uint(l, (unsigned long long)(secs % 60), 10, 2);
	odc_put(l, ".");
	odc_put_uint(l, (unsigned long long)now.tv_usec, 10, 6);
	odc_put(l, "Z");
}

struct odc_flag_name {
	unsigned long long bit;
	const char *name;
};

static const struct odc_flag_name odc_open_flags[] = {
	{ O_CREAT, "O_CREAT" },		{ O_EXCL, "O_EXCL" },
	{ O_NOCTTY, "O_NOCTTY" },	{ O_TRUNC, "O_TRUNC" },
	{ O_APPEND, "O_APPEND" },	{ O_NONBLOCK, "O_NONBLOCK" },
	{ O_SYNC, "O_SYNC" },		{ O_DSYNC, "O_DSYNC" },
	{ O_DIRECT, "O_DIRECT" },	{ 0100000, "O_LARGEFILE" },
	{ O_DIRECTORY, "O_DIRECTORY" }, { O_NOFOLLOW, "O_NOFOLLOW" },
	{ O_NOATIME, "O_NOATIME" },	{ O_CLOEXEC, "O_CLOEXEC" },
	{ O_PATH, "O_PATH" },		{ ODC_TMPFILE_BIT, "__O_TMPFILE" },
	{ 0, NULL }
};

static const struct odc_flag_name odc_resolve_flags[] = {
	{ ODC_RESOLVE_NO_XDEV, "RESOLVE_NO_XDEV" },
	{ ODC_RESOLVE_NO_MAGICLINKS, "RESOLVE_NO_MAGICLINKS" },
	{ ODC_RESOLVE_NO_SYMLINKS, "RESOLVE_NO_SYMLINKS" },
	{ ODC_RESOLVE_BENEATH, "RESOLVE_BENEATH" },
	{ ODC_RESOLVE_IN_ROOT, "RESOLVE_IN_ROOT" },
	{ ODC_RESOLVE_CACHED, "RESOLVE_CACHED" },
	{ 0, NULL }
};

/* Names for the bits of VALUE, then any unnamed rest in octal. */
static void odc_put_bits(struct odc_line *l, unsigned long long value,
			 const struct odc_flag_name *names, const char *sep)
{
	for (; names->name; names++) {
		if ((value & names->bit) != names->bit)
			continue;
		value &= ~names->bit;
		odc_put(l, sep);
		odc_put(l, names->name);
		sep = "|";
	}
	if (value) {
		odc_put(l, sep);
		odc_put(l, "0");
		odc_put_uint(l, value, 8, 1);
	}
}

static void odc_put_flags(struct odc_line *l, int flags)
{
	static const char *const access[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };

	odc_put(l, access[flags & O_ACCMODE]);
	odc_put_bits(l, (unsigned)flags & ~(unsigned)O_ACCMODE, odc_open_flags, "|");
}

static void odc_put_result(struct odc_line *l, long ret)
{
	if (ret >= 0) {
		odc_put_int(l, ret);
		return;
	}
	const char *name = odc_errname((int)-ret);
	if (name)
		odc_put(l, name);
	else
		odc_put_int(l, ret);
}

/*
 * This program's name as the kernel gave it to comm, which the supervisor
 * logs: the last part of the file name it was started by. (Not
 * program_invocation_short_name: a data import costs every process a
 * symbol lookup at start-up.)
 */
static const char *odc_log_prog(void)
{
	const char *path = (const char *)getauxval(AT_EXECFN);

	if (!path)
		return "";
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static void odc_format(struct odc_line *l, const struct odc_log_entry *e)
{
	const struct odc_call *c = e->call;

	l->len = 0;
	l->cut = false;
	odc_put_time(l);
	odc_put(l, " pid=");
	odc_put_int(l, e->pid ? e->pid : getpid());
	odc_put(l, " prog=");
	odc_put_quoted(l, e->pid ? e->prog : odc_log_prog(), PATH_MAX);
	odc_put(l, " call=");
	odc_put(l, e->entry);
	odc_put(l, " dirfd=");
	if (c->dirfd == AT_FDCWD)
		odc_put(l, "AT_FDCWD");
	else
		odc_put_int(l, c->dirfd);
	odc_put(l, " path=");
	odc_put_path(l, c->path);
	odc_put(l, " flags=");
	odc_put_flags(l, c->flags);
	odc_put(l, " mode=0");
	odc_put_uint(l, c->mode, 8, 3);
	if (c->resolve)
		odc_put_bits(l, c->resolve, odc_resolve_flags, " resolve=");
	odc_put(l, " semantics=");
	odc_put(l, odc_mode_name(e->mode));
	odc_put(l, " result=");
	odc_put_result(l, e->result);
	if (e->refused) {
		odc_put(l, " refused=");
		odc_put_quoted(l, e->refused, PATH_MAX);
	}
	l->text[l->len++] = '\n';
}

/* The open log file, and what it was, to notice when the program reuses its number. */
static int odc_log_fd = -1;
static dev_t odc_log_dev;
static ino_t odc_log_ino;

static bool odc_log_still_ours(int fd, struct stat *st)
{
	return fd >= 0 && fstat(fd, st) == 0 &&
	       st->st_dev == __atomic_load_n(&odc_log_dev, __ATOMIC_RELAXED) &&
	       st->st_ino == __atomic_load_n(&odc_log_ino, __ATOMIC_RELAXED);
}

/*
 * The kernel's fs.protected_symlinks rule for DEST, whatever that sysctl
 * says: a symlink in a sticky, world-writable directory is followed only if
 * the follower or the directory's owner owns it. Otherwise anyone could
 * point a shared name such as /tmp/odcreat.log at a file of the caller's.
 */
static bool odc_log_link_refused(const char *dest)
{
	char parent[PATH_MAX];
	struct stat link, dir;

	if (odc_path_parent(dest, strrchr(dest, '/'), parent, sizeof parent) < 0)
		return true;
	if (fstatat(AT_FDCWD, dest, &link, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISLNK(link.st_mode) ||
	    stat(parent, &dir) < 0)
		return false;
	return (dir.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH) &&
	       link.st_uid != geteuid() && link.st_uid != dir.st_uid;
}

/* Said once a process, in one write(2). */
static void odc_log_refuse(const char *dest)
{
	static int said;
	struct odc_line l = { .len = 0, .cut = false };

	if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		return;
	odc_put(&l, "odcreat: not logging to ");
	odc_put_quoted(&l, dest, PATH_MAX);
	odc_put(&l, ": a symlink in a sticky, world-writable directory, owned by neither "
		    "you nor the directory's owner\n");
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

/*
 * O_NONBLOCK: a FIFO with no reader fails the open (ENXIO) instead of
 * waiting for one, and a full one fails the write; either way the line is
 * dropped. A symlink is followed only where the kernel's rule allows it.
 */
long odc_log_open(const char *dest, bool *refused)
{
	const int flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
	long fd = odc_real_openat(AT_FDCWD, dest, flags | O_NOFOLLOW, 0644);

	/*
	 * At a symlink O_NOFOLLOW fails with ELOOP, or with EACCES where the
	 * kernel's sticky-directory rule for O_CREAT (may_create_in_sticky)
	 * refuses it first.
	 */
	*refused = false;
	if (fd >= 0 || (fd != -ELOOP && fd != -EACCES))
		return fd;
	if (!odc_log_link_refused(dest))
		return fd == -ELOOP ? odc_real_openat(AT_FDCWD, dest, flags, 0644) : fd;
	*refused = true;
	odc_log_refuse(dest);
	return -EACCES;
}

/* The log file's descriptor, opened on first use and kept; ST describes it. */
static int odc_log_file(const char *dest, struct stat *st)
{
	int seen = __atomic_load_n(&odc_log_fd, __ATOMIC_ACQUIRE);
	if (odc_log_still_ours(seen, st))
		return seen;

	bool refused;
	int fd = (int)odc_log_open(dest, &refused);
	if (fd < 0)
		return -1;
	int high = fcntl(fd, F_DUPFD_CLOEXEC, ODC_LOG_FD_MIN);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	if (fstat(fd, st) < 0) {
		close(fd);
		return -1;
	}
	/* Every racer opened the same file, so whichever identity is stored holds for all. */
	__atomic_store_n(&odc_log_dev, st->st_dev, __ATOMIC_RELAXED);
	__atomic_store_n(&odc_log_ino, st->st_ino, __ATOMIC_RELAXED);
	if (__atomic_compare_exchange_n(&odc_log_fd, &seen, fd, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return fd;
	/* Another thread published its descriptor first: use that one. */
	close(fd);
	return seen;
}

/*
 * A pipe's write may block, and raise SIGPIPE when nobody reads: the line
 * goes through a non-blocking descriptor, with SIGPIPE held back in this
 * thread and taken away again if this write raised it. A socket gets the
 * same from send(2)'s flags.
 */
static void odc_log_write(int fd, const struct stat *st, const struct odc_line *l)
{
	if (S_ISSOCK(st->st_mode)) {
		ssize_t ignored = send(fd, l->text, l->len, MSG_DONTWAIT | MSG_NOSIGNAL);
		(void)ignored;
		return;
	}
	sigset_t pipe, old, pending;
	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	bool fifo = S_ISFIFO(st->st_mode);
	if (fifo) {
		sigprocmask(SIG_BLOCK, &pipe, &old);
		sigpending(&pending);
	}
	if (write(fd, l->text, l->len) < 0 && errno == EPIPE && fifo &&
	    !sigismember(&pending, SIGPIPE))
		sigtimedwait(&pipe, NULL, &(struct timespec){ 0 });
	if (fifo)
		sigprocmask(SIG_SETMASK, &old, NULL);
}

/*
 * Standard error is written as it is, unless it is a pipe that may block:
 * then through a non-blocking descriptor of that pipe of the log's own,
 * reopened through /proc (the line is dropped where there is none).
 */
static void odc_log_stderr(const struct odc_line *l)
{
	struct stat st;

	if (fstat(STDERR_FILENO, &st) < 0)
		return;
	if (!S_ISFIFO(st.st_mode) || (fcntl(STDERR_FILENO, F_GETFL) & O_NONBLOCK)) {
		odc_log_write(STDERR_FILENO, &st, l);
		return;
	}
	int fd = (int)odc_real_openat(AT_FDCWD, "/proc/self/fd/2",
				      O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
	if (fd < 0)
		return;
	odc_log_write(fd, &st, l);
	close(fd);
}

void odc_log(const struct odc_log_entry *e)
{
	const char *dest = odc_config_log();

	if (!dest)
		return;
	int saved_errno = errno;
	struct odc_line line;
	odc_format(&line, e);
	if (strcmp(dest, "stderr") == 0) {
		odc_log_stderr(&line);
	} else {
		struct stat st;
		int fd = odc_log_file(dest, &st);
		if (fd >= 0)
			odc_log_write(fd, &st, &line);
	}
	errno = saved_errno;
}
