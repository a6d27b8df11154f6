/*
 * The watcher's kernel side: every program, one for each place it
 * attaches. Each sees every open, openat and openat2 on the machine
 * (i386's compat calls too) or every io_uring OPENAT and OPENAT2, filtered
 * on the pair in the kernel, so that nothing else reaches user space; a
 * call's record is kept from its entry to its exit (a request's, from its
 * submission to its completion) for its result, then sent. What they do
 * is in the headers (calls.bpf.h and uring.bpf.h first), which each
 * program hands its arguments to.
 *
 * All of it loads on Linux 5.10: no atomic that returns a value (5.12),
 * no helper after 5.8's ring buffer (no bpf_get_current_task_btf: 5.11),
 * as tests/watch.bats checks in the object. Where kernels name or shape
 * a hook differently, each shape has a program, and the user side loads
 * those the running kernel's BTF has (load/choose.c).
 */
#include <vmlinux.h>	/* generated from this kernel's BTF, in the build tree */

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "arch.bpf.h"
#include "calls.bpf.h"
#include "odc_watch_event.h"
#include "send.bpf.h"
#include "uring.bpf.h"

char LICENSE[] SEC("license") = "Dual MIT/GPL";

/*
 * The native calls through their own tracepoints, which no other system
 * call runs: used where the kernel's own functions (below) cannot be.
 */
SEC("tracepoint/syscalls/sys_enter_openat")
int odc_enter_openat(struct trace_event_raw_sys_enter *ctx)
{
	return odc_enter_tp(ODC_WATCH_OPENAT, ctx);
}

SEC("tracepoint/syscalls/sys_exit_openat")
int odc_exit_openat(struct trace_event_raw_sys_exit *ctx)
{
	return odc_exit(ctx->ret);
}

SEC("tracepoint/syscalls/sys_enter_openat2")
int odc_enter_openat2(struct trace_event_raw_sys_enter *ctx)
{
	return odc_enter_tp(ODC_WATCH_OPENAT2, ctx);
}

SEC("tracepoint/syscalls/sys_exit_openat2")
int odc_exit_openat2(struct trace_event_raw_sys_exit *ctx)
{
	return odc_exit(ctx->ret);
}

#if ODC_HAS_OPEN
SEC("tracepoint/syscalls/sys_enter_open")
int odc_enter_open(struct trace_event_raw_sys_enter *ctx)
{
	return odc_enter_tp(ODC_WATCH_OPEN, ctx);
}

SEC("tracepoint/syscalls/sys_exit_open")
int odc_exit_open(struct trace_event_raw_sys_exit *ctx)
{
	return odc_exit(ctx->ret);
}
#endif

/*
 * The compat calls, which have no tracepoints of their own: every system
 * call runs these, so they are attached only where the kernel makes
 * compat calls at all (load/attach.c).
 */
SEC("tp_btf/sys_enter")
int BPF_PROG(odc_compat_enter, struct pt_regs *regs, long nr)
{
	return odc_compat_entered(regs, nr);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(odc_compat_exit, struct pt_regs *regs, long ret)
{
	return odc_compat_exited(regs, ret);
}

#if defined(__TARGET_ARCH_x86)
/*
 * The same calls, native and compat, through the x86-64 kernel's own
 * functions for them, where it lets BPF attach to its functions (a kernel
 * may refuse, EPERM). Only those calls run these: no other system call
 * takes the slow path a syscall tracepoint gives every one, and no trace
 * record is made; so the user side tries them first (load/load.c).
 */
SEC("fentry/__x64_sys_openat")
int BPF_PROG(odc_fe_openat, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT, false, regs);
}

SEC("fexit/__x64_sys_openat")
int BPF_PROG(odc_fx_openat, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__x64_sys_open")
int BPF_PROG(odc_fe_open, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPEN, false, regs);
}

SEC("fexit/__x64_sys_open")
int BPF_PROG(odc_fx_open, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__x64_sys_openat2")
int BPF_PROG(odc_fe_openat2, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT2, false, regs);
}

SEC("fexit/__x64_sys_openat2")
int BPF_PROG(odc_fx_openat2, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__ia32_compat_sys_openat")
int BPF_PROG(odc_fe_openat32, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT, true, regs);
}

SEC("fexit/__ia32_compat_sys_openat")
int BPF_PROG(odc_fx_openat32, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__ia32_compat_sys_open")
int BPF_PROG(odc_fe_open32, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPEN, true, regs);
}

SEC("fexit/__ia32_compat_sys_open")
int BPF_PROG(odc_fx_open32, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__ia32_sys_openat2")
int BPF_PROG(odc_fe_openat2_32, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT2, true, regs);
}

SEC("fexit/__ia32_sys_openat2")
int BPF_PROG(odc_fx_openat2_32, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}
#elif defined(__TARGET_ARCH_arm64)
/*
 * The same through AArch64's functions, which has no open(2) and whose
 * AArch32 calls are not watched. Its trampolines need ftrace's direct
 * calls, which arm64 has from Linux 6.4: Debian's 6.12 takes these, its
 * 6.1 refuses them, and the tracepoints serve there.
 */
SEC("fentry/__arm64_sys_openat")
int BPF_PROG(odc_fe_openat, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT, false, regs);
}

SEC("fexit/__arm64_sys_openat")
int BPF_PROG(odc_fx_openat, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}

SEC("fentry/__arm64_sys_openat2")
int BPF_PROG(odc_fe_openat2, const struct pt_regs *regs)
{
	return odc_enter_regs(ODC_WATCH_OPENAT2, false, regs);
}

SEC("fexit/__arm64_sys_openat2")
int BPF_PROG(odc_fx_openat2, const struct pt_regs *regs, long ret)
{
	return odc_exit(ret);
}
#endif

/*
 * The files opens allocate, for whether a call's own open created its
 * name (made.bpf.h): through the kernel's function where BPF may attach
 * to it, else a probe at its return. Only where the kernel's meaning is
 * not einval, which leaves the name as it was.
 */
SEC("fexit/alloc_empty_file")
int BPF_PROG(odc_made_fx, int flags, const struct cred *cred, struct file *f)
{
	return odc_file_allocated(&odc_calls, odc_kept, f);
}

SEC("kretprobe/alloc_empty_file")
int BPF_KRETPROBE(odc_made_kr, struct file *f)
{
	return odc_file_allocated(&odc_calls, odc_kept, f);
}

/* io_uring's submissions. Linux 6.4 on: the request alone (its flags 32 bits wide in 6.1, 64 in 6.12). */
SEC("tp_btf/io_uring_submit_req")
int BPF_PROG(odc_uring_submit, struct io_kiocb *req)
{
	return odc_uring_submitted(req, BPF_CORE_READ_BITFIELD_PROBED(req, flags));
}

/* Linux 6.0 to 6.3: the request, and whether it is tried without blocking. */
SEC("tp_btf/io_uring_submit_sqe")
int BPF_PROG(odc_uring_submit_sqe, struct io_kiocb *req)
{
	return odc_uring_submitted(req, BPF_CORE_READ_BITFIELD_PROBED(req, flags));
}

/*
 * Linux 5.15's (and Debian 11's 5.10's): the ring, the request, its
 * opcode, user_data and flags. A request whose preparation failed (in a
 * chain of linked ones) reaches it too, unprepared: REQ_F_FAIL.
 */
SEC("tp_btf/io_uring_submit_sqe")
int BPF_PROG(odc_uring_submit_sqe_ring, void *ring, struct io_kiocb *req, u8 op, u64 user_data, u32 flags)
{
	return odc_uring_submitted(req, flags);
}

/* io_uring's completions. Linux 6.18: the completion, as it is posted. */
SEC("tp_btf/io_uring_complete")
int BPF_PROG(odc_uring_complete, void *ring, struct io_kiocb *req, struct io_uring_cqe *cqe)
{
	return odc_uring_completed(req, BPF_CORE_READ(cqe, res));
}

/* Linux 6.0 to 6.17: the request, its user_data and its result. */
SEC("tp_btf/io_uring_complete")
int BPF_PROG(odc_uring_complete_res, void *ring, struct io_kiocb *req, u64 user_data, int res)
{
	return odc_uring_completed(req, res);
}

/* Linux 5.15's (and Debian 11's 5.10's): the ring, user_data and result, but not the request. */
SEC("tp_btf/io_uring_complete")
int BPF_PROG(odc_uring_complete_worker, void *ring, u64 user_data, int res)
{
	return odc_uring_worker_completed(ring, user_data, res);
}

/*
 * A process's exit, for the calls it lost since its last record
 * (send.bpf.h). Where the kernel says whether the thread was its last:
 */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(odc_process_exit, struct task_struct *p, bool group_dead)
{
	return odc_process_gone(p, group_dead);
}

/* Where it does not (5.10 to 6.12): the last thread's do_exit has brought its process's live threads to 0. */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(odc_process_exit_task, struct task_struct *p)
{
	return odc_process_gone(p, BPF_CORE_READ(p, signal, live.counter) == 0);
}
