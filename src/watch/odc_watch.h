/* The watcher's user side (src/watch/): what it learns of a call beyond the event, and its line. */
#ifndef ODC_WATCH_H
#define ODC_WATCH_H

#include <limits.h>

#include "odc_line.h"
#include "odc_predict.h"
#include "odc_watch_event.h"

/* The most of a directory's or an executable's name a line holds, as the library's. */
#define ODC_WATCH_NAME_ROOM 510

/* What user space finds of a call's caller and name, through /proc, after the call. */
struct odc_watch_look {
	struct odc_found found;		/* state=: ODC_STATE_UNREAD where it is not told */
	const char *unread;		/* why not, or NULL */
	char dir[ODC_WATCH_NAME_ROOM + 1];	/* a relative path's directory, as the caller names it */
	char exe[ODC_WATCH_NAME_ROOM + 1];	/* the caller's executable, as it names it */
};

/* Everything the caller's process still tells of E, where the pid still names it. */
void odc_watch_look(const struct odc_watch_event *e, struct odc_watch_look *look);

/* The cgroup v2 directory of ID, from the cgroup2 root ("/..."), or "" where none is found. */
void odc_watch_cgroup(unsigned long long id, char *path, size_t size);

/* E's line, in the log's format as far as it goes, and how the call was seen. */
void odc_watch_format(struct odc_line *l, const struct odc_watch_event *e,
		      const struct odc_watch_look *look, const char *cgroup);

/*
 * The one way an event leaves the watcher: looked into, formatted and
 * written, as one line on standard output. Whether it was written.
 */
bool odc_watch_put(const struct odc_watch_event *e);

#endif
