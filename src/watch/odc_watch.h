/* The watcher's user side (src/watch/): what it learns of a call beyond the event, and its log. */
#ifndef ODC_WATCH_H
#define ODC_WATCH_H

#include <limits.h>
#include <time.h>

#include "odc_call.h"
#include "odc_log_name.h"
#include "odc_predict.h"
#include "odc_watch_event.h"

/* T in nanoseconds. */
static inline long long odc_watch_ns(struct timespec t)
{
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* What the watcher tells of a call beyond the event: the name's state, read after the call, and names. */
struct odc_watch_look {
	struct odc_found found;		/* state=: ODC_STATE_UNREAD where it is not told */
	const char *unread;		/* why not, or NULL */
	char dir[ODC_WATCH_NAME_MAX];	/* a relative path's directory, from the caller's root */
	char exe[ODC_WATCH_NAME_MAX];	/* the caller's executable, from the caller's root */
	signed char script_file;	/* the argument it checked names a regular file: 1, 0; -1 none checked */
	char script[ODC_WATCH_NAME_MAX];	/* where 1: that file, by the kernel's name, from the caller's root */
};

/* E's call as the core has calls: its own directory descriptor, which is the caller's (watch_call.c). */
struct odc_call odc_watch_call(const struct odc_watch_event *e);
/* The names the kernel took at E's call, from the caller's root: a relative path's directory's, the executable's; NULL where none. */
const char *odc_watch_kernel_dir(const struct odc_watch_event *e);
const char *odc_watch_kernel_exe(const struct odc_watch_event *e);
/* The caller's groups as the kernel had them at E's call (ngroups odc_u32, unaligned), or NULL where it had too many. */
const char *odc_watch_kernel_groups(const struct odc_watch_event *e);
/*
 * The start of the caller's command line as the kernel had it at E's
 * call, *LEN bytes (its arguments each ended by a NUL, but a last one cut
 * short), or NULL where none was read.
 */
const char *odc_watch_kernel_args(const struct odc_watch_event *e, size_t *len);
/* E's command line wiped: no argument of it is kept past the line. */
void odc_watch_forget_args(struct odc_watch_event *e);

/*
 * What the watcher finds of E after the call: through the caller's
 * process while its pid still names it, else by the names the kernel
 * took, in its mount namespace; WALL_NS: when the call was made, on the
 * wall clock. SCRIPT, where not NULL: an argument of its command line to
 * check (odc_watch_image_script).
 */
void odc_watch_look_at(const struct odc_watch_event *e, long long wall_ns, const char *script,
		       struct odc_watch_look *look);

/*
 * Before E's look: where its process image's script is not yet decided,
 * the argument of its command line that the library's rules name, into
 * SCRIPT, to be checked (1); none (0: no interpreter, or no such
 * argument); or -1, nothing to decide now (decided before, or its
 * executable or command line not taken). Then, after the look (LOOK):
 * what is known of E's image remembered, and what its line says into
 * *EXE and *SCRIPT: for a call, the executable the kernel named and the
 * image's script, as the look named it ("" where none or not decided);
 * for a line with no call (LOST_ONLY), what is remembered of its image
 * ("" each where nothing is) (watch_image.c).
 */
int odc_watch_image_script(const struct odc_watch_event *e, char script[ODC_WATCH_ARGS_MAX]);
void odc_watch_image_seen(const struct odc_watch_event *e, bool lost_only,
			  const struct odc_watch_look *look, const char **exe, const char **script);

/* The cgroup v2 directory of ID, from the cgroup2 root ("/..."), or "" where none is found. */
void odc_watch_cgroup(unsigned long long id, char *path, size_t size);

/*
 * The kernel side, loaded, attached (watch_attach.c): its compat path
 * only where the kernel makes compat calls. 0, or a negative errno.
 */
struct odc_watch_bpf;
int odc_watch_attach(struct odc_watch_bpf *skel);

/*
 * Which of the kernel side's programs fit this kernel, from its BTF, set
 * to load: for the calls, the kernel's functions where FUNCTIONS and it
 * has them (1), else their tracepoints (0); -1 where it has no BTF (said).
 * Then what it cannot be watched for, said once (watch_kernel.c).
 */
int odc_watch_choose(struct odc_watch_bpf *skel, bool functions);
void odc_watch_say_unseen(void);

/*
 * libbpf's log kept from now (KEEP) until not, unsaid; else its warnings
 * said. Then why the kernel refused to DOING ("load", "attach") with ERR,
 * said in one line from what it said (watch_refusal.c).
 */
void odc_watch_keep_log(bool keep);
void odc_watch_refusal(const char *doing, int err);

/* The one way an event leaves the watcher: looked into, then logged to TO. */
void odc_watch_log(const struct odc_log_target *to, const struct odc_watch_event *e);

#endif
