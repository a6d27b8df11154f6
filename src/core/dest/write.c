/* Writing a log line without blocking (odc_log_write.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "odc_abi.h"
#include "odc_log_write.h"
#include "odc_trap.h"
#include "odc_libc.h"

/*
 * Whether LEN more bytes keep a regular file of ST's size within
 * RLIMIT_FSIZE: a write past it is cut short at the limit, or refused with
 * SIGXFSZ, so a line that does not fit is dropped whole.
 */
static bool odc_log_fits(const struct stat *st, size_t len)
{
	struct {
		unsigned long long cur, max;
	} limit;

	/* Raw: libc's getrlimit is another import, and on i386 of another symbol version. */
	if (odc_trap(ODC_NR_PRLIMIT64, 0, RLIMIT_FSIZE, 0, (long)&limit, 0, 0) < 0)
		return true;
	return limit.cur == RLIM64_INFINITY || (unsigned long long)st->st_size + len <= limit.cur;
}

/*
 * The signal a write to a file of MODE raises where it fails, whose default
 * action ends the program: SIGPIPE where a pipe has no reader, SIGXFSZ
 * where a regular file would pass RLIMIT_FSIZE (another writer may grow it
 * between odc_log_fits and the write).
 */
static int odc_write_signal(mode_t mode)
{
	if (S_ISFIFO(mode))
		return SIGPIPE;
	return S_ISREG(mode) ? SIGXFSZ : 0;
}

/*
 * The library leaves the program's signal dispositions alone, so the
 * signal a write may raise is held back in this thread for the write, and
 * taken away again if this write raised it. Whether it was pending before
 * is asked only where the program itself held it back: otherwise it would
 * have been taken on the way out of the last system call. A pipe's
 * descriptor is non-blocking; a socket gets the same from send(2)'s flags.
 */
bool odc_log_write(int fd, const struct stat *st, const struct odc_line *l)
{
	if (S_ISSOCK(st->st_mode))
		return send(fd, l->text, l->len, MSG_DONTWAIT | MSG_NOSIGNAL) == (ssize_t)l->len;
	if (S_ISREG(st->st_mode) && !odc_log_fits(st, l->len))
		return false;
	int sig = odc_write_signal(st->st_mode);
	sigset_t held, old, pending;
	sigemptyset(&held);
	sigemptyset(&pending);
	if (sig) {
		sigaddset(&held, sig);
		sigprocmask(SIG_BLOCK, &held, &old);
		if (sigismember(&old, sig))
			sigpending(&pending);
	}
	ssize_t written = write(fd, l->text, l->len);
	if (written < 0 && (errno == EPIPE || errno == EFBIG) && sig && !sigismember(&pending, sig))
		sigtimedwait(&held, NULL, &(struct timespec){ 0 });
	if (sig)
		sigprocmask(SIG_SETMASK, &old, NULL);
	return written == (ssize_t)l->len;
}

/*
 * Standard error is written as it is, unless it is a pipe that may block:
 * then through a non-blocking descriptor of that pipe of the log's own,
 * reopened through /proc (the line is dropped where there is none).
 */
bool odc_log_stderr(const struct odc_line *l)
{
	struct stat st;

	if (fstat(STDERR_FILENO, &st) < 0)
		return false;
	if (!S_ISFIFO(st.st_mode) ||
	    (odc_trap(ODC_NR_FCNTL, STDERR_FILENO, F_GETFL, 0, 0, 0, 0) & O_NONBLOCK))
		return odc_log_write(STDERR_FILENO, &st, l);
	int fd = (int)odc_libc_openat(AT_FDCWD, "/proc/self/fd/2",
				      O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
	if (fd < 0)
		return false;
	bool written = odc_log_write(fd, &st, l);
	close(fd);
	return written;
}
