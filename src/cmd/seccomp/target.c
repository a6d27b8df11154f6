/*
 * What the supervisor reads about a target, from /proc (src/cmd/seccomp/
 * proc.c), pidfds and process_vm_readv (target_mem.c). The supervisor acts with its own credentials, in
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

#include "odc_proc.h"
#include "odc_seccomp_abi.h"
#include "odc_target.h"

/* What has to match between the supervisor and a target. */
struct odc_identity {
	char *credentials;	/* fs ids, groups, capabilities, user namespace */
	char *place;		/* root directory and mount namespace */
};

static struct odc_identity odc_self;

static int odc_identity_read(pid_t pid, const char *status, struct odc_identity *id)
{
	char path[64], userns[64], mntns[64];
	int uid_len, gid_len, groups_len, caps_len;
	const char *uid = odc_proc_fs_id(status, "Uid", &uid_len);
	const char *gid = odc_proc_fs_id(status, "Gid", &gid_len);
	const char *groups = odc_proc_field(status, "Groups", &groups_len);
	const char *caps = odc_proc_field(status, "CapEff", &caps_len);
	dev_t root_dev = 0;

	snprintf(path, sizeof path, "/proc/%d/root", pid);
	unsigned long long root = odc_proc_inode(path, &root_dev);

	if (odc_proc_ns(pid, "user", userns, sizeof userns) < 0 ||
	    odc_proc_ns(pid, "mnt", mntns, sizeof mntns) < 0 || !root || !uid_len || !gid_len)
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
	char *status = odc_proc_slurp("/proc/self/status");

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
	char *comm = odc_proc_slurp(path);
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
	const char *name = odc_proc_field(status, "Name", &len);
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

const char *odc_target_read(struct odc_target *t, pid_t tid)
{
	const char *refused = "the supervisor cannot read its /proc entries";
	char path[64];
	struct odc_identity id;
	int len;

	*t = (struct odc_target){ .tid = tid, .tgid = tid };
	snprintf(path, sizeof path, "/proc/%d/status", tid);
	char *status = odc_proc_slurp(path);
	if (status && odc_identity_read(tid, status, &id) == 0) {
		t->tgid = (pid_t)strtol(odc_proc_field(status, "Tgid", &len), NULL, 10);
		t->umask = (mode_t)strtoul(odc_proc_field(status, "Umask", &len), NULL, 8);
		refused = odc_refusal(&id);
		odc_target_name(t, status);
		odc_identity_free(&id);
	}
	free(status);
	return refused;
}

/* /proc's magic links say EACCES where process_vm_readv and pidfd_getfd say EPERM. */
const char *odc_target_refusal(long err)
{
	if (err == -EPERM || err == -EACCES)
		return "the supervisor may not inspect it (ptrace access mode)";
	return NULL;
}

static int odc_target_pidfd(const struct odc_target *t)
{
	int pidfd = odc_pidfd_open(t->tid, ODC_PIDFD_THREAD);

	if (pidfd < 0 && errno == EINVAL)
		pidfd = odc_pidfd_open(t->tgid, 0);
	return pidfd;
}

int odc_target_dirfd(const struct odc_target *t, int dirfd)
{
	int fd;

	if (dirfd == AT_FDCWD) {
		char path[64];
		snprintf(path, sizeof path, "/proc/%d/cwd", t->tid);
		fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	} else {
		int pidfd = odc_target_pidfd(t);
		if (pidfd < 0)
			return -errno;
		fd = odc_pidfd_getfd(pidfd, dirfd, 0);
		int err = errno;
		close(pidfd);
		errno = err;
	}
	return fd < 0 ? -errno : fd;
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

