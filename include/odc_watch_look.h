/*
 * The watcher's look room (src/watch/look/): what it learns of a call
 * after it, beyond the record, by a reader that looks as the caller. It
 * holds none of the kernel side's descriptors, and reaches none: what it
 * is given is the record.
 */
#ifndef ODC_WATCH_LOOK_H
#define ODC_WATCH_LOOK_H

#include <stdbool.h>

#include "odc_call.h"
#include "odc_predict.h"
#include "odc_watch_event.h"

/* What the watcher tells of a call beyond the event: the name's state, read after the call, and names. */
struct odc_watch_look {
	struct odc_found found;		/* state=: ODC_STATE_UNREAD where it is not told */
	const char *unread;		/* why not, or NULL */
	char dir[ODC_WATCH_NAME_MAX];	/* a relative path's directory, from the caller's root */
	char exe[ODC_WATCH_NAME_MAX];	/* the caller's executable, from the caller's root */
	signed char script_file;	/* the argument it checked names a regular file: 1, 0; -1 none checked */
	char script[ODC_WATCH_NAME_MAX];	/* where 1: that file, by the kernel's name, from the caller's root */
};

/*
 * What the watcher finds of E after the call, into LOOK (WALL_NS: when
 * the call was made, on the wall clock): through the caller's process
 * while its pid still names it, else by the names the kernel took, in its
 * mount namespace; nothing for a line of no call (LOST_ONLY: its process
 * is gone, or its call was on an empty path and its line tells only the
 * calls lost before it). And what E's line says of its process image:
 * *EXE, the executable, and *SCRIPT, the script it runs ("" where none is
 * told), which hold until the next record's look (look.c, image.c).
 */
void odc_watch_look(const struct odc_watch_event *e, bool lost_only, long long wall_ns,
		    struct odc_watch_look *look, const char **exe, const char **script);

/* E's call as the core has calls: its own directory descriptor, which is the caller's (record.c). */
struct odc_call odc_watch_call(const struct odc_watch_event *e);

/* E's command line wiped: no argument of it is kept past the line. */
void odc_watch_forget_args(struct odc_watch_event *e);

/* The argument that makes odcreat-watch a reader, which answers one look on its standard input. */
#define ODC_READER_ARG "--reader"

/*
 * A reader: odcreat-watch started anew (exec) for one look, holding
 * nothing but the socket it is asked on (descriptor 0). It takes the
 * caller's ids, groups and root before it touches any name of the
 * caller's, and keeps no privilege (inside.c). Its exit status.
 */
int odc_reader_main(void);

/* The readers that ended since, reaped: the watcher's loop calls it, waiting for none. */
void odc_readers_reap(void);

/* Said on stderr at the end: the looks not made, since their person's readers were held or slow. */
void odc_readers_say(void);

#endif
