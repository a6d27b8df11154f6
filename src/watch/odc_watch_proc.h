/* The caller's process, reached through /proc (src/watch/watch_proc.c). */
#ifndef ODC_WATCH_PROC_H
#define ODC_WATCH_PROC_H

#include "odc_watch_event.h"

/*
 * Open what E's caller sees, where its pid still names the process that
 * made the call: its root, the directory E's path starts from (the root
 * for an absolute path), its executable, and /proc itself. NULL, or why
 * not; every descriptor not opened is -1.
 */
const char *odc_watch_hold(const struct odc_watch_event *e, int *root, int *dir, int *exe, int *proc);
void odc_watch_release(int *root, int *dir, int *exe, int *proc);

/* Take E's caller's effective ids, and the groups /proc (PROC) says it has: 0, or -1. */
int odc_watch_become(const struct odc_watch_event *e, int proc);

#endif
