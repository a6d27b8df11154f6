/*
 * What the watcher needs mounted: /proc (its pid namespace, the callers'
 * looks), sysfs (the kernel's BTF, /sys/kernel/btf/vmlinux) and, for the
 * calls' tracepoints alone, tracefs, where libbpf reads each one's id.
 * Where tracefs is not mounted, the watcher mounts it in a mount
 * namespace of its own, changing nothing of the machine's; where it
 * cannot, or /proc or sysfs is missing, it says which step failed and the
 * mount that would do instead: none of it is the kernel's refusal.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "odc_load.h"
#include "odc_say.h"

/* Where libbpf finds a tracepoint's id by its name: tracefs, or debugfs's copy of it. */
#define ODC_TRACEFS "/sys/kernel/tracing"
#define ODC_TRACEPOINT "/events/syscalls/sys_enter_openat/id"
#define ODC_MOUNT_TRACEFS "; mount it: mount -t tracefs tracefs " ODC_TRACEFS "\n"

bool odc_watch_mounted(const char *path, unsigned long magic)
{
	struct statfs fs;

	return statfs(path, &fs) == 0 && (unsigned long)fs.f_type == magic;
}

void odc_watch_say_unmounted(const char *what, const char *type, const char *path, unsigned long magic, int err)
{
	if (odc_watch_mounted(path, magic))
		odc_say("odcreat-watch: cannot %s: %s\n", what, strerror(err));
	else
		odc_say("odcreat-watch: cannot %s: %s is not mounted here: mount -t %s %s %s\n", what, path,
			type, type, path);
}

bool odc_watch_tracefs_found(void)
{
	return access(ODC_TRACEFS ODC_TRACEPOINT, F_OK) == 0 ||
	       access("/sys/kernel/debug/tracing" ODC_TRACEPOINT, F_OK) == 0;
}

/*
 * The mount that holds tracefs's directory made private in this
 * namespace, so that what is mounted there stays in it: the nearest
 * directory above that is a mount's root (MS_PRIVATE takes no other:
 * EINVAL). In a chroot, / may be none, and the mount that holds it out of
 * reach. 0, or an errno.
 */
static int odc_private_above_tracefs(void)
{
	char dir[] = ODC_TRACEFS;

	for (char *slash; (slash = strrchr(dir, '/'));) {
		slash[slash == dir] = '\0';
		if (mount(NULL, dir, NULL, MS_PRIVATE, NULL) == 0)
			return 0;
		if (errno != EINVAL || slash == dir)
			return errno;
	}
	return EINVAL;
}

/* The step that failed, said: 1. */
static int odc_failed(const char *step, int err)
{
	odc_say("odcreat-watch: cannot %s: %s" ODC_MOUNT_TRACEFS, step, strerror(err));
	return 1;
}

int odc_watch_tracefs_enter(struct odc_watch_home *home)
{
	home->away = false;
	home->ns = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	home->root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	home->cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (home->ns < 0 || home->root < 0 || home->cwd < 0)
		return odc_failed("hold its mount namespace, root and directory, to come back to", errno);
	if (unshare(CLONE_NEWNS) < 0)
		return odc_failed("make a mount namespace of its own to mount tracefs in (unshare)", errno);
	home->away = true;
	if (access(ODC_TRACEFS, F_OK) < 0) {
		odc_watch_say_unmounted("mount tracefs on " ODC_TRACEFS, "sysfs", "/sys", SYSFS_MAGIC, errno);
		return 1;
	}
	int err = odc_private_above_tracefs();
	if (err == EINVAL) {
		odc_say("odcreat-watch: cannot mount tracefs in its own mount namespace: no directory above "
			ODC_TRACEFS " is a mount's root (a chroot's / that is none), and a mount there "
			"would reach the machine's" ODC_MOUNT_TRACEFS);
		return 1;
	}
	if (err)
		return odc_failed("make private the mount above " ODC_TRACEFS " in its own mount namespace", err);
	if (mount("tracefs", ODC_TRACEFS, "tracefs", 0, NULL) < 0)
		return odc_failed("mount tracefs on " ODC_TRACEFS " in its own mount namespace", errno);
	return 0;
}

/*
 * Back in the machine's namespace, where it left it, which the looks and
 * the log use, at the root and directory it had (a namespace's own root
 * is not a chroot's).
 * Going home cannot fail for root; a watcher that could not must not go
 * on. 0, or 1, said.
 */
int odc_watch_tracefs_leave(struct odc_watch_home *home)
{
	int fail = home->away && (setns(home->ns, CLONE_NEWNS) < 0 || fchdir(home->root) < 0 || chroot(".") < 0 ||
				  fchdir(home->cwd) < 0);

	if (fail)
		odc_say("odcreat-watch: cannot return to the machine's mount namespace: %s\n", strerror(errno));
	int fds[] = { home->ns, home->root, home->cwd };
	for (int i = 0; i < 3; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return fail;
}
