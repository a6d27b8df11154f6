/*
 * The look room's own (src/watch/look/): the record's parts after its
 * path, the caller's process held through /proc, the image's script, and
 * the readers that look as the caller.
 */
#ifndef ODC_LOOK_H
#define ODC_LOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

#include "odc_watch_event.h"
#include "odc_watch_look.h"

/* *FD closed where open, and -1. */
static inline void odc_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* The names the kernel took at E's call, from the caller's root: a relative path's directory's, the executable's; NULL where none (record.c). */
const char *odc_watch_kernel_dir(const struct odc_watch_event *e);
const char *odc_watch_kernel_exe(const struct odc_watch_event *e);
/* The caller's groups as the kernel had them at E's call (ngroups odc_u32, unaligned), or NULL where it had too many. */
const char *odc_watch_kernel_groups(const struct odc_watch_event *e);
/*
 * The start of the caller's command line as the kernel had it at E's
 * call, *LEN bytes (its arguments each ended by a NUL, but a last one cut
 * short), or NULL where none was read.
 */
const char *odc_watch_kernel_args(const struct odc_watch_event *e, size_t *len);

/*
 * Before E's look: where its process image's script is not yet decided,
 * the argument of its command line that the library's rules name, into
 * SCRIPT, to be checked (1); none (0: no interpreter, or no such
 * argument); or -1, nothing to decide now (decided before, or its
 * executable or command line not taken). Then, after the look (LOOK):
 * what is known of E's image remembered, and what its line says into
 * *EXE and *SCRIPT: for a call, the executable the kernel named and the
 * image's script, as the look named it ("" where none or not decided);
 * for a line with no call (LOST_ONLY), what is remembered of its image
 * ("" each where nothing is) (image.c).
 */
int odc_watch_image_script(const struct odc_watch_event *e, char script[ODC_WATCH_ARGS_MAX]);
void odc_watch_image_seen(const struct odc_watch_event *e, bool lost_only,
			  const struct odc_watch_look *look, const char **exe, const char **script);

/*
 * What E's name held just before its call, into F, from what C (the
 * call, from the reader's directory) finds now, the call made at CALL_NS:
 * NULL, or why it cannot be told (before.c).
 */
const char *odc_watch_before(const struct odc_watch_event *e, const struct odc_call *c, long long call_ns,
			     struct odc_found *f);

/* The caller's process, or a root in its mount namespace, held by the watcher for a look. */
struct odc_watch_held {
	int root, dir, proc;	/* -1 where not open */
	int cwd;		/* the calling thread's working directory, a live caller's; -1 */
	long long call_ns;	/* when the call was made, on the wall clock */
	bool state;		/* whether the state may be told at all */
	bool named;		/* the process is gone: dir is root, from which the kernel's name leads */
};

/*
 * Hold what E's caller sees, where its pid still names the process that
 * made the call: its root, the directory E's path starts from (the root
 * for an absolute path), /proc itself, and the calling thread's working
 * directory. NULL, or why not; every descriptor not opened is -1 (proc.c).
 */
const char *odc_watch_hold(const struct odc_watch_event *e, struct odc_watch_held *h);
void odc_watch_release(struct odc_watch_held *h);
/*
 * Where E's process is gone (or no longer holds the call's directory),
 * hold a root in its mount namespace instead, for a look by the names the
 * kernel took: the watcher's own where the namespace is the watcher's,
 * else that of another process still in it. Its dir is that root; it
 * holds no working directory.
 * Whether one is held (the reader checks it is the caller's).
 */
bool odc_watch_hold_named(const struct odc_watch_event *e, struct odc_watch_held *h);

/*
 * E's caller's groups, into GROUPS: the kernel's at the call, or where
 * the event does not hold them all, those /proc says a caller H holds
 * (not a named one) has now. How many, or -1 where they cannot be told or
 * are more than MAX.
 */
int odc_watch_groups(const struct odc_watch_event *e, const struct odc_watch_held *h, gid_t *groups, int max);

/* The most groups a look takes: a caller with more is not looked into (state_unread=groups). */
#define ODC_WATCH_GROUPS 1024

/*
 * A look asked of a reader (reader.c, inside.c); the caller's descriptors
 * travel beside it (root, dir, proc, and cwd where held). Its event holds
 * none of the caller's command line: only SCRIPT, the argument to check,
 * or "".
 */
struct odc_reader_ask {
	struct odc_watch_event e;
	char script[ODC_WATCH_ARGS_MAX];
	long long call_ns;
	bool state, named;	/* struct odc_watch_held's */
	int ngroups;
	gid_t groups[ODC_WATCH_GROUPS];
};

/* A reader's answer: its look, and why it is not whole, by name (a pointer means nothing across an exec). */
struct odc_reader_answer {
	struct odc_watch_look look;
	char unread[16];
};

/*
 * E's look by a reader, within ODC_WATCH_LOOK_MS, with SCRIPT (or NULL)
 * to check; LOOK->unread says where it was not made or did not answer
 * (reader.c). Where a reader does not answer in time it is left to its
 * fate, and reaped once it ends.
 */
void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h, const char *script,
		     struct odc_watch_look *look);

#endif
