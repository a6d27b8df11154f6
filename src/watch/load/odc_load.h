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
 * where the kernel makes compat calls. 0, or a negative errno. Then,
 * apart, since the watcher goes on without it, the program that tells
 * whether a call's open created its name, where one was loaded: 0, or a
 * negative errno (-ENOENT: none loaded).
 */
int odc_watch_attach(struct odc_watch_bpf *skel);
int odc_watch_attach_made(struct odc_watch_bpf *skel);

/*
 * libbpf's log kept from now (KEEP) until not, unsaid; else its warnings
 * said. Then why the kernel refused to DOING ("load", "attach") with ERR,
 * said in one line from what it said (refusal.c).
 */
void odc_watch_keep_log(bool keep);
void odc_watch_refusal(const char *doing, int err);

#endif
