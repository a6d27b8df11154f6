/*
 * odcreat --config-check: which users' calls each log = VALUE of the file
 * records. A single file records only those who may open it for append;
 * a log directory (DIR/) every user, where its owner and mode are right;
 * syslog and the journal every user.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_config_check.h"
#include "odc_log_dir.h"
#include "odc_log_name.h"

static const char *odc_user_name(uid_t uid)
{
	const struct passwd *pw = getpwuid(uid);

	return pw ? pw->pw_name : "?";
}

static const char *odc_group_name(gid_t gid)
{
	const struct group *gr = getgrgid(gid);

	return gr ? gr->gr_name : "?";
}

/*
 * A file that exists, FILE: who may open it for append, by its owner and
 * mode (root always may); 1 where that is nobody, or only some.
 */
static int odc_explain_existing(const char *file, const struct stat *st)
{
	if (S_ISDIR(st->st_mode)) {
		printf("a directory, which no program can write a line to: name it %s/, with its "
		       "slash, to log each user in a file of its own there\n", file);
		return 1;
	}
	if (!S_ISREG(st->st_mode)) {
		printf("not a regular file (a FIFO or a device): a line goes to whatever reads it, "
		       "and a program that may not open it for writing logs nothing\n");
		return 1;
	}
	if (st->st_mode & S_IWOTH) {
		printf("records every user's calls (it is world-writable, so any user may also write any line into it)\n");
		return 0;
	}
	printf("records only the calls of users who may open it for append: root");
	if (st->st_uid != 0 && (st->st_mode & S_IWUSR))
		printf(", its owner %s (uid %u)", odc_user_name(st->st_uid), (unsigned)st->st_uid);
	if (st->st_mode & S_IWGRP)
		printf(", members of group %s (gid %u)", odc_group_name(st->st_gid), (unsigned)st->st_gid);
	printf("; every other user's calls are lost (log = DIR/ records every user)\n");
	return 0;
}

static int odc_explain_file(const char *file)
{
	struct stat st;

	if (lstat(file, &st) == 0) {
		if (S_ISLNK(st.st_mode) && stat(file, &st) != 0) {
			printf("a symlink to nothing: the first program that logs creates what it names\n");
			return 0;
		}
		return odc_explain_existing(file, &st);
	}
	char parent[PATH_MAX];
	snprintf(parent, sizeof parent, "%s", file);
	char *slash = strrchr(parent, '/');
	if (slash)
		*(slash == parent ? slash + 1 : slash) = '\0';
	if (slash && stat(parent, &st) != 0) {
		printf("records no user's calls: its directory %s: %s\n", parent, strerror(errno));
		return 1;
	}
	printf("does not exist yet: the first program that logs creates it (0644 less its umask) as "
	       "its user's, and from then on it records only the calls of users who may open it "
	       "for append (log = DIR/ records every user)\n");
	return 0;
}

/*
 * The files in DIR that are not their user's own: each a name N.log or
 * N-KEY.log that is not a regular file of N's with one link that group
 * and others cannot write (another user may have made it first). Where
 * N.log is such, N's programs log to private names (N-KEY.log), which
 * report reads too: every user's calls are still recorded. Where DIR
 * cannot be listed (1733: only root may), nothing is said.
 */
static void odc_explain_dir_files(int dirfd, const char *dir)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	const struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((e = readdir(d))) {
		long long uid = odc_log_dir_name_uid(e->d_name);
		struct stat st;
		if (uid < 0 || fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		const char *why = S_ISLNK(st.st_mode) ? "a symlink" : odc_log_dir_file_refusal(&st, (uid_t)uid);
		if (!why)
			continue;
		if (strchr(e->d_name, '-'))
			printf("odcreat:   %s%s is %s: report skips it\n", dir, e->d_name, why);
		else
			printf("odcreat:   %s%s is %s: uid %lld's calls go instead to files %s%lld-KEY.log, one "
			       "for each program run, each a name nobody else can know (report reads them)\n",
			       dir, e->d_name, why, uid, dir, uid);
	}
	closedir(d);
}

/* Whether DIR, without its trailing slashes, is a symlink, which the library does not follow. */
static bool odc_dir_is_link(const char *dir)
{
	char path[PATH_MAX];
	size_t n = strlen(dir);
	struct stat st;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n >= sizeof path)
		return false;
	memcpy(path, dir, n);
	path[n] = '\0';
	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* A log directory: every user, where its owner and mode are right; otherwise what is wrong. */
static int odc_explain_dir(const char *dir)
{
	struct stat st;
	long fd = odc_log_dir_open(dir, &st);
	const char *why = fd < 0 && odc_dir_is_link(dir) ? "it is a symlink, which is not followed"
			 : fd < 0      ? strerror((int)-fd)
				       : odc_log_dir_refusal(&st);

	if (why) {
		printf("records no user's calls: %s (install -d -m 1733 -o root %s makes one that records every user)\n",
		       why, dir);
		if (fd >= 0)
			close((int)fd);
		return 1;
	}
	int bad = 0;
	if ((st.st_mode & (S_IWOTH | S_IXOTH)) == (S_IWOTH | S_IXOTH)) {
		printf("records every user's calls, each in %sUID.log, a file of that user's own\n", dir);
	} else {
		printf("records only root's calls%s: others may not create their files in it (mode %04o; 1733 lets every user)\n",
		       (st.st_mode & (S_IWGRP | S_IXGRP)) == (S_IWGRP | S_IXGRP) ? " and its group's" : "",
		       (unsigned)(st.st_mode & 07777));
		bad = 1;
	}
	odc_explain_dir_files((int)fd, dir);
	close((int)fd);
	return bad;
}

int odc_explain_log(const char *file, unsigned line, const char *value)
{
	printf("odcreat: %s:%u: log = %s: ", file, line, value);
	switch (odc_log_kind_of(value)) {
	case ODC_LOG_SYSLOG:
	case ODC_LOG_JOURNAL:
		printf("records every user's calls\n");
		return 0;
	case ODC_LOG_STDERR:
		printf("each program writes its calls to its own standard error, nowhere in common\n");
		return 0;
	case ODC_LOG_DIR:
		return odc_explain_dir(value);
	default:
		return odc_explain_file(value);
	}
}
