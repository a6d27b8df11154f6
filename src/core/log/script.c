/*
 * The script this process runs, where it is an interpreter
 * (odc_log_script.h): its command line, /proc/self/cmdline, read one
 * argument at a time through a bounded buffer, the rules of odc_script.h
 * deciding which argument it is, kept where it names a regular file (as
 * the process's working directory has it when the first line is written),
 * by the name the kernel gives that file: "python3 mk.py", "./mk.py",
 * "python3 /abs/mk.py" and a symlink to it run one script, and make one
 * row of a report, as the watcher names it too. Nothing else of the
 * command line is ever kept: an argument after the script, or one that is
 * not a file, may be a secret.
 */
#include <fcntl.h>
#include <sys/stat.h>

#include "odc_abi.h"
#include "odc_fs.h"
#include "odc_line.h"
#include "odc_log_script.h"
#include "odc_script.h"
#include "odc_trap.h"

/* The command line's arguments, one at a time, through a bounded buffer. */
struct odc_args {
	int fd;
	size_t start, end;
	char buf[1024];
};

/* The next argument, NUL-terminated where it lies: NULL at the end, or where it is longer than buf. */
static const char *odc_args_next(struct odc_args *a)
{
	for (;;) {
		for (size_t i = a->start; i < a->end; i++) {
			if (a->buf[i] == '\0') {
				const char *arg = a->buf + a->start;
				a->start = i + 1;
				return arg;
			}
		}
		size_t have = a->end - a->start;
		if (have == sizeof a->buf)
			return NULL;
		odc_copy(a->buf, a->buf + a->start, have);
		a->start = 0;
		a->end = have;
		long n = odc_fs_read(a->fd, a->buf + have, sizeof a->buf - have - 1);
		if (n <= 0) {
			if (have == 0)
				return NULL;
			a->buf[a->end++] = '\0';	/* a last argument without its NUL */
		} else {
			a->end += (size_t)n;
		}
	}
}

/*
 * The regular file ARG names from the working directory, by the kernel's
 * name for it (every symlink followed, from the process's root), into
 * OUT, NUL-terminated: OUT, or NULL where it is no regular file or the
 * kernel names it no way a path does. ARG may lie in OUT: it is read first.
 */
static const char *odc_script_name(const char *arg, char *out, size_t size)
{
	long fd = odc_trap(ODC_NR_OPENAT, AT_FDCWD, (long)arg, O_PATH | O_CLOEXEC, 0, 0, 0);
	char link[ODC_FD_PATH_MAX];
	struct stat st;
	long n = 0;

	if (fd < 0)
		return NULL;
	if (odc_fs_fstat((int)fd, &st) == 0 && S_ISREG(st.st_mode)) {
		odc_fs_fd_path((int)fd, link);
		n = odc_fs_readlinkat(AT_FDCWD, link, out, size - 1);
	}
	odc_trap(ODC_NR_CLOSE, fd, 0, 0, 0, 0, 0);
	if (n <= 0 || out[0] != '/')
		return NULL;
	out[n] = '\0';	/* one that fills OUT is longer than script= keeps: it is cut there */
	return out;
}

/* The script among the arguments A reads for S, named as the kernel names it, in A's buffer: it, or NULL. */
static const char *odc_script_arg(struct odc_script_scan *s, struct odc_args *a)
{
	for (const char *arg; (arg = odc_args_next(a));) {
		enum odc_script_says says = odc_script_next(s, arg);
		if (says == ODC_SCRIPT_NONE)
			return NULL;
		if (says == ODC_SCRIPT_THIS)
			return odc_script_name(arg, a->buf, sizeof a->buf);
	}
	return NULL;
}

size_t odc_script_read(const char *base, size_t len, char out[ODC_SCRIPT_ROOM])
{
	struct odc_script_scan s;
	if (!odc_script_begin(&s, base, len))
		return 0;
	struct odc_args a = { .fd = -1 };
	a.fd = (int)odc_trap(ODC_NR_OPENAT, AT_FDCWD, (long)"/proc/self/cmdline", O_RDONLY | O_CLOEXEC,
			     0, 0, 0);
	if (a.fd < 0)
		return 0;
	const char *script = odc_script_arg(&s, &a);
	struct odc_line l;
	odc_line_start(&l);
	if (script)
		odc_put_escaped_within(&l, script, sizeof a.buf, ODC_SCRIPT_ROOM);
	odc_trap(ODC_NR_CLOSE, a.fd, 0, 0, 0, 0, 0);
	odc_copy(out, l.text, l.len);
	return l.len;
}
