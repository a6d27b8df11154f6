/*
 * The log to a local logging daemon, one datagram per line: syslog(3)'s
 * form on syslog's /dev/log, or journald's native protocol (KEY=value
 * lines) on its own socket. A socket is made for each line and closed
 * after it, so that nothing stays open in the program and a restarted
 * daemon is found again.
 * A socket that is missing or of another type drops the line without
 * waiting, and none raises SIGPIPE; a daemon whose queue is full is waited
 * for, within a bound (odc_send_or_wait).
 */
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "odc_clock.h"
#include "odc_log_name.h"
#include "odc_log_socket.h"

#define ODC_SEVERITY_INFO 6

/*
 * How long a sender waits for room in the daemon's queue: at most
 * ODC_WAIT_NS by the monotonic clock, once per process (see below).
 */
#define ODC_WAIT_NS 50000000LL

/* How long a process that logged for others waits for journald at its end. */
#define ODC_SETTLE_NS 1000000000LL

/* Set once a wait has run out: this process waits for its daemon no more. */
static int odc_daemon_slow;

/*
 * MSG on FD, a socket connected to the daemon's. Most lines go at once; a
 * burst of senders can fill the daemon's queue (the kernel's
 * net.unix.max_dgram_qlen datagrams), and a line sent then would be lost:
 * only then does the sender wait, for room in that queue (POLLOUT on a
 * connected datagram socket says there is some), within the bound. A
 * clock that cannot be read ends the wait.
 */
static bool odc_send_or_wait(int fd, const struct msghdr *msg)
{
	long long start = -1;

	while (sendmsg(fd, msg, MSG_DONTWAIT | MSG_NOSIGNAL) < 0) {
		if (errno != EAGAIN || __atomic_load_n(&odc_daemon_slow, __ATOMIC_RELAXED))
			return false;
		long long now = odc_clock_ns(CLOCK_MONOTONIC);
		start = start < 0 ? now : start;
		long long left = start + ODC_WAIT_NS - now;
		if (now < 0 || left <= 0) {
			__atomic_store_n(&odc_daemon_slow, 1, __ATOMIC_RELAXED);
			return false;
		}
		struct pollfd room = { .fd = fd, .events = POLLOUT };
		poll(&room, 1, (int)((left + 999999) / 1000000));
	}
	return true;
}

/* A non-blocking datagram socket connected to the daemon's at SOCKET_PATH, or -1. */
static int odc_daemon_socket(const char *socket_path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	odc_copy(addr.sun_path, socket_path, strlen(socket_path));
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* IOV as one datagram to SOCKET_PATH: whether the daemon's socket took it. */
static bool odc_send_datagram(const char *socket_path, struct iovec *iov, int count)
{
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = (size_t)count };
	int fd = odc_daemon_socket(socket_path);

	if (fd < 0)
		return false;
	bool sent = odc_send_or_wait(fd, &msg);
	close(fd);
	return sent;
}

/*
 * As syslog(3) sends a message to /dev/log, less the time:
 * "<PRI>odcreat[PID]: LINE". That is the form every local daemon parses as
 * it comes: rsyslogd's imuxsock (by default it reads /dev/log with a
 * parser of its own for this form, which takes no RFC 5424 header), and
 * journald, which sets SYSLOG_IDENTIFIER and SYSLOG_PID from it. The
 * daemon stamps the time it received the message, which the local form
 * would give only in local time, without a year; the line has its own,
 * in UTC. The host's name is the daemon's to add: rsyslogd sends it on
 * in RFC 5424's HOSTNAME, journald as _HOSTNAME.
 */
bool odc_log_syslog(const struct odc_line *line, pid_t pid, int facility)
{
	struct odc_line head;

	odc_line_start(&head);
	odc_put(&head, "<");
	odc_put_int(&head, facility * 8 + ODC_SEVERITY_INFO);
	odc_put(&head, ">odcreat[");
	odc_put_int(&head, pid);
	odc_put(&head, "]: ");
	struct iovec iov[] = {
		{ .iov_base = head.text, .iov_len = head.len },
		{ .iov_base = (void *)line->text, .iov_len = line->len - 1 },	/* no newline */
	};
	return odc_send_datagram(ODC_SYSLOG_SOCKET, iov, 2);
}

bool odc_log_journal(const struct odc_line *fields, const struct odc_line *line, pid_t pid,
		     int facility)
{
	struct odc_line head;

	odc_line_start(&head);
	odc_put(&head, "PRIORITY=");
	odc_put_int(&head, ODC_SEVERITY_INFO);
	odc_put(&head, "\nSYSLOG_FACILITY=");
	odc_put_int(&head, facility);
	odc_put(&head, "\nSYSLOG_IDENTIFIER=odcreat\nSYSLOG_PID=");
	odc_put_int(&head, pid);
	odc_line_end(&head);
	struct iovec iov[] = {
		{ .iov_base = head.text, .iov_len = head.len },
		{ .iov_base = (void *)fields->text, .iov_len = fields->len },
		{ .iov_base = "MESSAGE=", .iov_len = 8 },
		{ .iov_base = (void *)line->text, .iov_len = line->len },
	};
	return odc_send_datagram(ODC_JOURNAL_SOCKET, iov, 4);
}

/*
 * journald reads its socket one datagram at a time and finishes each entry
 * before it takes the next, so an empty datagram sent after the entries is
 * taken only once they are done. Until it is taken it counts against the
 * socket that sent it (TIOCOUTQ, which is SIOCOUTQ: the bytes sent and not
 * yet read).
 */
void odc_log_journal_settle(void)
{
	const struct timespec step = { .tv_nsec = 1000000 };
	long long start = odc_clock_ns(CLOCK_MONOTONIC);
	int queued = 0;

	if (start < 0 || __atomic_load_n(&odc_daemon_slow, __ATOMIC_RELAXED))
		return;
	int fd = odc_daemon_socket(ODC_JOURNAL_SOCKET);
	if (fd < 0)
		return;
	if (send(fd, "", 0, MSG_DONTWAIT | MSG_NOSIGNAL) == 0) {
		while (ioctl(fd, TIOCOUTQ, &queued) == 0 && queued > 0) {
			long long now = odc_clock_ns(CLOCK_MONOTONIC);
			if (now < 0 || now - start >= ODC_SETTLE_NS)
				break;
			nanosleep(&step, NULL);
		}
	}
	close(fd);
}
