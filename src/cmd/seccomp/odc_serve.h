/* odcreat --seccomp: answering the calls the filter hands over. */
#ifndef ODC_SERVE_H
#define ODC_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_seccomp_abi.h"

#include "odc_log_name.h"
#include "odc_mode.h"

struct odc_server {
	int listener;		/* the filter's */
	enum odc_mode mode;
	struct odc_log_target log;	/* where each call served is logged */
	bool unlogged_einval;	/* einval's answers need nothing but the flags */
	bool add_sends;		/* ADDFD answers the call too (Linux 5.14) */
	struct odc_seccomp_notif *notif;	/* sized as the running kernel says */
	struct odc_seccomp_notif_resp *resp;
	size_t notif_size, resp_size;
};

/*
 * Make S ready to serve MODE on this kernel, logging to LOG (the listener
 * comes later): 0, or a negative errno, the kernel's when it has no user
 * notification.
 */
int odc_server_init(struct odc_server *s, enum odc_mode mode, struct odc_log_target log);

/* Take one notification from S's listener and answer it. */
void odc_serve(struct odc_server *s);

#endif
