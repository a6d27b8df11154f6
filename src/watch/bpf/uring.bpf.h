/*
 * io_uring's OPENAT and OPENAT2, from their submission, when the kernel
 * has prepared the request (its struct io_open holds the kernel's copy of
 * everything), to their completion, for the result. Kernels name and
 * shape these tracepoints differently: each shape has a program of its
 * own, and the user side (load/choose.c) loads those the running kernel's
 * BTF has, and none where it has none. Each helper returns what its
 * program returns: 0.
 */
#ifndef ODC_URING_BPF_H
#define ODC_URING_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"
#include "record.bpf.h"
#include "send.bpf.h"
#include "where.bpf.h"

/*
 * Set before loading, from the running kernel's BTF (its io_uring flags
 * are enumerators of an unnamed enum, which CO-RE cannot relocate): 0
 * where it has none.
 */
const volatile __u64 odc_req_f_cqe_skip;	/* IOSQE_CQE_SKIP_SUCCESS's (Linux 5.17) */
const volatile __u64 odc_req_f_fail;		/* a request failed before its submission's tracepoint */

/*
 * io_uring requests between submission and completion, by request. Not an
 * LRU, which would forget a request unseen: a record that finds it full,
 * or a record under its key whose completion never came, is sent at once,
 * without a result.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u64);
	__type(value, struct odc_watch_event);
} odc_requests SEC(".maps");

/* Linux 5.15's request (Debian 11's 5.10 has it, by a backport): its open, its user_data. */
struct io_kiocb___515 {
	struct io_open open;
	__u64 user_data;
} __attribute__((preserve_access_index));

/* Linux 5.12 to 5.18: an io_uring worker's task, and the work it runs. */
struct task_struct___515 {
	void *pf_io_worker;
} __attribute__((preserve_access_index));

struct io_worker___515 {
	struct io_wq_work *cur_work;
} __attribute__((preserve_access_index));

/* Their opcodes: the ABI's, fixed (5.10's BTF has them in an unnamed enum, which CO-RE cannot relocate). */
#define ODC_IORING_OP_OPENAT 18
#define ODC_IORING_OP_OPENAT2 28

static __always_inline bool odc_uring_open(u8 op)
{
	return op == ODC_IORING_OP_OPENAT || op == ODC_IORING_OP_OPENAT2;
}

/* REQ's open, in this kernel's layout: a member of its own (5.15), or over its cmd (6.0). */
static __always_inline struct io_open *odc_uring_open_of(struct io_kiocb *req)
{
	if (bpf_core_field_exists(((struct io_kiocb___515 *)req)->open))
		return &((struct io_kiocb___515 *)req)->open;
	return (void *)&req->cmd;
}

/* REQ, submitted with FLAGS: kept until its completion, if it is an open that passes the pair. */
static __always_inline int odc_uring_submitted(struct io_kiocb *req, u64 flags)
{
	u8 op = BPF_CORE_READ(req, opcode);
	struct io_open *open = odc_uring_open_of(req);

	if ((flags & odc_req_f_fail) || !odc_uring_open(op) || !odc_pair(BPF_CORE_READ(open, how.flags)))
		return 0;
	bool two = op == ODC_IORING_OP_OPENAT2;
	struct odc_watch_event *e = odc_new(two ? ODC_WATCH_URING_OPENAT2 : ODC_WATCH_URING_OPENAT,
					    ODC_WATCH_NATIVE);
	if (!e || !odc_admit(e))
		return 0;
	e->flags = BPF_CORE_READ(open, how.flags);
	e->mode = BPF_CORE_READ(open, how.mode);
	e->resolve = BPF_CORE_READ(open, how.resolve);
	e->dirfd = BPF_CORE_READ(open, dfd);
	odc_read_path(e, BPF_CORE_READ(open, filename, name), false);
	odc_read_where(e);

	u64 key = (u64)req;
	/* A success that posts no completion, to wait for, is sent now, without its result. */
	bool skip = flags & odc_req_f_cqe_skip;

	if (!skip && bpf_map_update_elem(&odc_requests, &key, e, BPF_NOEXIST) == 0)
		return 0;
	if (!skip) {	/* the map is full, or holds a request freed unseen whose memory this one reuses */
		struct odc_watch_event *stale = bpf_map_lookup_elem(&odc_requests, &key);
		if (stale) {
			odc_deliver(stale);
			bpf_map_delete_elem(&odc_requests, &key);
		}
		__sync_fetch_and_add(&odc_unpaired, 1);
	}
	odc_deliver(e);
	return 0;
}

/* Request REQ's completion, with its result RES: its record, kept since its submission, sent. */
static __always_inline int odc_uring_finish(u64 req, s32 res)
{
	odc_finish(&odc_requests, &req, res);
	return 0;
}

/* A completion of REQ (NULL: of none), with its result RES: an open's alone can have been kept. */
static __always_inline int odc_uring_completed(struct io_kiocb *req, s32 res)
{
	if (req && odc_uring_open(BPF_CORE_READ(req, opcode)))
		return odc_uring_finish((u64)req, res);
	return 0;
}

/*
 * A completion that names no request (Linux 5.15's, and Debian 11's
 * 5.10's): its ring RING, USER_DATA and result RES. An open that passes
 * the pair has O_CREAT, which io_uring always hands to a worker: the
 * request is the one the worker now runs, where its ring and user_data
 * are the completion's. Any other completion is never taken for it.
 */
static __always_inline int odc_uring_worker_completed(void *ring, u64 user_data, int res)
{
	struct task_struct___515 *t = (void *)bpf_get_current_task();
	struct io_worker___515 *worker = BPF_CORE_READ(t, pf_io_worker);
	struct io_wq_work *work = worker ? BPF_CORE_READ(worker, cur_work) : NULL;

	if (!work)
		return 0;
	struct io_kiocb *req = (void *)work - bpf_core_field_offset(struct io_kiocb, work);
	if (BPF_CORE_READ(req, ctx) == ring &&
	    BPF_CORE_READ((struct io_kiocb___515 *)req, user_data) == user_data)
		return odc_uring_finish((u64)req, res);
	return 0;
}

#endif
