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
 * Each person's account (a record's owner: odc_owner), so that one person's
 * calls leave room for every other's: its records may hold no more than
 * ODC_SHARE of the ring buffer unread (the bytes it sent, less those the
 * user side says it read, in odc_read, which the user side alone writes),
 * and come no faster than ODC_BURST at once, then one each ODC_PACE_NS, its
 * exit records apart (a rate limit alone would drop calls where nothing was
 * full; a ring a person would need a map of rings). Exact: a person a key,
 * never removed; a person beyond ODC_PERSONS has no account, and its
 * records are refused and counted (odc_strangers).
 */
#define ODC_RING_SIZE (1024 * 1024)
#define ODC_SHARE (ODC_RING_SIZE / 4)
#define ODC_BURST 1000
#define ODC_PACE_NS (1000000000ULL / 10)
#define ODC_PERSONS 16384

struct odc_person {
	u64 sent;		/* the bytes of its records put into the ring buffer, ever */
	u64 calls_due, exits_due;	/* when its next call's, and exit's, record is due (boot clock) */
};
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, ODC_PERSONS);
	__type(key, u64);
	__type(value, struct odc_person);
} odc_persons SEC(".maps");
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, ODC_PERSONS);
	__type(key, u64);
	__type(value, u64);
} odc_read SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, ODC_RING_SIZE);	/* some 7,000 calls of short paths, unread */
} odc_events SEC(".maps");

/*
 * Calls not sent (the ring buffer full, or their person's share or pace),
 * of them those cut by the pace, and records of persons beyond the table;
 * calls sent without a result (a full map).
 */
__u64 odc_dropped, odc_paced, odc_strangers, odc_unpaired;
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

/* E's call lost: counted, and owed by its process. */
static __always_inline void odc_lose(const struct odc_watch_event *e)
{
	__sync_fetch_and_add(&odc_dropped, 1);
	odc_owe(e, 1);
}

/* OWNER's account, made where it has none; NULL beyond the table (counted). */
static __always_inline struct odc_person *odc_person(u64 owner)
{
	struct odc_person *p = bpf_map_lookup_elem(&odc_persons, &owner), fresh = {};

	if (p)
		return p;
	bpf_map_update_elem(&odc_persons, &owner, &fresh, BPF_NOEXIST);	/* or another CPU did */
	p = bpf_map_lookup_elem(&odc_persons, &owner);
	if (!p)
		__sync_fetch_and_add(&odc_strangers, 1);
	return p;
}

/*
 * Whether a record due at *DUE may go at NOW, and then the next one's due
 * time (GCRA). Not atomic, so that it loads on 5.10: CPUs that race may
 * each let one record more through.
 */
static __always_inline bool odc_due(u64 *due, u64 now)
{
	u64 at = *due > now ? *due : now;

	if (at - now > (ODC_BURST - 1) * ODC_PACE_NS)
		return false;
	*due = at + ODC_PACE_NS;
	return true;
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
	/* path_len is 1 to sizeof e->path; the mask tells the verifier so. */
	u32 size = sizeof *e - sizeof e->path + ((e->path_len - 1) & (sizeof e->path - 1)) + 1;
	struct odc_owed_key key = odc_owed_key(e);
	u64 owner = e->owner;
	u64 *owed = bpf_map_lookup_elem(&odc_owed, &key), *read = bpf_map_lookup_elem(&odc_read, &owner);
	u64 carried = owed ? *owed : 0;
	struct odc_person *p = odc_person(owner);

	if (!p || p->sent - (read ? *read : 0) + size > ODC_SHARE)
		return false;
	e->lost += carried;
	__sync_fetch_and_add(&p->sent, size);
	if (bpf_ringbuf_output(&odc_events, e, size, 0)) {
		__sync_fetch_and_add(&p->sent, -(u64)size);
		e->lost -= carried;
		return false;
	}
	if (owed && carried)
		__sync_fetch_and_add(owed, -carried);
	return true;
}

/* E's call sent, or lost and counted. */
static __always_inline void odc_deliver(struct odc_watch_event *e)
{
	if (!odc_send(e))
		odc_lose(e);
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
