/*
 * A module opened as the line's user could open it, and nothing else
 * opened on the way. where= names a file as the kernel found it when the
 * code ran (/proc/self/maps: absolute, without a symlink, "." or ".."),
 * so a symlink on the way now means the path was changed since, likely by
 * whoever can change it: none is followed. Each component is looked up
 * with O_PATH|O_NOFOLLOW, which opens nothing (no device's open, no FIFO
 * wait), from the directory before it, by descriptor; the last must be a
 * regular file, and only then is it opened for reading, through
 * /proc/self/fd, which reopens that very inode with the rights checked
 * anew. One walk on every kernel: openat2's RESOLVE_NO_SYMLINKS (5.6)
 * would do the same in one call, with a second way beside it for older
 * kernels that this machine's tests would never take.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_resolve.h"

/* Whether PATH is absolute and as the kernel writes one: no empty, "." or ".." component. */
static bool odc_path_plain(const char *path)
{
	if (path[0] != '/' || strlen(path) >= PATH_MAX)
		return false;
	for (const char *c = path + 1;; c += strcspn(c, "/") + 1) {
		size_t len = strcspn(c, "/");
		if (len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.'))
			return false;
		if (!c[len])
			return true;
	}
}

/* The component NAME under DIR, looked up and opened as nothing (O_PATH); -1 with *WHY. */
static int odc_step(int dir, const char *name, bool last, const char **why)
{
	struct stat st;
	int fd = openat(dir, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0) {
		*why = errno == EACCES ? "its user may not reach it (Permission denied)" : strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) < 0)
		*why = strerror(errno);
	else if (S_ISLNK(st.st_mode))
		*why = "its path has a symlink now (where= names none)";
	else if (!last && !S_ISDIR(st.st_mode))
		*why = "a part of its path is not a directory";
	else if (last && !S_ISREG(st.st_mode))
		*why = S_ISFIFO(st.st_mode) ? "not a regular file but a FIFO"
		       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "not a regular file but a device"
								   : "not a regular file";
	else
		return fd;
	close(fd);
	return -1;
}

int odc_open_module(const char *path, const char **why)
{
	char name[NAME_MAX + 1], proc[64];
	int dir;

	if (!odc_path_plain(path)) {
		*why = "not an absolute path as the kernel writes one";
		return -1;
	}
	if ((dir = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0) {
		*why = strerror(errno);
		return -1;
	}
	for (const char *c = path + 1; dir >= 0;) {
		size_t len = strcspn(c, "/");
		if (len >= sizeof name) {
			*why = strerror(ENAMETOOLONG);
			close(dir);
			return -1;
		}
		memcpy(name, c, len);
		name[len] = '\0';
		int next = odc_step(dir, name, !c[len], why);
		close(dir);
		dir = next;
		if (!c[len])
			break;
		c += len + 1;
	}
	if (dir < 0)
		return -1;
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", dir);
	int fd = open(proc, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		*why = errno == EACCES ? "its user may not read it (Permission denied)"
		       : errno == ENOENT ? "no /proc to open it through" : strerror(errno);
	close(dir);
	return fd;
}
