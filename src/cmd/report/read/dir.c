/*
 * odcreat report DIR/: a log directory's files (log = DIR/), each the
 * lines of one user, whom the file's owner names: the kernel's word, not
 * the lines'. The library writes DIR/N.log, or where another user took
 * that name DIR/N-KEY.log, only where it is a regular file that N owns,
 * with one link, that group and others cannot write; a file that is not
 * so now is skipped, said once, since another user may have written it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_log_dir.h"
#include "odc_report_grow.h"
#include "odc_report_read.h"
#include "odc_report_source.h"
#include "odc_say.h"

/*
 * A log directory's files in the order of their uids, then names, so that
 * reports of one directory agree.
 */
struct odc_log_file {
	unsigned long long uid;
	char name[ODC_LOG_DIR_NAME_MAX];
};

static int odc_by_uid(const void *a, const void *b)
{
	const struct odc_log_file *x = a, *y = b;

	return x->uid != y->uid ? (x->uid > y->uid) - (x->uid < y->uid) : strcmp(x->name, y->name);
}

/*
 * The library's files in the directory open at DIRFD (readdir, not
 * scandirat, which musl lacks): their count, or -1.
 */
static long odc_list(int dirfd, struct odc_log_file **files)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	const struct dirent *e;
	size_t n = 0, cap = 0;

	*files = NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(d))) {
		long long uid = odc_log_dir_name_uid(e->d_name);
		size_t len = strlen(e->d_name);
		if (uid < 0 || len >= sizeof (*files)->name)
			continue;
		*files = odc_report_room(*files, &cap, n, sizeof **files);
		(*files)[n].uid = (unsigned long long)uid;
		memcpy((*files)[n++].name, e->d_name, len + 1);
	}
	closedir(d);
	qsort(*files, n, sizeof **files, odc_by_uid);
	return (long)n;
}

/* The files skipped that are named one by one; the rest are counted. */
#define ODC_SKIPS_SAID 10

static void odc_skip(struct odc_report *rep, const char *file, const char *why)
{
	if (rep->skipped++ < ODC_SKIPS_SAID)
		odc_say("odcreat report: %s: skipped: %s\n", file, why);
}

/* Why NAME, which ST describes, is not the file of UID alone: NULL where it is. */
static const char *odc_file_refusal(const struct stat *st, unsigned long uid, char *why, size_t size)
{
	if (S_ISREG(st->st_mode) && st->st_uid != uid) {
		snprintf(why, size, "owned by uid %lu, not by uid %lu", (unsigned long)st->st_uid, uid);
		return why;
	}
	return odc_log_dir_file_refusal(st, (uid_t)uid);
}

/*
 * One file of the directory, opened where it is its user's own, as the
 * input S: 1; 0 where it is skipped, said; -1 where no more files can be
 * open at once (said: skipped, it would make the table look whole).
 */
static int odc_open_one(struct odc_report *rep, int dirfd, const char *dir, const char *name,
			struct odc_source *s, size_t size)
{
	unsigned long uid = (unsigned long)odc_log_dir_name_uid(name);
	char file[PATH_MAX + 64], why[96];
	struct stat st;
	const char *refusal = NULL;

	snprintf(file, sizeof file, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
		odc_say("odcreat report: %s: %s\n", file, strerror(errno));
		return -1;
	}
	if (fd < 0) {
		odc_skip(rep, file, errno == ELOOP ? "a symlink" : strerror(errno));
		return 0;
	}
	if (fstat(fd, &st) < 0)
		refusal = strerror(errno);
	else
		refusal = odc_file_refusal(&st, uid, why, sizeof why);
	if (refusal) {
		odc_skip(rep, file, refusal);
		close(fd);
		return 0;
	}
	odc_source_lines(s, fd, file, (long long)uid, size);
	s->closes = true;
	return 1;
}

/*
 * The files of the directory open at DIRFD, its user's own each, read
 * together (merge.c): the watcher's lines, in root's, meet the library's
 * of the same calls, in their users' files. 0, or -1 where one could not
 * be read to its end, or opened for a reason other than its own.
 */
static int odc_read_files(struct odc_report *rep, int dirfd, const char *dir,
			  const struct odc_log_file *files, size_t n)
{
	struct odc_source *s = odc_report_grow(NULL, (n ? n : 1) * sizeof *s);
	size_t open = 0;
	int status = 0;

	for (size_t i = 0; i < n && status == 0; i++) {
		int opened = odc_open_one(rep, dirfd, dir, files[i].name, &s[open], odc_source_buffer(n));
		open += opened > 0;
		status = opened < 0 ? -1 : 0;
	}
	status |= odc_report_read_sources(rep, s, open);
	free(s);
	return status;
}

static void odc_cannot_list(const char *dir)
{
	odc_say("odcreat report: %s: %s%s\n", dir, strerror(errno),
		errno == EACCES ? " (only root may list a log directory of mode 1733)" : "");
}

int odc_report_read_dir(struct odc_report *rep, const char *dir)
{
	int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct stat st;

	if (dirfd < 0) {
		odc_cannot_list(dir);
		return -1;
	}
	/* Its files are judged one by one; a directory the library refuses holds nothing new. */
	const char *refusal = fstat(dirfd, &st) == 0 ? odc_log_dir_refusal(&st) : NULL;
	if (refusal)
		odc_say("odcreat report: %s: the library writes nothing here: %s\n", dir, refusal);
	struct odc_log_file *files;
	long n = odc_list(dirfd, &files);
	if (n < 0) {
		odc_cannot_list(dir);
		close(dirfd);
		return -1;
	}
	long before = rep->skipped;
	int status = odc_read_files(rep, dirfd, dir, files, (size_t)n);
	long unsaid = rep->skipped - (before > ODC_SKIPS_SAID ? before : ODC_SKIPS_SAID);
	if (unsaid > 0)
		odc_say("odcreat report: %s: %ld more files skipped\n", dir, unsaid);
	free(files);
	close(dirfd);
	return status;
}
