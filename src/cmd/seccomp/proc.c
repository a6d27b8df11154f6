/* Reading /proc's small text files and links, as the supervisor does for each target. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_proc.h"

/*
 * The whole of a small /proc file, NUL-terminated and malloc'd; NULL and
 * errno on failure. /proc makes such a file whole for one read: a read
 * shorter than the room left is its end, and needs no second read to say so.
 */
char *odc_proc_slurp(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	while (buf) {
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n < 0) {
			free(buf);
			buf = NULL;
			break;
		}
		len += (size_t)n;
		if (len + 1 < cap) {
			buf[len] = '\0';
			break;
		}
		char *bigger = realloc(buf, cap *= 2);
		if (!bigger)
			free(buf);
		buf = bigger;
	}
	int err = errno;
	close(fd);
	errno = err;
	return buf;
}

/* Field NAME of a /proc status text: its value, up to the end of its line. */
const char *odc_proc_field(const char *status, const char *name, int *len)
{
	size_t n = strlen(name);

	for (const char *line = status; *line; line += strcspn(line, "\n") + 1) {
		if (strncmp(line, name, n) != 0 || line[n] != ':')
			continue;
		const char *value = line + n + 1 + strspn(line + n + 1, " \t");
		*len = (int)strcspn(value, "\n");
		return value;
	}
	*len = 0;
	return "";
}

/* The fourth of the Uid or Gid fields: the id that file access checks use. */
const char *odc_proc_fs_id(const char *status, const char *name, int *len)
{
	const char *v = odc_proc_field(status, name, len);

	for (int skip = 0; skip < 3; skip++) {
		v += strcspn(v, " \t\n");
		v += strspn(v, " \t");
	}
	*len = (int)strcspn(v, " \t\n");
	return v;
}

unsigned long long odc_proc_inode(const char *path, dev_t *dev)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;
	*dev = st.st_dev;
	return st.st_ino;
}

/*
 * A namespace's link, such as "mnt:[4026531841]": the number is the inode
 * that stat would show, and readlink says it for half of stat's cost.
 */
int odc_proc_ns(pid_t pid, const char *ns, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/ns/%s", pid, ns);
	ssize_t n = readlink(path, buf, size - 1);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

