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
	const char *refused;	/* why the supervisor must not act for it, or NULL */
};

/* Note the supervisor's own credentials and place, to compare targets with. */
int odc_target_init(void);

/*
 * Fill T for thread TID. What cannot be read (the thread is gone, or /proc
 * is hidden) makes T refused; a refusal made earlier (its memory could not
 * be read) stands.
 */
void odc_target_read(struct odc_target *t, pid_t tid);

/* Copy LEN bytes at ADDR in T: 0, or a negative errno. */
int odc_target_copy(struct odc_target *t, uint64_t addr, void *buf, size_t len);

/*
 * The string at ADDR in T, with its NUL in CAP bytes: 0, or -EFAULT or
 * -ENAMETOOLONG as the kernel would report them.
 */
int odc_target_path(struct odc_target *t, uint64_t addr, char *buf, size_t cap);

/*
 * Whether T's descriptor table has a free slot below its RLIMIT_NOFILE: 0,
 * or -EMFILE. What cannot be read counts as room.
 */
int odc_target_fd_room(const struct odc_target *t);

/*
 * After a failed access to T (errno): T refused where the supervisor may not
 * inspect it. The negative errno.
 */
int odc_target_access_failed(struct odc_target *t);

/* A descriptor of this process for T's DIRFD (AT_FDCWD: its working directory). */
int odc_target_dirfd(struct odc_target *t, int dirfd);

#endif
