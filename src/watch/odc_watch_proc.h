/* The caller's process, reached through /proc (src/watch/watch_proc.c). */
#ifndef ODC_WATCH_PROC_H
#define ODC_WATCH_PROC_H

#include <stdbool.h>
#include <sys/types.h>

#include "odc_watch.h"
#include "odc_watch_event.h"

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
 * directory. NULL, or why not; every descriptor not opened is -1.
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
 * A look asked of a reader (watch_reader.c, watch_inside.c); the caller's
 * descriptors travel beside it (root, dir, proc, and cwd where held). Its
 * event holds none of the caller's command line: only SCRIPT, the
 * argument to check, or "".
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

/* The argument that makes odcreat-watch a reader, which answers one look on its standard input. */
#define ODC_READER_ARG "--reader"

/*
 * A reader: odcreat-watch started anew (exec) for one look, holding
 * nothing but the socket it is asked on (descriptor 0). It takes the
 * caller's ids, groups and root before it touches any name of the
 * caller's, and keeps no privilege (watch_inside.c). Its exit status.
 */
int odc_reader_main(void);

/*
 * E's look by a reader, within ODC_WATCH_LOOK_MS, with SCRIPT (or NULL)
 * to check; LOOK->unread says where it was not made or did not answer
 * (watch_reader.c). Where a reader does
 * not answer in time it is left to its fate, and reaped once it ends.
 */
void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h, const char *script,
		     struct odc_watch_look *look);

/* The readers that ended since, reaped: the watcher's loop calls it, waiting for none. */
void odc_readers_reap(void);

/* Said on stderr at the end: the looks not made, since their person's readers were held or slow. */
void odc_readers_say(void);

#endif
