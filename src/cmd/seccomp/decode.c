/* Which call a notification is, and with which arguments (odc_request.h). */
#include <errno.h>

#include "odc_request.h"
#include "odc_seccomp.h"

/*
 * An openat2, from its open_how, read as the kernel reads it: 0 for a call
 * the semantics serve, ODC_PASS, or the kernel's errno for an open_how it
 * cannot read. That one is answered here and not passed on: a thread of the
 * target could map the page in the meantime. Flags that cannot be read for
 * want of permission might hold the pair: that call is refused.
 */
static long odc_decode_how(struct odc_request *r, const struct odc_syscall_args *args)
{
	struct odc_open_how how;

	if (args->size != sizeof how)
		return ODC_PASS;
	int err = odc_target_copy(&r->target, args->how, &how, sizeof how);
	if (err == -EFAULT)
		return err;
	if (err < 0) {
		r->caller.refused = odc_target_refusal(err);
		if (!r->caller.refused)
			r->caller.refused = "its memory cannot be read";
		r->call.how_error = -EPERM;	/* flags unknown: no mode can decide */
		return 0;
	}
	if (!odc_how_combined(&how))
		return ODC_PASS;
	struct odc_call call = odc_call_openat2(r->call.dirfd, r->call.path, &how);
	call.caller = r->call.caller;
	r->call = call;
	return 0;
}

/*
 * The call's arguments, with the path still in the target: 0 for a call
 * the semantics serve, ODC_PASS for one they leave alone (the filter lets
 * through only open and openat that need them, but sees no openat2 flags),
 * or the errno to answer at once.
 */
long odc_decode(struct odc_request *r, const struct odc_seccomp_notif *n,
		uint64_t *path_addr, const char **entry)
{
	enum odc_syscall call = odc_seccomp_syscall(n->data.arch, n->data.nr);
	struct odc_syscall_args args;

	*entry = odc_syscall_name(call, false);
	if (call == ODC_SYSCALL_OTHER)
		return ODC_PASS;
	odc_syscall_decode(call, n->data.args, &args);
	r->target_dirfd = args.dirfd;
	*path_addr = args.path;
	if (call == ODC_SYSCALL_OPENAT2)
		return odc_decode_how(r, &args);
	r->call.flags = args.flags;
	r->call.mode = args.mode;
	return odc_flags_combined(r->call.flags) ? 0 : ODC_PASS;
}
