/*
 * The system calls' entries and exits, however they are seen: a call's
 * record is made at its entry, where its flags pass the pair, and kept by
 * thread until its exit, which sends it with its result. Each helper
 * returns what its program returns: 0.
 */
#ifndef ODC_CALLS_BPF_H
#define ODC_CALLS_BPF_H

#include <bpf/bpf_helpers.h>

#include "arch.bpf.h"
#include "made.bpf.h"
#include "odc_watch_event.h"
#include "record.bpf.h"
#include "send.bpf.h"
#include "where.bpf.h"

#define ODC_OPEN_HOW_SIZE 24
#define ODC_EINVAL 22

/*
 * Set before loading where the running kernel refuses the pair with EINVAL
 * (Linux 6.4, 6.1.30): it does so before it looks at the path, so open's
 * and openat's entry knows the result, and their exits are not attached
 * (load/choose.c). openat2's is still needed: its size check comes first.
 */
const volatile bool odc_entry_decides;

/*
 * Calls between their entry and their exit, by thread; odc_kept: how many
 * it holds, or more (a record of a thread whose exit never came is sent
 * without a result when its next call's replaces it, and counted twice),
 * never fewer.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u32);
	__type(value, struct odc_watch_event);
} odc_calls SEC(".maps");
__u64 odc_kept;

/*
 * A call's entry, A its first four arguments: its record kept until its
 * exit, where it passes the pair (or sent now, where the map is full, or
 * where the entry knows the result).
 */
static __always_inline int odc_enter(int entry, bool compat, const unsigned long *a)
{
	struct open_how how = {};

	if (entry != ODC_WATCH_OPENAT2) {
		how.flags = (u32)a[entry == ODC_WATCH_OPEN ? 1 : 2];
		how.mode = (u32)a[entry == ODC_WATCH_OPEN ? 2 : 3];
	} else if (a[3] < ODC_OPEN_HOW_SIZE || bpf_probe_read_user(&how, sizeof how, (void *)a[2])) {
		return 0;	/* refused before its flags are looked at */
	}
	if (!odc_pair(how.flags))
		return 0;

	struct odc_watch_event *e = odc_new(entry, compat ? ODC_WATCH_I386 : ODC_WATCH_NATIVE);
	if (!e || !odc_admit(e))
		return 0;
	e->flags = how.flags;
	e->mode = how.mode;
	e->resolve = how.resolve;
	e->dirfd = entry == ODC_WATCH_OPEN ? ODC_AT_FDCWD : (s32)a[0];
	odc_read_path(e, (const char *)a[entry == ODC_WATCH_OPEN ? 0 : 1], true);
	odc_read_where(e);
	if (odc_entry_decides && entry != ODC_WATCH_OPENAT2) {
		odc_deliver_result(e, -ODC_EINVAL);
		return 0;
	}
	u32 tid = (u32)bpf_get_current_pid_tgid();	/* the kernel's, which no namespace hides */
	/* A record of this thread's whose exit never came: sent as it is, before it is replaced. */
	struct odc_watch_event *stale = bpf_map_lookup_elem(&odc_calls, &tid);

	if (stale)
		odc_deliver(stale);
	odc_made_forget(tid);
	if (bpf_map_update_elem(&odc_calls, &tid, e, BPF_ANY)) {
		__sync_fetch_and_add(&odc_unpaired, 1);
		odc_deliver(e);
	} else {
		__sync_fetch_and_add(&odc_kept, 1);
	}
	return 0;
}

/* A native call's entry, seen at its own tracepoint (CTX: the call's arguments). */
static __always_inline int odc_enter_tp(int entry, const struct trace_event_raw_sys_enter *ctx)
{
	unsigned long a[4] = { ctx->args[0], ctx->args[1], ctx->args[2], ctx->args[3] };

	return odc_enter(entry, false, a);
}

/*
 * A call's exit, which returned RET: its record, kept at its entry, sent
 * with its result. (The exit's arguments are gone: the map tells whether
 * the entry kept a record.)
 */
static __always_inline int odc_exit(long ret)
{
	/* An ordinary open's exit, where no pair call is under way anywhere: one read, no lookup. */
	if (!odc_kept)
		return 0;
	u32 tid = (u32)bpf_get_current_pid_tgid();
	struct odc_watch_event *e = bpf_map_lookup_elem(&odc_calls, &tid);

	if (e)
		odc_made_tell(tid, e);
	if (odc_finish(&odc_calls, &tid, ret))
		__sync_fetch_and_sub(&odc_kept, 1);
	return 0;
}

/*
 * A compat call's entry, system call NR, seen where every system call
 * enters: a native one leaves at the test of its number, before the
 * task's status is read.
 */
static __always_inline int odc_compat_entered(struct pt_regs *regs, long nr)
{
	int entry = odc_compat_entry(nr);

	if (entry < 0 || !odc_compat())
		return 0;
	unsigned long a[4] = { odc_compat_arg(regs, 0), odc_compat_arg(regs, 1), odc_compat_arg(regs, 2),
			       odc_compat_arg(regs, 3) };
	return odc_enter(entry, true, a);
}

/*
 * A compat call's exit, which returned RET: an ordinary open's costs a
 * comparison of its flags; only openat2's needs the map to tell. Where the
 * entry decides, open's and openat's kept nothing: a record the map holds
 * for the thread is another call's.
 */
static __always_inline int odc_compat_exited(struct pt_regs *regs, long ret)
{
	int entry = odc_compat_entry(odc_exit_nr(regs));

	if (entry >= 0 && odc_compat() &&
	    (entry == ODC_WATCH_OPENAT2 ||
	     (!odc_entry_decides && odc_pair((u32)odc_compat_arg(regs, entry == ODC_WATCH_OPEN ? 1 : 2)))))
		return odc_exit(ret);
	return 0;
}

/*
 * A call's entry, seen at the kernel's function for it: REGS, x86-64's or
 * AArch64's, or i386's (COMPAT, x86-64 only).
 */
static __always_inline int odc_enter_regs(int entry, bool compat, const struct pt_regs *regs)
{
	unsigned long a[4];

	odc_regs_args(regs, compat, a);
	return odc_enter(entry, compat, a);
}

#endif
