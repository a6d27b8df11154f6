/*
 * The watcher's kernel side: every open, openat and openat2 on the machine
 * (i386's compat calls too) and every io_uring OPENAT and OPENAT2, filtered
 * here on the pair, so that nothing else ever reaches user space. A call's
 * record is kept from its entry to its exit (or from an io_uring request's
 * submission to its completion), for its result, then sent.
 *
 * The calls through the kernel's own functions for them, where it lets BPF
 * attach to functions (watch_fentry.bpf.h: Debian's kernels do, the
 * project's machines do not). Else native calls through their own
 * tracepoints (syscalls/sys_enter_openat and the like), which no other
 * system call runs. Those do not fire for compat calls: where the kernel
 * makes any, the user side attaches the raw sys_enter and sys_exit
 * tracepoints too, which every system call runs, for them alone
 * (bench/RESULTS.md has what each costs).
 *
 * All of it loads on Linux 5.10: no atomic that returns a value (5.12),
 * no helper after 5.8's ring buffer (no bpf_get_current_task_btf: 5.11),
 * as tests/watch.bats checks in the object. Where kernels name or shape
 * a tracepoint differently, each shape has a program, and the user side
 * loads those the running kernel's BTF has (watch_kernel.c).
 */
#include <vmlinux.h>	/* generated from this kernel's BTF, in the build tree */

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "odc_watch_event.h"
#include "arch.bpf.h"
#include "task.bpf.h"
#include "record.bpf.h"
#include "where.bpf.h"
#include "uring.bpf.h"

char LICENSE[] SEC("license") = "Dual MIT/GPL";

/* Which of the three calls the compat call NR is, or -1. */
static __always_inline int odc_compat_entry(long nr)
{
	if (nr == ODC_NR32_OPENAT)
		return ODC_WATCH_OPENAT;
	if (nr == ODC_NR32_OPEN)
		return ODC_WATCH_OPEN;
	if (nr == ODC_NR32_OPENAT2)
		return ODC_WATCH_OPENAT2;
	return -1;
}

/*
 * Set before loading where the running kernel refuses the pair with EINVAL
 * (Linux 6.4, 6.1.30): it does so before it looks at the path, so open's
 * and openat's entry knows the result, and their exits are not attached
 * (watch_kernel.c). openat2's is still needed: its size check comes first.
 */
const volatile bool odc_entry_decides;
#define ODC_EINVAL 22

/*
 * A call's entry, A its first four arguments: its record kept until its
 * exit, where it passes the pair (or sent now, where the map is full, or
 * where the entry knows the result).
 */
static __always_inline void odc_enter(int entry, bool compat, const unsigned long *a)
{
	struct open_how how = {};

	if (entry != ODC_WATCH_OPENAT2) {
		how.flags = (u32)a[entry == ODC_WATCH_OPEN ? 1 : 2];
		how.mode = (u32)a[entry == ODC_WATCH_OPEN ? 2 : 3];
	} else if (a[3] < ODC_OPEN_HOW_SIZE || bpf_probe_read_user(&how, sizeof how, (void *)a[2])) {
		return;	/* refused before its flags are looked at */
	}
	if (!odc_pair(how.flags))
		return;

	struct odc_watch_event *e = odc_new(entry, compat ? ODC_WATCH_I386 : ODC_WATCH_NATIVE);
	if (!e || !odc_admit(e))
		return;
	e->flags = how.flags;
	e->mode = how.mode;
	e->resolve = how.resolve;
	e->dirfd = entry == ODC_WATCH_OPEN ? ODC_AT_FDCWD : (s32)a[0];
	odc_read_path(e, (const char *)a[entry == ODC_WATCH_OPEN ? 0 : 1], true);
	odc_read_where(e);
	if (odc_entry_decides && entry != ODC_WATCH_OPENAT2) {
		odc_deliver_result(e, -ODC_EINVAL);
		return;
	}
	u32 tid = (u32)bpf_get_current_pid_tgid();	/* the kernel's, which no namespace hides */
	/* A record of this thread's whose exit never came: sent as it is, before it is replaced. */
	struct odc_watch_event *stale = bpf_map_lookup_elem(&odc_calls, &tid);

	if (stale)
		odc_deliver(stale);
	if (bpf_map_update_elem(&odc_calls, &tid, e, BPF_ANY)) {
		__sync_fetch_and_add(&odc_unpaired, 1);
		odc_deliver(e);
	} else {
		__sync_fetch_and_add(&odc_kept, 1);
	}
}

/* A call's exit: its record, kept at its entry, sent with its result. */
static __always_inline void odc_exit(long ret)
{
	/* An ordinary open's exit, where no pair call is under way anywhere: one read, no lookup. */
	if (!odc_kept)
		return;
	u32 tid = (u32)bpf_get_current_pid_tgid();

	if (odc_finish(&odc_calls, &tid, ret))
		__sync_fetch_and_sub(&odc_kept, 1);
}

/*
 * The native calls, through the tracepoints of each: only these calls run
 * them. (The exit's arguments are gone: the map tells whether the entry
 * kept a record.)
 */
#define ODC_SYSCALL_TP(name, entry)                                              \
	SEC("tracepoint/syscalls/sys_enter_" #name)                             \
	int odc_enter_##name(struct trace_event_raw_sys_enter *ctx)              \
	{                                                                        \
		unsigned long a[4] = { ctx->args[0], ctx->args[1], ctx->args[2], \
				       ctx->args[3] };                           \
		odc_enter(entry, false, a);                                      \
		return 0;                                                        \
	}                                                                        \
	SEC("tracepoint/syscalls/sys_exit_" #name)                              \
	int odc_exit_##name(struct trace_event_raw_sys_exit *ctx)                \
	{                                                                        \
		odc_exit(ctx->ret);                                              \
		return 0;                                                        \
	}

ODC_SYSCALL_TP(openat, ODC_WATCH_OPENAT)
ODC_SYSCALL_TP(openat2, ODC_WATCH_OPENAT2)
#if ODC_HAS_OPEN
ODC_SYSCALL_TP(open, ODC_WATCH_OPEN)
#endif

#include "fentry.bpf.h"

/*
 * Compat calls, which have no tracepoints of their own: every system call
 * runs these, so a native one leaves at the first test, of its number.
 * Attached only where the kernel makes compat calls at all
 * (watch_attach.c).
 */
SEC("tp_btf/sys_enter")
int BPF_PROG(odc_compat_enter, struct pt_regs *regs, long nr)
{
	int entry = odc_compat_entry(nr);

	/* The number first: most calls leave without the task's status read. */
	if (entry < 0 || !odc_compat())
		return 0;
	unsigned long a[4] = { odc_compat_arg(regs, 0), odc_compat_arg(regs, 1),
			       odc_compat_arg(regs, 2), odc_compat_arg(regs, 3) };
	odc_enter(entry, true, a);
	return 0;
}

/*
 * An ordinary open's exit costs a comparison of its flags; only openat2's
 * needs the map to tell. Where the entry decides, open's and openat's kept
 * nothing: a record the map holds for the thread is another call's.
 */
SEC("tp_btf/sys_exit")
int BPF_PROG(odc_compat_exit, struct pt_regs *regs, long ret)
{
	int entry = odc_compat_entry(odc_exit_nr(regs));

	if (entry >= 0 && odc_compat() &&
	    (entry == ODC_WATCH_OPENAT2 ||
	     (!odc_entry_decides && odc_pair((u32)odc_compat_arg(regs, entry == ODC_WATCH_OPEN ? 1 : 2)))))
		odc_exit(ret);
	return 0;
}

/*
 * A process's last thread exits (P, where GROUP_DEAD): the calls it lost
 * since its last record (the last of a burst, say), sent in a record of
 * their own, within its person's share and at its own pace (ODC_BURST,
 * then one each ODC_PACE_NS), so that they are counted even where no call
 * of its follows. Every exit runs this: one lookup for a process that
 * lost none.
 */
static __always_inline void odc_process_gone(struct task_struct *p, bool group_dead)
{
	struct odc_owed_key key = { .tgid = bpf_get_current_pid_tgid() >> 32,
				    .start_time = BPF_CORE_READ(p, group_leader, start_boottime) };
	u64 *owed = group_dead ? bpf_map_lookup_elem(&odc_owed, &key) : NULL;

	if (!owed)
		return;
	struct odc_watch_event *e = *owed ? odc_new(ODC_WATCH_OPENAT, ODC_WATCH_NATIVE) : NULL;
	struct odc_person *person = e ? odc_person(e->owner) : NULL;

	/* Where it is not sent, its calls stay counted in odc_dropped alone. */
	if (person && odc_due(&person->exits_due, e->ktime)) {
		e->seen = ODC_WATCH_LOST_ONLY;
		e->path[0] = '\0';
		e->path_len = 1;
		odc_send(e);
	}
	bpf_map_delete_elem(&odc_owed, &key);
}

/* Where the kernel says whether the thread was its process's last (6.18's). */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(odc_process_exit, struct task_struct *p, bool group_dead)
{
	odc_process_gone(p, group_dead);
	return 0;
}

/* Where it does not (5.10 to 6.12): the last thread's do_exit() has brought its process's live threads to 0. */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(odc_process_exit_task, struct task_struct *p)
{
	odc_process_gone(p, BPF_CORE_READ(p, signal, live.counter) == 0);
	return 0;
}
