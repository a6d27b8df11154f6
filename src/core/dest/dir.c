/*
 * The log directory (odc_log_dir.h). A single file log records only the
 * users who may write it; here each process appends to a file of its own
 * effective user's, DIR/EUID.log, which it creates itself (0600) where it
 * is missing. The file is used only where the kernel's word backs the
 * name: a regular file that EUID owns, with no other link, that neither
 * group nor others may write. The directory must be root's, and sticky if
 * group or others may write it, so that nobody can remove or rename
 * another's file (1733: anyone may create a file, nobody may list them).
 *
 * A user may take another's name first, with a file, link or FIFO of its
 * own: that user's lines then go to a name of their own that nobody else
 * can know, DIR/EUID-KEY.log, KEY 16 hex digits drawn from the kernel once
 * a program image (odc_log_dir_private_name). So no user can keep another's
 * lines out of the directory, where the report reads every user's files.
 *
 * Everything is opened for one line and closed after it: no descriptor
 * or state is kept, so a process that changes its effective uid, forks,
 * or logs from a vfork child that shares its memory always writes to the
 * file of the user it is at that moment, and threads and signal handlers
 * share nothing. No malloc, no stdio, no locks: only system calls the
 * library imports already. It costs four calls more a line than a kept
 * file, and lines are written only for calls that carry the pair.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "odc_line.h"
#include "odc_log_dir.h"
#include "odc_abi.h"
#include "odc_log_write.h"
#include "odc_trap.h"
#include "odc_libc.h"

/*
 * DIR without its trailing slashes, into OUT ("/" stays "/"): a trailing
 * slash would make the kernel follow a symlink that O_NOFOLLOW must refuse.
 */
static bool odc_log_dir_strip(const char *dir, char out[PATH_MAX])
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n >= PATH_MAX)
		return false;
	odc_copy(out, dir, n);
	out[n] = '\0';
	return true;
}

/*
 * O_PATH: 1733 lets others create files but not read the directory, so
 * it cannot be opened O_RDONLY by them; a path descriptor needs only the
 * search permission that the open in it needs anyway.
 */
long odc_log_dir_open(const char *dir, struct stat *st)
{
	char path[PATH_MAX];

	if (!odc_log_dir_strip(dir, path))
		return -ENAMETOOLONG;
	long fd = odc_libc_openat(AT_FDCWD, path, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
	if (fd < 0)
		return fd;
	if (fstat((int)fd, st) < 0) {
		long err = -errno;
		close((int)fd);
		return err;
	}
	return fd;
}

const char *odc_log_dir_refusal(const struct stat *st)
{
	if (!S_ISDIR(st->st_mode))
		return "not a directory";
	if (st->st_uid != 0)
		return "not owned by root";
	/* Without the sticky bit, anyone who may write it may rename or remove any file in it. */
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) && !(st->st_mode & S_ISVTX))
		return "writable by group or others, and not sticky";
	return NULL;
}

/*
 * Each rule keeps another user's hand out of UID's lines: a symlink or a
 * FIFO could lead them elsewhere (O_NOFOLLOW, S_ISREG); a file another
 * owns, or one group or others may write, takes lines from others too;
 * a second link is a name the directory's rules do not guard.
 */
const char *odc_log_dir_file_refusal(const struct stat *st, uid_t uid)
{
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (st->st_uid != uid)
		return "owned by another user";
	if (st->st_nlink != 1)
		return "has another hard link";
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return "writable by group or others";
	return NULL;
}

size_t odc_log_dir_name(char name[ODC_LOG_DIR_NAME_MAX], uid_t uid)
{
	size_t n = odc_format_uint(name, uid);

	odc_copy(name + n, ".log", sizeof ".log");
	return n + sizeof ".log" - 1;
}

/* This image's key for its private names: 0 until drawn. A forked child keeps its parent's. */
static uint64_t odc_private_key;

/*
 * UID's private name, "UID-KEY.log", into NAME: false where the kernel had
 * no random bytes to give. Drawn only once a name has been taken, so that
 * no program pays for it otherwise.
 */
static bool odc_log_dir_private_name(char name[ODC_LOG_DIR_NAME_MAX], uid_t uid)
{
	uint64_t key = __atomic_load_n(&odc_private_key, __ATOMIC_RELAXED), none = 0;

	if (!key) {
		if (odc_trap(ODC_NR_GETRANDOM, (long)&key, sizeof key, ODC_GRND_NONBLOCK, 0, 0,
				 0) != (long)sizeof key || !key)
			return false;
		if (!__atomic_compare_exchange_n(&odc_private_key, &none, key, false, __ATOMIC_RELAXED,
						 __ATOMIC_RELAXED))
			key = none;
	}
	size_t n = odc_format_uint(name, uid);
	name[n++] = '-';
	for (int shift = 60; shift >= 0; shift -= 4)
		name[n++] = "0123456789abcdef"[key >> shift & 15];
	odc_copy(name + n, ".log", sizeof ".log");
	return true;
}

/*
 * For the command (--config-check, report): "N.log" or "N-KEY.log"; a loop
 * of digits, no strtoul, which the library would import.
 */
long long odc_log_dir_name_uid(const char *name)
{
	unsigned long long uid = 0;
	size_t n = 0;

	for (; name[n] >= '0' && name[n] <= '9'; n++) {
		if (n == 10)
			return -1;
		uid = uid * 10 + (unsigned)(name[n] - '0');
	}
	if (n == 0 || (name[0] == '0' && n > 1))
		return -1;
	const char *rest = name + n;
	if (*rest == '-') {
		for (rest++; (*rest >= '0' && *rest <= '9') || (*rest >= 'a' && *rest <= 'f');)
			rest++;
		if (rest != name + n + 17)
			return -1;
	}
	if (strcmp(rest, ".log") != 0)
		return -1;
	return uid <= 0xfffffffeULL ? (long long)uid : -1;
}

/*
 * NAME, opened relative to the directory's descriptor, so that a rename of
 * the directory or of anything above it between the checks and the open
 * cannot steer the line elsewhere, where it is EUID's own. O_NONBLOCK: a
 * FIFO planted in the name fails the open or is refused, never waits.
 */
static int odc_log_dir_own(int dirfd, const char *name, uid_t euid, struct stat *st)
{
	const int flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
	long fd = odc_libc_openat(dirfd, name, flags, 0600);

	if (fd < 0)
		return -1;
	if (fstat((int)fd, st) < 0 || odc_log_dir_file_refusal(st, euid)) {
		close((int)fd);
		return -1;
	}
	return (int)fd;
}

/* EUID's file, or, where its name is not EUID's own, the private one. */
static int odc_log_dir_file(int dirfd, uid_t euid, struct stat *st)
{
	char name[ODC_LOG_DIR_NAME_MAX];

	odc_log_dir_name(name, euid);
	int fd = odc_log_dir_own(dirfd, name, euid, st);
	if (fd >= 0 || !odc_log_dir_private_name(name, euid))
		return fd;
	return odc_log_dir_own(dirfd, name, euid, st);
}

bool odc_log_dir_send(const char *dir, const struct odc_line *l, uid_t euid)
{
	struct stat st;
	long dirfd = odc_log_dir_open(dir, &st);

	if (dirfd < 0)
		return false;
	if (odc_log_dir_refusal(&st)) {
		close((int)dirfd);
		return false;
	}
	int fd = odc_log_dir_file((int)dirfd, euid, &st);
	close((int)dirfd);
	if (fd < 0)
		return false;
	bool written = odc_log_write(fd, &st, l);
	close(fd);
	return written;
}
