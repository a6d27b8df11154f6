/*
 * The watcher's load room (src/watch/load/): its kernel side running on
 * this kernel, as the main loop holds it. Nothing of the look room's
 * reaches it: the kernel side's descriptors stay with the main loop.
 */
#ifndef ODC_WATCH_LOAD_H
#define ODC_WATCH_LOAD_H

struct odc_watch_bpf;

/*
 * The kernel side, its programs chosen for this kernel, told the
 * watcher's pid namespace, loaded and attached; NULL where it cannot be,
 * said on stderr in one line.
 */
struct odc_watch_bpf *odc_watch_load(void);

#endif
