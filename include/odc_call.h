/* One open request, however it arrived: the input to the semantics. */
#ifndef ODC_CALL_H
#define ODC_CALL_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "odc_abi.h"
#include "odc_mode.h"

struct odc_call {
	int dirfd;
	const char *path;
	int flags;
	mode_t mode;
	uint64_t resolve;	/* RESOLVE_* flags, for via_openat2 */
	bool via_openat2;	/* keep openat2's strict checks and resolve flags */
	/*
	 * For via_openat2: what every kernel with openat2 answers before the
	 * flags mean anything (EINVAL for an unknown flag or resolve bit, a
	 * mode with bits beyond 07777), or 0.
	 */
	long how_error;
	/* The caller in another process for whom the supervisor acts; NULL for this process. */
	const struct odc_caller *caller;
};

/* A caller in another process: hooks that reach it, each given CTX. */
struct odc_caller {
	/*
	 * Copy a new descriptor FD to the caller, close-on-exec if CLOEXEC: the
	 * caller's number for it, or a negative errno. This process's copy
	 * stays open.
	 */
	long (*give)(void *ctx, long fd, bool cloexec);
	/* Whether the caller has a descriptor slot free: 0, or -EMFILE. */
	long (*room)(void *ctx);
	void *ctx;
	/*
	 * Why this process may not act for the caller, or NULL. A refused
	 * call gets its mode's answer where the flags alone decide it, and
	 * EPERM where the mode would go on to the file system.
	 */
	const char *refused;
};

/* The bit of O_TMPFILE that is not O_DIRECTORY (glibc's __O_TMPFILE holds both). */
#define ODC_TMPFILE_BIT (O_TMPFILE & ~O_DIRECTORY)

/*
 * FLAGS hold O_CREAT|O_DIRECTORY in a form odcreat redefines when
 * (FLAGS & ODC_COMBINED_MASK) == ODC_COMBINED. O_TMPFILE contains the
 * O_DIRECTORY bit and keeps its own meaning; open() ignores O_CREAT beside
 * O_PATH and openat2() rejects it, on every kernel. (The seccomp filter
 * makes the same test in BPF.)
 */
#define ODC_COMBINED_MASK (O_CREAT | O_DIRECTORY | ODC_TMPFILE_BIT | O_PATH)
#define ODC_COMBINED (O_CREAT | O_DIRECTORY)

static inline bool odc_flags_combined(int flags)
{
	return (flags & ODC_COMBINED_MASK) == ODC_COMBINED;
}

/* Whether an openat2 with HOW carries the pair: its flags must fit an int, as every open's do. */
static inline bool odc_how_combined(const struct odc_open_how *how)
{
	return how->flags <= UINT32_MAX && odc_flags_combined((int)how->flags);
}

/* The call an openat2 makes with HOW, a copy that the kernel could read. */
struct odc_call odc_call_openat2(int dirfd, const char *path, const struct odc_open_how *how);

/*
 * Open C's path with other FLAGS and MODE, through C's own system call
 * (openat2 with its resolve flags, or openat): a descriptor, or a negative
 * errno.
 */
long odc_call_open(const struct odc_call *c, int flags, mode_t mode);

/*
 * Carry out C under MODE: the caller's new descriptor, or a negative errno
 * with nothing left on disk that C made, even when giving it away failed.
 */
long odc_semantics(enum odc_mode mode, const struct odc_call *c);

#endif
