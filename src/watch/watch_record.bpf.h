/*
 * A call's record (odc_watch_event.h), from its making to its sending
 * (watch.bpf.c): the pair's test, the maps it is kept in, and the ring
 * buffer it leaves the kernel by.
 */
#ifndef ODC_WATCH_RECORD_BPF_H
#define ODC_WATCH_RECORD_BPF_H

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
 * it holds, or more (a record of a thread whose exit never came is
 * replaced by its next call's, and counted twice), never fewer.
 */
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
 * The bytes of records each user (real uid, hashed into a slot) has in the
 * ring buffer, not yet read: the user side takes a record's away as it
 * reads it. One user may hold no more than ODC_UID_SHARE of the buffer, so
 * that a flood of one user's calls leaves room for every other user's: a
 * rate limit would drop calls where nothing was full, a per-user ring
 * would need a map of rings. Users whose uids share a slot share a share.
 */
#define ODC_RING_SIZE (1024 * 1024)
#define ODC_UID_SHARE (ODC_RING_SIZE / 4)

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, ODC_RING_SIZE);	/* some 7,000 calls of short paths, unread */
} odc_events SEC(".maps");

/* Records not sent (the ring buffer, or the caller's share of it, was full); calls sent without a result (a full map). */
__u64 odc_dropped, odc_unpaired;
__u64 odc_held[ODC_WATCH_UID_SLOTS];
__u64 odc_kept;

static __always_inline bool odc_pair(u64 flags)
{
	return flags <= 0xffffffffULL && (flags & ODC_PAIR_MASK) == ODC_PAIR;
}

/* N more calls lost by E's process, to be carried by its next record. */
static __always_inline void odc_owe(const struct odc_watch_event *e, struct odc_owed_key *key, u64 n)
{
	u64 *owed = bpf_map_lookup_elem(&odc_owed, key);

	if (!owed && bpf_map_update_elem(&odc_owed, key, &n, BPF_NOEXIST) == 0)
		return;
	if (!owed)
		owed = bpf_map_lookup_elem(&odc_owed, key);	/* another thread made it first */
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

/*
 * E sent, carrying the calls its process lost since its last record; if
 * it cannot be, it is owed too. FAIR: within its user's share (a record
 * that says only what was lost is not: it is one a process, at its exit).
 */
static __always_inline bool odc_send_as(struct odc_watch_event *e, bool fair)
{
	/* path_len is 1 to sizeof e->path; the mask tells the verifier so. */
	u32 size = sizeof *e - sizeof e->path + ((e->path_len - 1) & (sizeof e->path - 1)) + 1;
	struct odc_owed_key key = { .tgid = bpf_get_current_pid_tgid() >> 32, .start_time = e->start_time };
	u64 *owed = bpf_map_lookup_elem(&odc_owed, &key);
	u64 *held = &odc_held[e->uid % ODC_WATCH_UID_SLOTS];

	e->lost += owed ? odc_take(owed, &key) : 0;
	/* Added, then the sum read (no atomic returns a value on 5.10): records sent never hold more than the share. */
	if (fair)
		__sync_fetch_and_add(held, size);
	if (fair && *(volatile u64 *)held > ODC_UID_SHARE) {
		__sync_fetch_and_sub(held, size);
	} else if (bpf_ringbuf_output(&odc_events, e, size, 0)) {
		if (fair)
			__sync_fetch_and_sub(held, size);
	} else {
		return true;
	}
	bool call = !(e->seen & ODC_WATCH_LOST_ONLY);	/* a call's own loss, counted once */
	if (call)
		__sync_fetch_and_add(&odc_dropped, 1);
	odc_owe(e, &key, e->lost + call);
	return false;
}

static __always_inline void odc_send(struct odc_watch_event *e)
{
	odc_send_as(e, true);
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
	odc_fill_task(e);
	return e;
}

#endif
