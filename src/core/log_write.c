/* Writing a log line without blocking (odc_log_write.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "odc_kernel.h"
#include "odc_log_write.h"
#include "odc_raw.h"
#include "odc_real.h"

/*
 * A write that would take a regular file past RLIMIT_FSIZE raises SIGXFSZ,
 * whose default action kills the program (and the library must leave the
 * program's signal dispositions alone): such a line is dropped. The check
 * is made on the size fstat(2) just gave, so another writer that grows the
 * file between that and this write can still take it past the limit.
 */
static bool odc_log_fits(const struct stat *st, size_t len)
{
	struct {
		unsigned long long cur, max;
	} limit;

	/* Raw: libc's getrlimit is another import, and on i386 of another symbol version. */
	if (odc_raw_call(ODC_NR_PRLIMIT64, 0, RLIMIT_FSIZE, 0, (long)&limit, 0, 0) < 0)
		return true;
	return limit.cur == RLIM64_INFINITY || (unsigned long long)st->st_size + len <= limit.cur;
}

/*
 * A pipe's write may block, and raise SIGPIPE when nobody reads: the line
 * goes through a non-blocking descriptor, with SIGPIPE held back in this
 * thread and taken away again if this write raised it. A socket gets the
 * same from send(2)'s flags.
 */
void odc_log_write(int fd, const struct stat *st, const struct odc_line *l)
{
	if (S_ISSOCK(st->st_mode)) {
		ssize_t ignored = send(fd, l->text, l->len, MSG_DONTWAIT | MSG_NOSIGNAL);
		(void)ignored;
		return;
	}
	if (S_ISREG(st->st_mode) && !odc_log_fits(st, l->len))
		return;
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
void odc_log_stderr(const struct odc_line *l)
{
	struct stat st;

	if (fstat(STDERR_FILENO, &st) < 0)
		return;
	if (!S_ISFIFO(st.st_mode) ||
	    (odc_raw_call(ODC_NR_FCNTL, STDERR_FILENO, F_GETFL, 0, 0, 0, 0) & O_NONBLOCK)) {
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
