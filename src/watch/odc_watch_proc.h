/* The caller's process, reached through /proc (src/watch/watch_proc.c). */
#ifndef ODC_WATCH_PROC_H
#define ODC_WATCH_PROC_H

#include <stdbool.h>

#include "odc_watch.h"
#include "odc_watch_event.h"

/* The caller's process, held by the watcher for a look. */
struct odc_watch_held {
	int root, dir, exe, proc;	/* -1 where not open */
	long long call_ns;	/* when the call was made, on the wall clock */
	bool state;		/* whether the state may be told at all */
	bool named;		/* the process is gone: dir is root, from which the kernel's name leads */
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
 * Where E's process is gone (or no longer holds the call's directory),
 * hold a root in its mount namespace instead, for a look by the names the
 * kernel took: the watcher's own where the namespace is the watcher's,
 * else that of another process still in it. Its dir is that root; its
 * exe is -1. Whether one is held (the reader checks it is the caller's).
 */
bool odc_watch_hold_named(const struct odc_watch_event *e, int *root, int *dir, int *exe, int proc);

/* Take E's caller's effective ids and groups (the kernel's, or where it has too many, /proc's now): 0, or -1. */
int odc_watch_become(const struct odc_watch_event *e, int proc);

/* In E's caller's root, as the caller: what it sees, into LOOK (watch_inside.c, run by the reader). */
void odc_look_inside(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look);

/*
 * The reader (watch_reader.c): a process of the watcher's that looks into
 * callers' roots, one look at a time. Started before the watcher holds
 * anything else: whether it runs.
 */
bool odc_reader_start(void);
/* E's look by the reader, within ODC_WATCH_LOOK_MS; LOOK->unread says where it did not answer. */
void odc_reader_look(const struct odc_watch_event *e, const struct odc_watch_held *h,
		     struct odc_watch_look *look);

#endif
