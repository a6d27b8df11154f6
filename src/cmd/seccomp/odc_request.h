/* One notified call, and everything needed to answer it (serve.c, decode.c). */
#ifndef ODC_REQUEST_H
#define ODC_REQUEST_H

#include <limits.h>
#include <stdint.h>

#include "odc_call.h"
#include "odc_seccomp_abi.h"
#include "odc_serve.h"
#include "odc_target.h"

struct odc_request {
	struct odc_call call;		/* its dirfd is this process's copy */
	struct odc_caller caller;	/* the target, as the semantics reach it */
	int target_dirfd;		/* the number the target passed */
	const struct odc_server *s;
	uint64_t id;
	struct odc_target target;
	char path[PATH_MAX + 1];	/* room to cut a path the kernel finds too long */
};

/* A notified call that the kernel may carry out itself: odc_decode's answer besides 0 and errnos. */
#define ODC_PASS 1

/*
 * The call's arguments, with the path still in the target at *PATH_ADDR:
 * 0 for a call the semantics serve, ODC_PASS for one they leave alone, or
 * the errno to answer at once. *ENTRY names the system call for the log.
 */
long odc_decode(struct odc_request *r, const struct odc_seccomp_notif *n, uint64_t *path_addr,
		const char **entry);

#endif
