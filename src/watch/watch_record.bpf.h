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

#endif
