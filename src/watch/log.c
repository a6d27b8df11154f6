/*
 * An event logged as any call is (include/odc_log.h), by the log's one
 * writer, to whatever the watcher was given: the call, the kernel's word
 * for its caller, and what the look into its process found.
 */
#include <limits.h>
#include <stdbool.h>
#include <time.h>

#include "odc_clock.h"
#include "odc_log.h"
#include "odc_watch.h"
#include "odc_watch_look.h"

/* Each entry's name in call=, and where the kernel side saw it, for seen=. */
static const struct {
	const char *call, *seen;
} odc_entries[ODC_WATCH_ENTRIES] = {
	[ODC_WATCH_OPEN] = { "open", "sys_enter/open" },
	[ODC_WATCH_OPENAT] = { "openat", "sys_enter/openat" },
	[ODC_WATCH_OPENAT2] = { "openat2", "sys_enter/openat2" },
	[ODC_WATCH_URING_OPENAT] = { "io_uring_openat", "io_uring/openat" },
	[ODC_WATCH_URING_OPENAT2] = { "io_uring_openat2", "io_uring/openat2" },
};

/*
 * When E's call was made, on the wall clock: the kernel stamps it on the
 * boot clock (which counts a suspend, as the wall clock does), read here
 * beside the wall clock, once for the event.
 */
static long long odc_wall_ns(const struct odc_watch_event *e)
{
	long long boot = odc_clock_ns(CLOCK_BOOTTIME);

	return odc_clock_ns(CLOCK_REALTIME) - (boot - (long long)e->ktime);
}

/*
 * Whether E's call is on an empty path, which names nothing: every mode
 * answers it alike, and none can create anything. The project's own
 * checks of the kernel's meaning are such calls (the library's, once in
 * each process it is preloaded into, and the watcher's own), and none is
 * a program's call to log.
 */
static bool odc_nameless(const struct odc_watch_event *e)
{
	return !(e->seen & (ODC_WATCH_LOST_ONLY | ODC_WATCH_PATH_BAD)) && !e->path[0];
}

void odc_watch_log(const struct odc_log_target *to, const struct odc_watch_event *e)
{
	static struct odc_watch_look look;
	const char *exe, *said;
	char cgroup[PATH_MAX];
	bool exited = e->seen & ODC_WATCH_LOST_ONLY, nameless = odc_nameless(e);

	if (nameless && !e->lost)
		return;
	/* A nameless call's line says only the calls its process lost before it. */
	bool lost_only = exited || nameless;
	long long wall = odc_wall_ns(e);
	bool known = e->entry < ODC_WATCH_ENTRIES;

	odc_watch_look(e, lost_only, wall, &look, &exe, &said);
	odc_watch_cgroup(e->cgroup, cgroup, sizeof cgroup);
	struct odc_log_seen seen = {
		.how = exited ? "sched/process_exit" : known ? odc_entries[e->entry].seen : "?",
		.abi = e->abi == ODC_WATCH_I386 ? "i386" : "native",
		.time_ns = wall,
		.tid = e->tid, .nspid = e->ns_tgid,
		.ruid = e->uid, .euid = e->euid, .egid = e->egid,
		.cgroup = cgroup, .cgroup_id = e->cgroup,
		.mntns = e->mnt_ns, .pidns = e->pid_ns, .userns = e->user_ns,
		.exe = exe, .dir = look.dir, .script = said, .unread = look.unread,
		.result_unknown = !(e->seen & ODC_WATCH_RESULT),
		.path_bad = e->seen & ODC_WATCH_PATH_BAD,
		.path_cut = e->seen & ODC_WATCH_PATH_CUT,
		.lost = (unsigned long)e->lost,
		.lost_only = lost_only,
	};
	struct odc_call call = odc_watch_call(e);
	odc_log(to, &(struct odc_log_entry){
		.pid = (pid_t)e->tgid,
		.prog = e->comm,
		.entry = lost_only ? "none" : known ? odc_entries[e->entry].call : "?",
		.call = &call,
		.mode = ODC_NATIVE,
		.result = (long)e->result,
		.found = &look.found,
		.dir_fd = -1,
		.seen = &seen,
	});
}
