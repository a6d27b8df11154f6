/*
 * A cgroup v2 id as a path: the id is the cgroup directory's inode number,
 * and cgroup2 file handles are made of it, so the directory is opened by
 * handle and named by /proc, with no walk of the hierarchy.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_watch.h"

/* include/linux/exportfs.h: kernfs's handles hold the node's 64-bit id. */
#define ODC_FILEID_KERNFS 0xfe

/* Where cgroup2 is mounted here (the first one in mountinfo), into MNT; whether it is. */
static bool odc_cgroup2_mount(char *mnt, size_t size)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], point[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof line, f)) {
		const char *dash = strstr(line, " - cgroup2 ");
		found = dash && sscanf(line, "%*s %*s %*s %*s %4095s", point) == 1 &&
			strlen(point) < size;
	}
	fclose(f);
	if (found)
		strcpy(mnt, point);
	return found;
}

/*
 * cgroup2's mount, found and opened once (every event asks), into MNT:
 * its descriptor, or -1 where none is yet (looked for again next time).
 */
static int odc_cgroup2_open(const char **mnt)
{
	static char point[PATH_MAX];
	static int fd = -1;

	if (fd < 0 && odc_cgroup2_mount(point, sizeof point))
		fd = open(point, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	*mnt = point;
	return fd;
}

void odc_watch_cgroup(unsigned long long id, char *path, size_t size)
{
	char link[64], name[PATH_MAX];
	const char *mnt;
	union {
		struct file_handle fh;
		char room[sizeof(struct file_handle) + sizeof id];
	} h = { .fh = { .handle_bytes = sizeof id, .handle_type = ODC_FILEID_KERNFS } };

	path[0] = '\0';
	int mfd = odc_cgroup2_open(&mnt);
	if (mfd < 0)
		return;
	memcpy(h.fh.f_handle, &id, sizeof id);
	int fd = open_by_handle_at(mfd, &h.fh, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, name, sizeof name - 1);
	close(fd);
	size_t skip = strcmp(mnt, "/") == 0 ? 0 : strlen(mnt);
	if (n <= 0 || (size_t)n < skip || strncmp(name, mnt, skip) != 0)
		return;
	name[n] = '\0';
	snprintf(path, size, "%s", name[skip] ? name + skip : "/");
}
