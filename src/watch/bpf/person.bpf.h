/*
 * The persons a record may belong to (its owner: odc_owner in
 * task.bpf.h), so that one person's calls leave room for every other's,
 * each with an account (send.bpf.h sends by it).
 */
#ifndef ODC_PERSON_BPF_H
#define ODC_PERSON_BPF_H

#include <bpf/bpf_helpers.h>

/*
 * A person's account: its records may hold no more than ODC_SHARE of the
 * ring buffer unread (the bytes it sent, less those the user side says it
 * read, in odc_read, which the user side alone writes), and come no faster
 * than ODC_BURST at once, then one each ODC_PACE_NS, its exit records
 * apart (a rate limit alone would drop calls where nothing was full; a
 * ring a person would need a map of rings). Exact: a person a key, never
 * removed; a person beyond ODC_PERSONS has no account, and its records
 * are refused and counted (odc_strangers).
 */
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

/* Calls cut at their person's pace; records of persons beyond the table. */
__u64 odc_paced, odc_strangers;

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

#endif
