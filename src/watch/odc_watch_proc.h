/* The caller's process, reached through /proc (src/watch/watch_proc.c). */
#ifndef ODC_WATCH_PROC_H
#define ODC_WATCH_PROC_H

#include <stdbool.h>
#include <sys/types.h>

#include "odc_watch.h"
#include "odc_watch_event.h"

/* The caller's process, held by the watcher for a look. */
struct odc_watch_held {
	int root, dir, exe, proc;	/* -1 where not open */
	long long call_ns;	/* when the call was made, on the wall clock */
	bool state;		/* whether the state may be told at all */
};

/*
 * Open what E's caller sees, where its pid still names the process that
 * made the call: its root, the directory E's path starts from (the root
 * for an absolute path), its executable, and /proc itself. NULL, or why
 * not; every descriptor not opened is -1.
 */
const char *odc_watch_hold(const struct odc_watch_event *e, int *root, int *dir, int *exe, int *proc);
void odc_watch_release(int *root, int *dir, int *exe, int *proc);

/*
 * The groups /proc (PROC) says E's caller has now (the event does not
 * carry them), into GROUPS: how many, or -1 where they cannot be read or
 * are more than MAX.
 */
int odc_watch_groups(const struct odc_watch_event *e, int proc, gid_t *groups, int max);

/* The most groups a look takes: a caller with more is not looked into (state_unread=groups). */
#define ODC_WATCH_GROUPS 1024

/* A look asked of a reader (watch_reader.c, watch_inside.c); the caller's descriptors travel beside it. */
struct odc_reader_ask {
	struct odc_watch_event e;
	long long call_ns;
	bool state, exe;	/* exe: the executable's descriptor is among them */
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
 * E's look by a reader, within ODC_WATCH_LOOK_MS; LOOK->unread says where
 * it was not made or did not answer (watch_reader.c). Where a reader does
 * not answer in time it is left to its fate, and reaped once it ends.
 */
void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look);

/* The readers that ended since, reaped: the watcher's loop calls it, waiting for none. */
void odc_readers_reap(void);

/* Said on stderr at the end: the looks not made, since their person's readers were held or slow. */
void odc_readers_say(void);

#endif
