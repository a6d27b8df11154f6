/*
 * The watcher's kernel side: every open, openat and openat2 on the machine
 * (i386's compat calls too) and every io_uring OPENAT and OPENAT2, filtered
 * here on the pair, so that nothing else ever reaches user space. A call's
 * record is kept from its entry to its exit (or from an io_uring request's
 * submission to its completion), for its result, then sent.
 *
 * The raw sys_enter and sys_exit tracepoints, not syscalls/sys_enter_*:
 * those do not fire for compat calls, and these give the registers as
 * BTF, read directly rather than copied first. fentry and kprobes do not
 * load on the project's machines.
 */
#include <vmlinux.h>	/* generated from this kernel's BTF, in the build tree */

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "odc_watch_event.h"
#include "watch_arch.bpf.h"
#include "watch_task.bpf.h"

char LICENSE[] SEC("license") = "Dual MIT/GPL";

#define ODC_O_CREAT 0100
#define ODC_O_PATH 010000000
#define ODC_O_TMPFILE_BIT 020000000
/* As the library's odc_flags_combined: O_TMPFILE and O_PATH keep their own meaning. */
#define ODC_PAIR (ODC_O_CREAT | ODC_O_DIRECTORY)
#define ODC_PAIR_MASK (ODC_PAIR | ODC_O_TMPFILE_BIT | ODC_O_PATH)
#define ODC_OPEN_HOW_SIZE 24
#define ODC_AT_FDCWD -100

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1024 * 1024);	/* some 7,000 calls of short paths, unread */
} odc_events SEC(".maps");

/* Calls between their entry and their exit, by thread. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u32);
	__type(value, struct odc_watch_event);
} odc_calls SEC(".maps");

/* io_uring requests between submission and completion, by request: LRU, as a completion can be missed. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 1024);
	__type(key, u64);
	__type(value, struct odc_watch_event);
} odc_requests SEC(".maps");

/* Where a record is built: it is too big for the BPF stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct odc_watch_event);
} odc_scratch SEC(".maps");

/* Records the ring buffer had no room for, and calls sent without a result (a full map). */
__u64 odc_dropped, odc_unpaired;

static __always_inline bool odc_pair(u64 flags)
{
	return flags <= 0xffffffffULL && (flags & ODC_PAIR_MASK) == ODC_PAIR;
}

static __always_inline void odc_send(struct odc_watch_event *e)
{
	/* path_len is 1 to sizeof e->path; the mask tells the verifier so. */
	u32 size = sizeof *e - sizeof e->path + ((e->path_len - 1) & (sizeof e->path - 1)) + 1;

	if (bpf_ringbuf_output(&odc_events, e, size, 0))
		__sync_fetch_and_add(&odc_dropped, 1);
}

static __always_inline struct odc_watch_event *odc_new(u16 entry, u16 abi)
{
	u32 zero = 0;
	struct odc_watch_event *e = bpf_map_lookup_elem(&odc_scratch, &zero);

	if (!e)
		return NULL;
	e->entry = entry;
	e->abi = abi;
	e->seen = 0;
	e->result = 0;
	e->resolve = 0;
	odc_fill_task(e);
	return e;
}

/* Whether NR is one of the calls in either ABI: every system call asks, so nothing is read first. */
static __always_inline bool odc_maybe_open(long nr)
{
	return nr == ODC_NR_OPENAT || nr == ODC_NR_OPEN || nr == ODC_NR_OPENAT2 ||
	       nr == ODC_NR32_OPENAT || nr == ODC_NR32_OPEN || nr == ODC_NR32_OPENAT2;
}

/* Which of the three calls NR is in this ABI, or -1. */
static __always_inline int odc_entry_of(long nr, bool compat)
{
	if (nr == (compat ? ODC_NR32_OPENAT : ODC_NR_OPENAT))
		return ODC_WATCH_OPENAT;
	if (nr == (compat ? ODC_NR32_OPEN : ODC_NR_OPEN))
		return ODC_WATCH_OPEN;
	if (nr == (compat ? ODC_NR32_OPENAT2 : ODC_NR_OPENAT2))
		return ODC_WATCH_OPENAT2;
	return -1;
}

/* open's and openat's flags are in a register, at the entry and the exit alike. */
static __always_inline u64 odc_reg_flags(struct pt_regs *regs, int entry, bool compat)
{
	return (u32)odc_arg(regs, entry == ODC_WATCH_OPEN ? 1 : 2, compat);
}

SEC("tp_btf/sys_enter")
int BPF_PROG(odc_sys_enter, struct pt_regs *regs, long nr)
{
	if (!odc_maybe_open(nr))
		return 0;
	bool compat = odc_compat();
	int entry = odc_entry_of(nr, compat);
	struct open_how how = {};

	if (entry < 0)
		return 0;
	if (entry != ODC_WATCH_OPENAT2) {
		how.flags = odc_reg_flags(regs, entry, compat);
		how.mode = (u32)odc_arg(regs, entry == ODC_WATCH_OPEN ? 2 : 3, compat);
	} else if (odc_arg(regs, 3, compat) < ODC_OPEN_HOW_SIZE ||
		   bpf_probe_read_user(&how, sizeof how, (void *)odc_arg(regs, 2, compat))) {
		return 0;	/* refused before its flags are looked at */
	}
	if (!odc_pair(how.flags))
		return 0;

	struct odc_watch_event *e = odc_new(entry, compat ? ODC_WATCH_I386 : ODC_WATCH_NATIVE);
	if (!e)
		return 0;
	e->flags = how.flags;
	e->mode = how.mode;
	e->resolve = how.resolve;
	e->dirfd = entry == ODC_WATCH_OPEN ? ODC_AT_FDCWD : (s32)odc_arg(regs, 0, compat);
	odc_read_path(e, (const char *)odc_arg(regs, entry == ODC_WATCH_OPEN ? 0 : 1, compat), true);
	u32 tid = (u32)bpf_get_current_pid_tgid();	/* the kernel's, which no namespace hides */

	if (bpf_map_update_elem(&odc_calls, &tid, e, BPF_ANY)) {
		__sync_fetch_and_add(&odc_unpaired, 1);
		odc_send(e);
	}
	return 0;
}

/* An ordinary open's exit costs a comparison; only openat2's needs the map to tell. */
SEC("tp_btf/sys_exit")
int BPF_PROG(odc_sys_exit, struct pt_regs *regs, long ret)
{
	long nr = odc_exit_nr(regs);

	if (!odc_maybe_open(nr))
		return 0;
	bool compat = odc_compat();
	int entry = odc_entry_of(nr, compat);

	if (entry < 0 || (entry != ODC_WATCH_OPENAT2 && !odc_pair(odc_reg_flags(regs, entry, compat))))
		return 0;
	u32 tid = (u32)bpf_get_current_pid_tgid();
	struct odc_watch_event *e = bpf_map_lookup_elem(&odc_calls, &tid);
	if (!e)
		return 0;
	e->result = ret;
	e->seen |= ODC_WATCH_RESULT;
	odc_send(e);
	bpf_map_delete_elem(&odc_calls, &tid);
	return 0;
}

static __always_inline bool odc_uring_open(u8 op)
{
	return op == bpf_core_enum_value(enum io_uring_op, IORING_OP_OPENAT) ||
	       op == bpf_core_enum_value(enum io_uring_op, IORING_OP_OPENAT2);
}

/* At submission the request is prepared: its struct io_open holds the kernel's copy of everything. */
SEC("tp_btf/io_uring_submit_req")
int BPF_PROG(odc_uring_submit, struct io_kiocb *req)
{
	u8 op = req->opcode;
	struct io_open *open = (void *)&req->cmd;

	if (!odc_uring_open(op) || !odc_pair(BPF_CORE_READ(open, how.flags)))
		return 0;
	bool two = op == bpf_core_enum_value(enum io_uring_op, IORING_OP_OPENAT2);
	struct odc_watch_event *e = odc_new(two ? ODC_WATCH_URING_OPENAT2 : ODC_WATCH_URING_OPENAT,
					    ODC_WATCH_NATIVE);
	if (!e)
		return 0;
	e->flags = BPF_CORE_READ(open, how.flags);
	e->mode = BPF_CORE_READ(open, how.mode);
	e->resolve = BPF_CORE_READ(open, how.resolve);
	e->dirfd = BPF_CORE_READ(open, dfd);
	odc_read_path(e, BPF_CORE_READ(open, filename, name), false);

	u64 key = (u64)req;
	/* IOSQE_CQE_SKIP_SUCCESS: a success posts no completion to wait for (REQ_F_CQE_SKIP, this kernel's value). */
	if ((req->flags & REQ_F_CQE_SKIP) || bpf_map_update_elem(&odc_requests, &key, e, BPF_ANY))
		odc_send(e);
	return 0;
}

SEC("tp_btf/io_uring_complete")
int BPF_PROG(odc_uring_complete, struct io_ring_ctx *ring, void *req, struct io_uring_cqe *cqe)
{
	if (!odc_uring_open(BPF_CORE_READ((struct io_kiocb *)req, opcode)))
		return 0;
	u64 key = (u64)req;
	struct odc_watch_event *e = bpf_map_lookup_elem(&odc_requests, &key);
	if (!e)
		return 0;
	e->result = BPF_CORE_READ(cqe, res);
	e->seen |= ODC_WATCH_RESULT;
	odc_send(e);
	bpf_map_delete_elem(&odc_requests, &key);
	return 0;
}
