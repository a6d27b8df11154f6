/*
 * A record sent (record.bpf.h): through the ring buffer, within its
 * person's share and at its person's pace (person.bpf.h), carrying the
 * calls its process lost since its last record; or, where it cannot be,
 * counted lost and owed by its process.
 */
#ifndef ODC_SEND_BPF_H
#define ODC_SEND_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"
#include "person.bpf.h"
#include "record.bpf.h"

/*
 * The calls of each process that the kernel could not send, since its last
 * record (which carries those before it, lost=): only processes that lost
 * some are here. Its exit sends what it still owes (exit.bpf.h). LRU: a
 * machine of many such processes forgets the oldest, whose calls are then
 * counted in odc_dropped alone.
 */
struct odc_owed_key {
	u32 tgid;	/* the kernel's, which no namespace hides */
	u32 pad;
	u64 start_time;	/* tells a reused pid */
};
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct odc_owed_key);
	__type(value, u64);
} odc_owed SEC(".maps");

/*
 * One person's records may hold no more than a quarter of the ring buffer
 * unread (person.bpf.h): room for its burst (ODC_BURST) of records
 * of some 500 bytes (216 of fields; a short path, a directory's and an
 * executable's names, a short command line), and its processes' exit
 * records after them. A record is sent as long as what it holds: one
 * with a long command line (up to ODC_WATCH_ARGS_MAX - 1 bytes of it) is
 * some 800, and two thirds of such a burst fit.
 */
#define ODC_RING_SIZE (2 * 1024 * 1024)
#define ODC_SHARE (ODC_RING_SIZE / 4)

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, ODC_RING_SIZE);	/* some 7,000 such records, unread */
} odc_events SEC(".maps");

/* Calls not sent (the ring buffer full, or their person's share or pace); calls sent without a result (a full map). */
__u64 odc_dropped, odc_unpaired;

static __always_inline struct odc_owed_key odc_owed_key(const struct odc_watch_event *e)
{
	return (struct odc_owed_key){ .tgid = e->ktgid, .start_time = e->start_time };
}

/* N more calls lost by E's process, to be carried by its next record. */
static __always_inline void odc_owe(const struct odc_watch_event *e, u64 n)
{
	struct odc_owed_key key = odc_owed_key(e);
	u64 *owed = bpf_map_lookup_elem(&odc_owed, &key);

	if (!owed && bpf_map_update_elem(&odc_owed, &key, &n, BPF_NOEXIST) == 0)
		return;
	if (!owed)
		owed = bpf_map_lookup_elem(&odc_owed, &key);	/* another thread made it first */
	if (owed)
		__sync_fetch_and_add(owed, n);
}

/*
 * The processes one of whose threads is taking what it owes: one at a
 * time, as no atomic that returns a value (xchg: 5.12) may be used.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, struct odc_owed_key);
	__type(value, u8);
} odc_taking SEC(".maps");

/*
 * What OWED (KEY's) holds, taken from it: read, then subtracted, so that
 * calls another thread owes meanwhile stay owed. Where another thread of
 * the process is taking, none: its record carries them.
 */
static __always_inline u64 odc_take(u64 *owed, struct odc_owed_key *key)
{
	u8 one = 1;
	u64 n = *(volatile u64 *)owed;

	if (!n || bpf_map_update_elem(&odc_taking, key, &one, BPF_NOEXIST))
		return 0;
	n = *(volatile u64 *)owed;
	__sync_fetch_and_sub(owed, n);
	bpf_map_delete_elem(&odc_taking, key);
	return n;
}

/* E's call lost: counted, and owed by its process. */
static __always_inline void odc_lose(const struct odc_watch_event *e)
{
	__sync_fetch_and_add(&odc_dropped, 1);
	odc_owe(e, 1);
}

/* Whether E, a call just seen, may have a record at its person's pace: else it is lost, and counted. */
static __always_inline bool odc_admit(struct odc_watch_event *e)
{
	struct odc_person *p = odc_person(e->owner);

	if (p && odc_due(&p->calls_due, e->ktime))
		return true;
	if (p)
		__sync_fetch_and_add(&odc_paced, 1);
	odc_lose(e);
	return false;
}

/*
 * E sent, within its person's share, carrying the calls its process lost
 * since its last record: whether it was. (Not atomic either: CPUs that race
 * may each pass the share by a record.)
 */
static __always_inline bool odc_send(struct odc_watch_event *e)
{
	u32 size = odc_record_size(e);
	struct odc_owed_key key = odc_owed_key(e);
	u64 owner = e->owner;
	u64 *owed = bpf_map_lookup_elem(&odc_owed, &key), *read = bpf_map_lookup_elem(&odc_read, &owner);
	u64 carried = owed ? odc_take(owed, &key) : 0;
	struct odc_person *p = odc_person(owner);
	bool sent = p && p->sent - (read ? *read : 0) + size <= ODC_SHARE;

	if (sent) {
		e->lost += carried;
		__sync_fetch_and_add(&p->sent, size);
		sent = bpf_ringbuf_output(&odc_events, e, size, 0) == 0;
		if (!sent) {
			__sync_fetch_and_sub(&p->sent, size);
			e->lost -= carried;
		}
	}
	if (!sent && carried)	/* owed again, by its next record */
		odc_owe(e, carried);
	return sent;
}

/* E's call sent, or lost and counted. */
static __always_inline void odc_deliver(struct odc_watch_event *e)
{
	if (!odc_send(e))
		odc_lose(e);
}

/* E's call, which returned RES: sent, or lost and counted. */
static __always_inline void odc_deliver_result(struct odc_watch_event *e, long res)
{
	e->result = res;
	e->seen |= ODC_WATCH_RESULT;
	odc_deliver(e);
}

/*
 * The call kept in MAP under KEY, which returned RES: delivered and taken
 * out. Whether this took it out, where another CPU's end may race it.
 */
static __always_inline bool odc_finish(void *map, const void *key, long res)
{
	struct odc_watch_event *e = bpf_map_lookup_elem(map, key);

	if (!e)
		return false;
	odc_deliver_result(e, res);
	return bpf_map_delete_elem(map, key) == 0;
}

/*
 * A process's last thread exits (P, where GROUP_DEAD): the calls it lost
 * since its last record (the last of a burst, say), sent in a record of
 * their own, within its person's share and at its own pace (ODC_BURST,
 * then one each ODC_PACE_NS), so that they are counted even where no call
 * of its follows. Every exit runs this: one lookup for a process that
 * lost none.
 */
static __always_inline int odc_process_gone(struct task_struct *p, bool group_dead)
{
	struct odc_owed_key key = { .tgid = bpf_get_current_pid_tgid() >> 32,
				    .start_time = BPF_CORE_READ(p, group_leader, start_boottime) };
	u64 *owed = group_dead ? bpf_map_lookup_elem(&odc_owed, &key) : NULL;

	if (!owed)
		return 0;
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
	return 0;
}

#endif
