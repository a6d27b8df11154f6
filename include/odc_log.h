/* The audit log (ODCREAT_LOG): one line for each call odcreat redefined. */
#ifndef ODC_LOG_H
#define ODC_LOG_H

#include <stdbool.h>
#include <stdint.h>

#include "odc_call.h"
#include "odc_log_name.h"
#include "odc_predict.h"

/*
 * A call that odcreat-watch (src/watch/) saw the kernel make, logged for
 * its caller after the call: the kernel's word for the call and the
 * caller, and what the watcher read of the caller's process since.
 */
struct odc_log_seen {
	const char *how;		/* where it was seen: "sys_enter/openat", "io_uring/openat2" */
	const char *abi;		/* the call's ABI: "native", "i386" */
	long long time_ns;		/* when the call was made, in ns since the epoch */
	uint32_t tid, nspid;		/* its thread; its process, as its own pid namespace numbers it */
	uint32_t ruid, euid, egid;	/* its ids, as the initial user namespace has them */
	const char *cgroup;		/* its cgroup v2 path, or "" where none was found */
	unsigned long long cgroup_id;
	uint32_t mntns, pidns, userns;	/* its namespaces' inode numbers */
	const char *exe, *dir;		/* its executable and a relative path's directory, or "" */
	const char *script;		/* the script it runs, where it is an interpreter, or "" */
	const char *unread;		/* why the name's state was not read, or NULL */
	bool result_unknown;		/* neither its exit nor its completion was seen */
	bool path_bad;			/* its path could not be read: the pointer was bad */
	bool path_cut;			/* the path holds only the start of the caller's */
	unsigned long lost;		/* the process's calls the kernel could not send before this one */
	bool lost_only;			/* no call: the line says only LOST, which the process still owed */
};

struct odc_log_entry {
	pid_t pid;		/* the caller; 0 for this process (or, where SEEN, outside the watcher's view) */
	const char *prog;	/* the caller's name, when pid is not 0 */
	const char *entry;	/* the function or system call the program made */
	const struct odc_call *call;
	enum odc_mode mode;
	long result;		/* a descriptor, or a negative errno */
	const char *refused;	/* why this process may not act for the caller, or NULL */
	const struct odc_found *found;	/* what the name held before the call, from odc_log_before */
	int dir_fd;		/* when pid is not 0: the call's directory here, or -1 */
	const struct odc_log_seen *seen;	/* from odcreat-watch: uid=, exe= and dir= are the caller's */
	const void *caller;	/* where pid is 0: the return address of the function the program called, or NULL */
};

/*
 * Before C is carried out: what its name holds, read into FOUND where the
 * log goes somewhere (otherwise FOUND is left unread). Keeps errno.
 */
void odc_log_before(const struct odc_log_target *to, const struct odc_call *c,
		    struct odc_found *found);

/* Write E's line to TO, if it goes somewhere. Keeps errno; async-signal-safe. */
void odc_log(const struct odc_log_target *to, const struct odc_log_entry *e);

/*
 * Before a process that logged for others exits (the supervisor): wait,
 * within a bound, until the daemon behind TO has read every entry it sent.
 * journald names an entry's program by reading /proc when it takes the
 * entry, and finds nothing once the sender is gone.
 */
void odc_log_settle(const struct odc_log_target *to);

#endif
