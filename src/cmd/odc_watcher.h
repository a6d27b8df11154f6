/* odcreat --watch (src/cmd/watch.c). */
#ifndef ODC_WATCHER_H
#define ODC_WATCHER_H

/* The watcher's file name, wherever it is installed. */
#define ODC_WATCHER_NAME "odcreat-watch"

/*
 * Runs the watcher in this process, logging to LOG (NULL: stderr), checked
 * as for a command; returns only where it cannot, having said why.
 */
int odc_watcher_exec(const char *log);

#endif
