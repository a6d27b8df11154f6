/*
 * The survey's log. By default a log directory, root's, 1733: every user
 * may create a file in it, nobody but root may list it, and nobody may
 * remove or rename another's file; the library sends a user whose name was
 * taken to a private name (src/core/dest/dir.c). So no user can blind
 * another. journald and syslog record every user too. A single file
 * records only those who may write it, and standard error nothing in
 * common: neither is a survey's log.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_log_dir.h"
#include "odc_log_name.h"
#include "odc_say.h"
#include "odc_survey_parts.h"

/* The mode that lets every user log, and only root list. */
#define ODC_SURVEY_LOG_MODE 01733

/* DIR made root's, ODC_SURVEY_LOG_MODE, whatever the umask: 0, or a negative errno. */
static int odc_log_dir_make(const char *dir)
{
	char path[PATH_MAX];
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	snprintf(path, sizeof path, "%.*s", (int)n, dir);
	if (mkdir(path, 0700) < 0)
		return -errno;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int err = fd < 0 || fchown(fd, 0, 0) < 0 || fchmod(fd, ODC_SURVEY_LOG_MODE) < 0 ? -errno
		  : 0;
	if (fd >= 0)
		close(fd);
	return err;
}

/* Why the log directory DIR, as it is, would not record every user, or NULL. */
static const char *odc_log_dir_why(const char *dir)
{
	struct stat st;
	long fd = odc_log_dir_open(dir, &st);

	if (fd < 0)
		return strerror((int)-fd);
	close((int)fd);
	const char *why = odc_log_dir_refusal(&st);
	if (!why && (st.st_mode & (S_IWOTH | S_IXOTH)) != (S_IWOTH | S_IXOTH))
		why = "closed to other users' files";
	return why;
}

int odc_survey_log_check(const char *log)
{
	enum odc_log_kind kind = odc_log_kind_of(log);

	if (kind == ODC_LOG_JOURNAL || kind == ODC_LOG_SYSLOG ||
	    (kind == ODC_LOG_DIR && log[0] == '/' && strlen(log) < PATH_MAX))
		return 0;
	odc_tell(ODC_SURVEY_SAYS "-l %s: a survey logs to an absolute DIR/, journal or syslog "
		 "(a single file records only the users who may write it)\n", log);
	return ODC_EXIT_USAGE;
}

int odc_survey_log_prepare(const char *log, bool *made)
{
	*made = false;
	if (odc_log_kind_of(log) != ODC_LOG_DIR)
		return 0;
	int err = odc_log_dir_make(log);
	*made = err == 0;
	const char *why = err && err != -EEXIST ? strerror(-err) : odc_log_dir_why(log);
	if (!why)
		return 0;
	odc_tell(ODC_SURVEY_SAYS "log directory %s: %s "
		 "(install -d -m 1733 -o root %s records every user)\n", log, why, log);
	return ODC_EXIT_PROBLEMS;
}

/* The newlines of FD's data, its holes skipped unread (a user may grow a sparse file). */
static long long odc_count_lines(int fd)
{
	char buf[65536];
	long long lines = 0;
	off_t at = 0;

	for (;;) {
		off_t data = lseek(fd, at, SEEK_DATA);
		off_t hole = data < 0 ? -1 : lseek(fd, data, SEEK_HOLE);
		if (hole < 0)
			return lines;
		for (at = data; at < hole;) {
			off_t want = hole - at < (off_t)sizeof buf ? hole - at : (off_t)sizeof buf;
			ssize_t n = pread(fd, buf, (size_t)want, at);
			if (n <= 0)
				return lines;
			for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + n - p))); p++)
				lines++;
			at += n;
		}
	}
}

/* DIR's files as a DIR stream, or NULL with errno set. */
static DIR *odc_log_dir_list(const char *dir)
{
	struct stat st;
	long path = odc_log_dir_open(dir, &st);

	if (path < 0) {
		errno = (int)-path;
		return NULL;
	}
	int fd = openat((int)path, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int err = errno;
	close((int)path);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	if (!d && fd >= 0) {
		err = errno;
		close(fd);
	}
	errno = err;
	return d;
}

int odc_survey_log_lines(const char *log, long long *lines, long long *files)
{
	DIR *d = odc_log_dir_list(log);

	*lines = *files = 0;
	if (!d)
		return errno;
	for (const struct dirent *e; (e = readdir(d));) {
		struct stat st;
		/* O_NONBLOCK: a FIFO a user planted is opened without waiting, then passed over. */
		const int flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
		if (odc_log_dir_name_uid(e->d_name) < 0)
			continue;
		int fd = openat(dirfd(d), e->d_name, flags);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
			*lines += odc_count_lines(fd);
			++*files;
		}
		close(fd);
	}
	closedir(d);
	return 0;
}

void odc_survey_lines_text(char out[64], long long lines, long long files)
{
	snprintf(out, 64, "%lld line%s in %lld file%s", lines, lines == 1 ? "" : "s", files,
		 files == 1 ? "" : "s");
}
