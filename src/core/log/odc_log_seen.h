/*
 * The fields of a call odcreat-watch saw (struct odc_log_seen), for
 * format.c's orders (src/core/log/seen.c).
 */
#ifndef ODC_LOG_SEEN_H
#define ODC_LOG_SEEN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/time.h>

#include "odc_line.h"
#include "odc_log.h"
#include "odc_log_fields.h"

/* Whether F is one of the watcher's own fields (SEEN and after), said where S says it. */
bool odc_seen_field(enum odc_log_field f);
bool odc_seen_said(enum odc_log_field f, const struct odc_log_seen *s);
/*
 * Whether a line that says only what a process lost (lost_only) says F:
 * who lost the calls and how many; no call, so no flags or result.
 */
bool odc_seen_lost_line_says(enum odc_log_field f);

/* F's value, for one of the watcher's own fields. */
void odc_seen_value(struct odc_line *l, enum odc_log_field f, const struct odc_log_seen *s);

/* The call's time, when the kernel saw it: into AT. */
void odc_seen_time(const struct odc_log_seen *s, struct timeval *at);

/* The executable as the watcher read it, escaped, in no more room than the library's. */
void odc_seen_exe(struct odc_line *l, const struct odc_log_seen *s);
/* The script as the watcher read it, escaped, in no more room than the library's. */
void odc_seen_script(struct odc_line *l, const struct odc_log_seen *s);

/*
 * The room for PATH, of ROOM: too little for the whole where the watcher
 * copied only its start (S may be NULL), so that the mark shows.
 */
size_t odc_seen_path_room(const struct odc_log_seen *s, const char *path, size_t room);

#endif
