/* The load room's own (src/watch/load/): the steps odc_watch_load takes. */
#ifndef ODC_LOAD_H
#define ODC_LOAD_H

#include <stdbool.h>

struct odc_watch_bpf;

/*
 * Which of the kernel side's programs fit this kernel, from its BTF, set
 * to load: for the calls, the kernel's functions where FUNCTIONS and it
 * has them (1), else their tracepoints (0); -1 where it has no BTF (said).
 * Then what it cannot be watched for, said once (choose.c), and why its
 * functions were not used, where it REFUSED them (an errno), and why it
 * cannot tell whether a call made its name, where it may (MADE: a negative
 * errno, odc_watch_attach_made's).
 */
int odc_watch_choose(struct odc_watch_bpf *skel, bool functions);
void odc_watch_say_unseen(int refused, int made);

/*
 * The kernel side, loaded, attached (attach.c): its compat path only
 * where the kernel makes compat calls. 0; 1 where a step of its own
 * failed, said; or a negative errno, the kernel's refusal of program
 * *WHICH. Then, apart, since the watcher goes on without it, the program
 * that tells whether a call's open created its name, where one was
 * loaded: 0, or a negative errno (-ENOENT: none loaded).
 */
int odc_watch_attach(struct odc_watch_bpf *skel, const char **which);
int odc_watch_attach_made(struct odc_watch_bpf *skel);

/*
 * libbpf's log kept from now (KEEP) until not, unsaid; else its warnings
 * said. Then why the kernel refused to DOING ("load", "attach") with ERR
 * (program WHICH, or NULL: any), said from what it said (refusal.c).
 */
void odc_watch_keep_log(bool keep);
void odc_watch_refusal(const char *doing, const char *which, int err);

/*
 * What the watcher needs mounted (mounts.c). Whether PATH is a file
 * system of statfs's MAGIC. That it could not WHAT for ERR, said, with
 * the mount of TYPE on PATH where none of MAGIC is. Whether tracefs is mounted where libbpf looks for it; else
 * tracefs mounted in a mount namespace of the watcher's own, HOME held to
 * come back to (0, or 1, the failing step said), and HOME come back to
 * (0, or 1, said).
 */
struct odc_watch_home {
	int ns, root, cwd;
	bool away;	/* in its own namespace */
};
bool odc_watch_mounted(const char *path, unsigned long magic);
void odc_watch_say_unmounted(const char *what, const char *type, const char *path, unsigned long magic, int err);
bool odc_watch_tracefs_found(void);
int odc_watch_tracefs_enter(struct odc_watch_home *home);
int odc_watch_tracefs_leave(struct odc_watch_home *home);

#endif
