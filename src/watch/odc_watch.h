/* The watcher's main loop's own (src/watch/): a record made a line, and written. */
#ifndef ODC_WATCH_H
#define ODC_WATCH_H

#include <stddef.h>

#include "odc_log_name.h"
#include "odc_watch_event.h"

/* The one way a record leaves the watcher: looked into, then logged to TO (log.c). */
void odc_watch_log(const struct odc_log_target *to, const struct odc_watch_event *e);

/* The cgroup v2 directory of ID, from the cgroup2 root ("/..."), or "" where none is found (cgroup.c). */
void odc_watch_cgroup(unsigned long long id, char *path, size_t size);

#endif
