/*
 * Files of /etc and of the state's directory, read and replaced through
 * the directory's descriptor, never through a name a racer could swap: a
 * new file written beside the old one, given its mode and owner, and
 * renamed over it, so that a reader sees either file whole. Only root may
 * write these directories; the checks before a rename catch another
 * administrator's edit made meanwhile, not an attacker.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_survey_parts.h"

/* Read FD to its end into F->data: 0, or a negative errno. */
static int odc_file_slurp(int fd, struct odc_file *f)
{
	size_t cap = (size_t)f->st.st_size + 1;

	f->data = malloc(cap);
	f->len = 0;
	for (;;) {
		if (!f->data)
			return -ENOMEM;
		ssize_t n = read(fd, f->data + f->len, cap - f->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return 0;
		f->len += (size_t)n;
		if (f->len == cap) {
			char *more = realloc(f->data, cap *= 2);
			if (!more)
				free(f->data);
			f->data = more;
		}
	}
}

const char *odc_file_read(int dirfd, const char *name, struct odc_file *f)
{
	*f = (struct odc_file){ 0 };
	/* O_PATH first: a FIFO or a device is looked at, never opened. */
	int path = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (path < 0)
		return errno == ENOENT ? NULL : strerror(errno);
	f->exists = true;
	if (fstat(path, &f->st) < 0 || !S_ISREG(f->st.st_mode)) {
		int err = errno;
		close(path);
		return S_ISLNK(f->st.st_mode) ? "a symlink"
		       : f->st.st_mode	      ? "not a regular file" : strerror(err);
	}
	char proc[32];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", path);
	int fd = open(proc, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	close(path);
	if (fd < 0)
		return strerror(errno);
	int err = odc_file_slurp(fd, f);
	close(fd);
	return err ? strerror(-err) : NULL;
}

void odc_file_free(struct odc_file *f)
{
	free(f->data);
	f->data = NULL;
}

/* Whether NAME in DIRFD is still the file WAS read (or, WAS absent, still nothing). */
static bool odc_file_unchanged(int dirfd, const char *name, const struct odc_file *was)
{
	struct stat now;

	if (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT && !was->exists;
	const struct stat *then = &was->st;
	return was->exists && now.st_dev == then->st_dev && now.st_ino == then->st_ino &&
	       now.st_size == then->st_size && now.st_mtim.tv_sec == then->st_mtim.tv_sec &&
	       now.st_mtim.tv_nsec == then->st_mtim.tv_nsec &&
	       now.st_ctim.tv_sec == then->st_ctim.tv_sec &&
	       now.st_ctim.tv_nsec == then->st_ctim.tv_nsec;
}

/* DATA written whole to FD, then to the disk: 0 or a negative errno. */
static int odc_file_write(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		data += n;
		len -= (size_t)n;
	}
	return fsync(fd) < 0 ? -errno : 0;
}

/* A new file "NAME.odcreat-PID-N" beside NAME, named in TMP: a descriptor, or -errno. */
static int odc_file_temp(int dirfd, const char *name, char tmp[PATH_MAX])
{
	for (int n = 0; n < 100; n++) {
		snprintf(tmp, PATH_MAX, "%s.odcreat-%d-%d", name, (int)getpid(), n);
		int fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				0600);
		if (fd >= 0 || errno != EEXIST)
			return fd < 0 ? -errno : fd;
	}
	return -EEXIST;
}

/*
 * TMP put in NAME's place: renamed over WAS, or, where WAS is absent, linked
 * there, which fails if anything has taken the name meanwhile.
 */
static int odc_file_install(int dirfd, const char *tmp, const char *name,
			    const struct odc_file *was)
{
	if (!odc_file_unchanged(dirfd, name, was))
		return -ESTALE;
	if (was->exists)
		return renameat(dirfd, tmp, dirfd, name) < 0 ? -errno : 0;
	if (linkat(dirfd, tmp, dirfd, name, 0) < 0)
		return errno == EEXIST ? -ESTALE : -errno;
	unlinkat(dirfd, tmp, 0);
	return 0;
}

int odc_file_replace(int dirfd, const char *name, const char *data, size_t len,
		     const struct odc_file *was, mode_t mode)
{
	char tmp[PATH_MAX];
	int fd = odc_file_temp(dirfd, name, tmp);

	if (fd < 0)
		return fd;
	uid_t uid = was->exists ? was->st.st_uid : 0;
	gid_t gid = was->exists ? was->st.st_gid : 0;
	mode = was->exists ? was->st.st_mode & 07777 : mode;
	int err = fchown(fd, uid, gid) < 0 || fchmod(fd, mode) < 0 ? -errno
		  : odc_file_write(fd, data, len);
	close(fd);
	if (!err)
		err = odc_file_install(dirfd, tmp, name, was);
	if (err) {
		unlinkat(dirfd, tmp, 0);
		return err;
	}
	/* The rename itself on the disk too. */
	fsync(dirfd);
	return 0;
}

int odc_file_remove(int dirfd, const char *name, const struct odc_file *was)
{
	if (!odc_file_unchanged(dirfd, name, was))
		return -ESTALE;
	if (unlinkat(dirfd, name, 0) < 0)
		return -errno;
	fsync(dirfd);
	return 0;
}
