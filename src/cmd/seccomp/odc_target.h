/*
 * A process whose call the seccomp supervisor serves: what it is, whether
 * the supervisor may act for it, and its memory, descriptors and directory.
 */
#ifndef ODC_TARGET_H
#define ODC_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct odc_target {
	pid_t tid;		/* the thread that made the call */
	pid_t tgid;		/* its process, as the log names it */
	mode_t umask;
	char prog[64];		/* from /proc/TGID/comm */
};

/* Note the supervisor's own credentials and place, to compare targets with. */
int odc_target_init(void);

/*
 * Fill T for thread TID: NULL, or why the supervisor must not act for it
 * (its identity differs, or cannot be read: the thread is gone, or /proc
 * is hidden).
 */
const char *odc_target_read(struct odc_target *t, pid_t tid);

/* Copy LEN bytes at ADDR in T: 0, or a negative errno. */
int odc_target_copy(const struct odc_target *t, uint64_t addr, void *buf, size_t len);

/*
 * The string at ADDR in T, with its NUL in CAP bytes: 0, or -EFAULT or
 * -ENAMETOOLONG as the kernel would report them, or another negative errno.
 */
int odc_target_path(const struct odc_target *t, uint64_t addr, char *buf, size_t cap);

/*
 * Whether T's descriptor table has a free slot below its RLIMIT_NOFILE: 0,
 * or -EMFILE. What cannot be read counts as room.
 */
int odc_target_fd_room(const struct odc_target *t);

/*
 * Why a read of a target that failed with the negative errno ERR refuses
 * the call: the supervisor may not inspect the target (EPERM, or EACCES
 * from /proc's magic links); NULL for any other ERR.
 */
const char *odc_target_refusal(long err);

/* A descriptor of this process for T's DIRFD (AT_FDCWD: its working directory), or a negative errno. */
int odc_target_dirfd(const struct odc_target *t, int dirfd);

#endif
