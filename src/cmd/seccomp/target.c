/*
 * What the supervisor reads about a target, all of it from /proc, pidfds
 * and process_vm_readv. The supervisor acts with its own credentials, in
 * its own root and mount namespace, so it acts for a target only when those
 * are the target's too; otherwise it refuses, and says why.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "odc_seccomp_abi.h"
#include "odc_target.h"

/* process_vm_readv never reads across this boundary in one piece. */
#define ODC_CHUNK 4096

/* What has to match between the supervisor and a target. */
struct odc_identity {
	char *credentials;	/* fs ids, groups, capabilities, user namespace */
	char *place;		/* root directory and mount namespace */
};

static struct odc_identity odc_self;

/*
 * The whole of a small /proc file, NUL-terminated and malloc'd; NULL and
 * errno on failure. /proc makes such a file whole for one read: a read
 * shorter than the room left is its end, and needs no second read to say so.
 */
static char *odc_slurp(const char *path)
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
static const char *odc_field(const char *status, const char *name, int *len)
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
static const char *odc_fs_id(const char *status, const char *name, int *len)
{
	const char *v = odc_field(status, name, len);

	for (int skip = 0; skip < 3; skip++) {
		v += strcspn(v, " \t\n");
		v += strspn(v, " \t");
	}
	*len = (int)strcspn(v, " \t\n");
	return v;
}

static unsigned long long odc_inode(const char *path, dev_t *dev)
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
static int odc_ns(pid_t pid, const char *ns, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/ns/%s", pid, ns);
	ssize_t n = readlink(path, buf, size - 1);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

static int odc_identity_read(pid_t pid, const char *status, struct odc_identity *id)
{
	char path[64], userns[64], mntns[64];
	int uid_len, gid_len, groups_len, caps_len;
	const char *uid = odc_fs_id(status, "Uid", &uid_len);
	const char *gid = odc_fs_id(status, "Gid", &gid_len);
	const char *groups = odc_field(status, "Groups", &groups_len);
	const char *caps = odc_field(status, "CapEff", &caps_len);
	dev_t root_dev = 0;

	snprintf(path, sizeof path, "/proc/%d/root", pid);
	unsigned long long root = odc_inode(path, &root_dev);

	if (odc_ns(pid, "user", userns, sizeof userns) < 0 ||
	    odc_ns(pid, "mnt", mntns, sizeof mntns) < 0 || !root || !uid_len || !gid_len)
		return -ESRCH;
	if (asprintf(&id->credentials, "uid %.*s gid %.*s caps %.*s %s groups %.*s",
		     uid_len, uid, gid_len, gid, caps_len, caps, userns, groups_len, groups) < 0)
		return -ENOMEM;
	if (asprintf(&id->place, "%s root %llu:%llu", mntns, (unsigned long long)root_dev,
		     root) < 0) {
		free(id->credentials);
		return -ENOMEM;
	}
	return 0;
}

static void odc_identity_free(struct odc_identity *id)
{
	free(id->credentials);
	free(id->place);
}

int odc_target_init(void)
{
	char *status = odc_slurp("/proc/self/status");

	if (!status)
		return -errno;
	int ret = odc_identity_read(getpid(), status, &odc_self);
	free(status);
	return ret;
}

static const char *odc_refusal(const struct odc_identity *id)
{
	if (strcmp(id->credentials, odc_self.credentials) != 0)
		return "its credentials differ from the supervisor's";
	if (strcmp(id->place, odc_self.place) != 0)
		return "its root directory or mount namespace differs from the supervisor's";
	return NULL;
}

/* The process's name, up to a newline in it, as /proc/TGID/comm has it. */
static void odc_target_comm(struct odc_target *t)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/comm", t->tgid);
	char *comm = odc_slurp(path);
	snprintf(t->prog, sizeof t->prog, "%.*s", comm ? (int)strcspn(comm, "\n") : 0,
		 comm ? comm : "");
	free(comm);
}

/*
 * The same, without reading comm, when the caller is the process's first
 * thread: its status has the name as Name, where the kernel wrote a
 * backslash as \\ and a newline as \n.
 */
static void odc_target_name(struct odc_target *t, const char *status)
{
	int len;
	const char *name = odc_field(status, "Name", &len);
	size_t n = 0;

	if (t->tid != t->tgid) {
		odc_target_comm(t);
		return;
	}
	for (int i = 0; i < len && n + 1 < sizeof t->prog; i++) {
		char c = name[i];
		if (c == '\\' && i + 1 < len && (c = name[++i]) == 'n')
			break;
		t->prog[n++] = c;
	}
	t->prog[n] = '\0';
}

void odc_target_read(struct odc_target *t, pid_t tid)
{
	const char *earlier = t->refused;
	char path[64];
	struct odc_identity id;
	int len;

	*t = (struct odc_target){ .tid = tid, .tgid = tid,
				  .refused = "the supervisor cannot read its /proc entries" };
	snprintf(path, sizeof path, "/proc/%d/status", tid);
	char *status = odc_slurp(path);
	if (status && odc_identity_read(tid, status, &id) == 0) {
		t->tgid = (pid_t)strtol(odc_field(status, "Tgid", &len), NULL, 10);
		t->umask = (mode_t)strtoul(odc_field(status, "Umask", &len), NULL, 8);
		t->refused = odc_refusal(&id);
		odc_target_name(t, status);
		odc_identity_free(&id);
	}
	free(status);
	if (earlier)
		t->refused = earlier;
}

/* /proc's magic links say EACCES where process_vm_readv and pidfd_getfd say EPERM. */
static int odc_target_access_failed(struct odc_target *t)
{
	if (errno == EPERM || errno == EACCES)
		t->refused = "the supervisor may not inspect it (ptrace access mode)";
	return -errno;
}

/* One piece that does not cross a page: the bytes read, or a negative errno. */
static ssize_t odc_target_read_piece(struct odc_target *t, uint64_t addr, char *buf,
				     size_t len)
{
	struct iovec local = { .iov_base = buf, .iov_len = len };
	struct iovec remote = { .iov_base = (void *)(uintptr_t)addr, .iov_len = len };
	ssize_t n = process_vm_readv(t->tid, &local, 1, &remote, 1, 0);

	if (n > 0)
		return n;
	return n == 0 ? -EFAULT : odc_target_access_failed(t);
}

/*
 * LEN bytes at ADDR in T, piece by piece, or with STRING up to the first
 * NUL: the bytes copied, or a negative errno.
 */
static ssize_t odc_target_read_mem(struct odc_target *t, uint64_t addr, char *buf, size_t len,
				   bool string)
{
	size_t done = 0;

	while (done < len) {
		size_t piece = ODC_CHUNK - (addr + done) % ODC_CHUNK;
		ssize_t n = odc_target_read_piece(t, addr + done, buf + done,
						  piece < len - done ? piece : len - done);
		if (n < 0)
			return n;
		if (string && memchr(buf + done, '\0', (size_t)n))
			return (ssize_t)(done + (size_t)n);
		done += (size_t)n;
	}
	return (ssize_t)done;
}

int odc_target_copy(struct odc_target *t, uint64_t addr, void *buf, size_t len)
{
	ssize_t n = odc_target_read_mem(t, addr, buf, len, false);

	return n < 0 ? (int)n : 0;
}

int odc_target_path(struct odc_target *t, uint64_t addr, char *buf, size_t cap)
{
	ssize_t n = odc_target_read_mem(t, addr, buf, cap, true);

	if (n < 0)
		return (int)n;
	return memchr(buf, '\0', (size_t)n) ? 0 : -ENAMETOOLONG;
}

static int odc_target_pidfd(const struct odc_target *t)
{
	int pidfd = odc_pidfd_open(t->tid, ODC_PIDFD_THREAD);

	if (pidfd < 0 && errno == EINVAL)
		pidfd = odc_pidfd_open(t->tgid, 0);
	return pidfd;
}

int odc_target_dirfd(struct odc_target *t, int dirfd)
{
	int fd;

	if (dirfd == AT_FDCWD) {
		char path[64];
		snprintf(path, sizeof path, "/proc/%d/cwd", t->tid);
		fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	} else {
		int pidfd = odc_target_pidfd(t);
		if (pidfd < 0)
			return odc_target_access_failed(t);
		fd = odc_pidfd_getfd(pidfd, dirfd, 0);
		int err = errno;
		close(pidfd);
		errno = err;
	}
	return fd < 0 ? odc_target_access_failed(t) : fd;
}

int odc_target_fd_room(const struct odc_target *t)
{
	struct rlimit limit;
	char path[64];

	if (prlimit(t->tgid, RLIMIT_NOFILE, NULL, &limit) < 0)
		return 0;
	snprintf(path, sizeof path, "/proc/%d/fd", t->tid);
	DIR *dir = opendir(path);
	if (!dir)
		return 0;
	rlim_t below = 0;
	for (struct dirent *e; below < limit.rlim_cur && (e = readdir(dir));)
		below += e->d_name[0] != '.' && strtoull(e->d_name, NULL, 10) < limit.rlim_cur;
	closedir(dir);
	return below < limit.rlim_cur ? 0 : -EMFILE;
}
