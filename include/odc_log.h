/* The audit log (ODCREAT_LOG): one line for each call odcreat redefined. */
#ifndef ODC_LOG_H
#define ODC_LOG_H

#include <stdbool.h>

#include "odc_call.h"
#include "odc_log_name.h"
#include "odc_predict.h"

struct odc_log_entry {
	pid_t pid;		/* the caller; 0 for this process */
	const char *prog;	/* the caller's name, when pid is not 0 */
	const char *entry;	/* the function or system call the program made */
	const struct odc_call *call;
	enum odc_mode mode;
	long result;		/* a descriptor, or a negative errno */
	const char *refused;	/* why this process may not act for the caller, or NULL */
	const struct odc_found *found;	/* what the name held before the call, from odc_log_before */
	int dir_fd;		/* when pid is not 0: the call's directory here, or -1 */
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
 * Open the log file DEST for appending, as odc_log does: never waiting for
 * a FIFO's reader (ENXIO), and refusing a symlink that the kernel's
 * fs.protected_symlinks rule would refuse (EACCES and *REFUSED, said once
 * on stderr). A descriptor, or a negative errno.
 */
long odc_log_open(const char *dest, bool *refused);

#endif
