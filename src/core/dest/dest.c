/*
 * Where the log goes: standard error, or a file opened on first use and
 * kept, by a name that a symlink may lead elsewhere only where the kernel's
 * own rule would follow it.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_line.h"
#include "odc_log_dest.h"
#include "odc_log_dir.h"
#include "odc_log_write.h"
#include "odc_path.h"
#include "odc_fold.h"
#include "odc_trap.h"
#include "odc_libc.h"

/* The log descriptor is moved this high, out of the way of the program's own. */
#define ODC_LOG_FD_MIN 512

/* The open log file, and what it was, to notice when the program reuses its number. */
static int odc_log_fd = -1;
static dev_t odc_log_dev;
static ino_t odc_log_ino;

static bool odc_log_still_ours(int fd, struct stat *st)
{
	return fd >= 0 && fstat(fd, st) == 0 &&
	       st->st_dev == __atomic_load_n(&odc_log_dev, __ATOMIC_RELAXED) &&
	       st->st_ino == __atomic_load_n(&odc_log_ino, __ATOMIC_RELAXED);
}

/*
 * The kernel's fs.protected_symlinks rule for DEST, whatever that sysctl
 * says: a symlink in a sticky, world-writable directory is followed only if
 * the follower or the directory's owner owns it. Otherwise anyone could
 * point a shared name such as /tmp/odcreat.log at a file of the caller's.
 */
static bool odc_log_link_refused(const char *dest)
{
	char parent[PATH_MAX];
	struct stat link, dir;

	if (odc_path_parent(dest, strrchr(dest, '/'), parent, sizeof parent) < 0)
		return true;
	if (fstatat(AT_FDCWD, dest, &link, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISLNK(link.st_mode) ||
	    stat(parent, &dir) < 0)
		return false;
	return (dir.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH) &&
	       link.st_uid != geteuid() && link.st_uid != dir.st_uid;
}

/* Said once a process, in one write(2). */
static void odc_log_refuse(const char *dest)
{
	static int said;
	struct odc_line l;

	if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		return;
	odc_line_start(&l);
	odc_put(&l, "odcreat: not logging to ");
	odc_put_quoted(&l, dest, PATH_MAX);
	odc_put(&l, ": a symlink in a sticky, world-writable directory, owned by neither "
		    "you nor the directory's owner");
	odc_line_end(&l);
	odc_line_fold(&l);
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

/*
 * O_NONBLOCK: a FIFO with no reader fails the open (ENXIO) instead of
 * waiting for one, and a full one fails the write; either way the line is
 * dropped. A symlink is followed only where the kernel's rule allows it.
 */
long odc_log_open(const char *dest, bool *refused)
{
	const int flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
	long fd = odc_libc_openat(AT_FDCWD, dest, flags | O_NOFOLLOW, 0644);

	/*
	 * At a symlink O_NOFOLLOW fails with ELOOP, or with EACCES where the
	 * kernel's sticky-directory rule for O_CREAT (may_create_in_sticky)
	 * refuses it first.
	 */
	*refused = false;
	if (fd >= 0 || (fd != -ELOOP && fd != -EACCES))
		return fd;
	if (!odc_log_link_refused(dest))
		return fd == -ELOOP ? odc_libc_openat(AT_FDCWD, dest, flags, 0644) : fd;
	*refused = true;
	odc_log_refuse(dest);
	return -EACCES;
}

/* The log file's descriptor, opened on first use and kept; ST describes it. */
static int odc_log_file(const char *dest, struct stat *st)
{
	int seen = __atomic_load_n(&odc_log_fd, __ATOMIC_ACQUIRE);
	if (odc_log_still_ours(seen, st))
		return seen;

	bool refused;
	int fd = (int)odc_log_open(dest, &refused);
	if (fd < 0)
		return -1;
	/* Raw: libc's fcntl would be the only import of its symbol version. */
	int high = (int)odc_trap(ODC_NR_FCNTL, fd, F_DUPFD_CLOEXEC, ODC_LOG_FD_MIN, 0, 0, 0);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	if (fstat(fd, st) < 0) {
		close(fd);
		return -1;
	}
	/* Every racer opened the same file, so whichever identity is stored holds for all. */
	__atomic_store_n(&odc_log_dev, st->st_dev, __ATOMIC_RELAXED);
	__atomic_store_n(&odc_log_ino, st->st_ino, __ATOMIC_RELAXED);
	if (__atomic_compare_exchange_n(&odc_log_fd, &seen, fd, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return fd;
	/* Another thread published its descriptor first: use that one. */
	close(fd);
	return seen;
}

bool odc_log_send(const struct odc_log_target *to, const struct odc_line *l, uid_t euid)
{
	struct stat st;

	if (to->kind == ODC_LOG_STDERR)
		return odc_log_stderr(l);
	if (to->kind == ODC_LOG_DIR)
		return odc_log_dir_send(to->path, l, euid);
	int fd = odc_log_file(to->path, &st);
	return fd >= 0 && odc_log_write(fd, &st, l);
}
