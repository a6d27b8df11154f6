/*
 * A call's record (odc_watch_event.h), from its making to its sending
 * (watch.bpf.c): the pair's test, the maps it is kept in, and the ring
 * buffer it leaves the kernel by.
 */
#ifndef ODC_WATCH_RECORD_BPF_H
#define ODC_WATCH_RECORD_BPF_H

#include "person.bpf.h"

#define ODC_O_CREAT 0100
#define ODC_O_PATH 010000000
#define ODC_O_TMPFILE_BIT 020000000
/* As the library's odc_flags_combined: O_TMPFILE and O_PATH keep their own meaning. */
#define ODC_PAIR (ODC_O_CREAT | ODC_O_DIRECTORY)
#define ODC_PAIR_MASK (ODC_PAIR | ODC_O_TMPFILE_BIT | ODC_O_PATH)
#define ODC_OPEN_HOW_SIZE 24
#define ODC_AT_FDCWD -100

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

/* Where a record is built: it is too big for the BPF stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct odc_watch_event);
} odc_scratch SEC(".maps");

/*
 * The calls of each process that the kernel could not send, since its last
 * record (which carries those before it, lost=): only processes that lost
 * some are here. Its exit sends what it still owes (watch.bpf.c). LRU: a
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
 * unread (watch_person.bpf.h): room for its burst (ODC_BURST) of records
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
__u64 odc_kept;

static __always_inline bool odc_pair(u64 flags)
{
	return flags <= 0xffffffffULL && (flags & ODC_PAIR_MASK) == ODC_PAIR;
}

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
	e->lost = 0;
	/* Nothing taken of where it is, until odc_read_where: an exit's record ends at its empty path. */
	e->root.ino = e->dir.ino = e->cwd.ino = 0;
	e->dir_len = e->exe_len = e->groups_len = e->ngroups = e->args_len = 0;
	odc_fill_task(e);
	return e;
}

#endif
