/*
 * A reader (odcreat-watch --reader, started for one look by reader.c):
 * it becomes the caller, then looks from inside the caller's root at what
 * the caller sees, and answers on its descriptor 0, its only one. Before
 * it touches anything of the caller's, its three uids and three gids are
 * the caller's effective ones, its groups the caller's (the kernel's, at
 * the call), its capabilities
 * (bounding, ambient, inheritable) none but CAP_SYS_CHROOT, permitted and
 * effective for the chroot into the caller's root alone, and no_new_privs
 * is set; after the chroot it has no capability at all, and it is not
 * dumpable, so the caller, whose uid it has, cannot trace it. What
 * look.c decided may be told is read here, in the root and the
 * directory the kernel saw at the call (the same inode on the same mount),
 * and only there: the caller's own, or where it is gone, those the
 * kernel's name of its directory leads to from a root in its mount
 * namespace.
 *
 * The state is read as the caller sees it (before.c): a directory the
 * caller cannot reach is told as the error that its state then is, so
 * nothing is learnt of it that the caller could not learn.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_libc.h"
#include "odc_look.h"

/* This process's capabilities: KEEP (a bit of the first 32) permitted and effective, no other. */
static bool odc_caps_only(unsigned keep)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3] = { { .effective = keep, .permitted = keep } };

	return syscall(SYS_capset, &h, d) == 0;
}

/* This process made ASK's caller, but for CAP_SYS_CHROOT: whether it was. */
static bool odc_become(const struct odc_reader_ask *ask)
{
	uid_t uid = ask->e.euid;
	gid_t gid = ask->e.egid;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 ||
	    setgroups((size_t)ask->ngroups, ask->groups) < 0 || setresgid(gid, gid, gid) < 0)
		return false;
	/* Every capability out of the bounding set, up to the last this kernel has (then EINVAL). */
	int cap = 0;
	while (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0)
		cap++;
	if (errno != EINVAL || cap <= CAP_SYS_CHROOT)
		return false;
	return prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) == 0 && setresuid(uid, uid, uid) == 0 &&
	       prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0) == 0 && odc_caps_only(1U << CAP_SYS_CHROOT) &&
	       prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0;
}

/* The name of what FD refers to, from this process's root, the caller's, into NAME. */
static void odc_fd_name(int proc, int fd, char *name, size_t size)
{
	char link[32];
	ssize_t n = -1;

	snprintf(link, sizeof link, "self/fd/%d", fd);
	if (fd >= 0)
		n = readlinkat(proc, link, name, size);
	/* One too long is kept cut: the line marks it. */
	name[n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1] = '\0';
}

/* Whether FD is the directory the kernel saw as ID: the same inode on the same mount (where it saw one). */
static bool odc_is(int fd, const struct odc_watch_dir_id *id)
{
	struct statx st;

	if (!id->ino)
		return true;
	return statx(fd, "", AT_EMPTY_PATH, STATX_INO | STATX_MNT_ID, &st) == 0 && (st.stx_mask & STATX_MNT_ID) &&
	       st.stx_ino == id->ino && st.stx_mnt_id == id->mnt_id;
}

/*
 * The directory the kernel named at E's call, found again by that name
 * from the root this reader is in, into *DIR: NULL, or why not. The
 * kernel's name has no symlink in it: none is followed. Looked up as the
 * caller, who may be unable to search a directory on the way to its own
 * (it was handed a descriptor, or got there before it lost the right):
 * unreachable, which says nothing of where the directory is.
 */
static const char *odc_open_named(const struct odc_watch_event *e, int *dir)
{
	struct odc_open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC, .resolve = ODC_RESOLVE_NO_SYMLINKS };
	long fd = odc_libc_openat2(AT_FDCWD, odc_watch_kernel_dir(e), &how, sizeof how);

	if (fd == -EACCES || fd == -EPERM)
		return "unreachable";
	if (fd == -ENOENT || fd == -ENOTDIR || fd == -ELOOP)
		return "moved";	/* nothing there now, or no directory, or a symlink */
	if (fd < 0)
		return "root";
	odc_close(dir);
	*dir = (int)fd;
	return NULL;
}

/*
 * Whether ASK's script names a regular file as the caller finds it, from
 * the working directory its thread had at the call, in its root (this
 * reader's now): 1, its name the kernel's (through PROC: from that root,
 * symlinks followed, as the library's) in LOOK; 0; or -1 where that
 * directory cannot be vouched for. A live caller's is *CWD, held; a gone
 * caller's is found by the name the kernel took at the call where that
 * was its working directory (a relative path's, from AT_FDCWD), no other.
 */
static int odc_script_file(const struct odc_reader_ask *ask, int *cwd, int proc, struct odc_watch_look *look)
{
	const struct odc_watch_event *e = &ask->e;
	struct stat st;
	int at = AT_FDCWD;	/* the root, for an absolute name */

	if (!ask->script[0])
		return -1;
	if (ask->script[0] != '/') {
		bool named_cwd = e->dirfd == AT_FDCWD && e->path[0] != '/' && odc_watch_kernel_dir(e);
		if (ask->named && (!named_cwd || odc_open_named(e, cwd)))
			return -1;
		if (!e->cwd.ino || *cwd < 0 || !odc_is(*cwd, &e->cwd))
			return -1;
		at = *cwd;
	}
	int fd = openat(at, ask->script, O_PATH | O_CLOEXEC);
	bool file = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	if (file)
		odc_fd_name(proc, fd, look->script, sizeof look->script);
	odc_close(&fd);
	return file && look->script[0] == '/';
}

/*
 * ASK's look, with the caller's descriptors FDS (root, dir, /proc, cwd), into
 * LOOK: NULL, or why it is not whole. It is made only in the root and the
 * directory the kernel saw at the call: where either is another now, the
 * caller's (it chrooted, or its directory was swapped) or one in its mount
 * namespace (ASK->named: the caller is gone), nothing is told. Each
 * descriptor is closed once used, so that a look that never ends holds
 * none of them.
 */
static const char *odc_look_as_caller(const struct odc_reader_ask *ask, int *fds, struct odc_watch_look *look)
{
	const struct odc_watch_event *e = &ask->e;
	int *root = &fds[0], *dir = &fds[1], *proc = &fds[2];
	const char *why;

	if (*root < 0 || *dir < 0 || *proc < 0)
		return "root";
	if (!odc_become(ask))
		return "ids";
	if (fchdir(*root) < 0 || chroot(".") < 0 || !odc_caps_only(0))
		return "root";
	/* A reader whose watcher has gone ends too. */
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (!odc_is(*root, &e->root))
		return ask->named ? "gone" : "moved";	/* a root in its mount namespace, not the caller's */
	odc_close(root);
	look->script_file = (signed char)odc_script_file(ask, &fds[3], *proc, look);
	odc_close(&fds[3]);
	if (ask->named && e->path[0] != '/' && (why = odc_open_named(e, dir)))
		return why;
	if (!odc_is(*dir, &e->dir))
		return "moved";
	if (e->path[0] != '/' && !odc_watch_kernel_dir(e))
		odc_fd_name(*proc, *dir, look->dir, sizeof look->dir);
	odc_close(proc);
	if (fchdir(*dir) < 0)
		return "root";
	odc_close(dir);
	if (!ask->state)
		return NULL;
	struct odc_call c = odc_watch_call(e);
	c.dirfd = AT_FDCWD;	/* the reader's own directory is the call's */
	return odc_watch_before(e, &c, ask->call_ns, &look->found);
}

int odc_reader_main(void)
{
	static struct odc_reader_ask ask;
	static struct odc_reader_answer answer;
	union {
		struct cmsghdr h;
		char room[CMSG_SPACE(4 * sizeof(int))];
	} control;
	struct iovec iov = { .iov_base = &ask, .iov_len = sizeof ask };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = &control,
			      .msg_controllen = sizeof control };
	int fds[4] = { -1, -1, -1, -1 };

	prctl(PR_SET_NAME, "odcreat-reader", 0, 0, 0);
	if (recvmsg(0, &msg, MSG_CMSG_CLOEXEC) != sizeof ask)
		return 1;
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len <= CMSG_LEN(sizeof fds))
		memcpy(fds, CMSG_DATA(c), c->cmsg_len - CMSG_LEN(0));
	answer.look = (struct odc_watch_look){ .found.state = ODC_STATE_UNREAD, .script_file = -1 };
	const char *why = odc_look_as_caller(&ask, fds, &answer.look);
	for (int i = 0; i < 4; i++)
		odc_close(&fds[i]);
	snprintf(answer.unread, sizeof answer.unread, "%s", why ? why : "");
	return send(0, &answer, sizeof answer, MSG_NOSIGNAL) == sizeof answer ? 0 : 1;
}
