/*
 * A call's record (odc_watch_event.h): which calls have one (those that
 * pass the pair), where it is made, its caller and its path read into it,
 * and where its parts after the path end, as the verifier must see them.
 */
#ifndef ODC_RECORD_BPF_H
#define ODC_RECORD_BPF_H

#include <bpf/bpf_helpers.h>

#include "arch.bpf.h"
#include "odc_watch_event.h"
#include "task.bpf.h"

#define ODC_O_CREAT 0100
#define ODC_O_PATH 010000000
#define ODC_O_TMPFILE_BIT 020000000
/* As the library's odc_flags_combined: O_TMPFILE and O_PATH keep their own meaning. */
#define ODC_PAIR (ODC_O_CREAT | ODC_O_DIRECTORY)
#define ODC_PAIR_MASK (ODC_PAIR | ODC_O_TMPFILE_BIT | ODC_O_PATH)
#define ODC_AT_FDCWD -100

static __always_inline bool odc_pair(u64 flags)
{
	return flags <= 0xffffffffULL && (flags & ODC_PAIR_MASK) == ODC_PAIR;
}

/* Where a record is built: it is too big for the BPF stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct odc_watch_event);
} odc_scratch SEC(".maps");

/* A record of a call seen at ENTRY, of ABI, and of its caller as it is now; NULL where none can be. */
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

/*
 * Where E's names end, in path. The path's length is 1 to
 * ODC_WATCH_PATH_MAX, each name's less than ODC_WATCH_NAME_MAX: the masks
 * keep them, and tell the verifier so (5.10's learns nothing from a test
 * of another register that holds the same value).
 */
static __always_inline u32 odc_names_end(const struct odc_watch_event *e)
{
	return ((e->path_len - 1) & (ODC_WATCH_PATH_MAX - 1)) + 1 + (e->dir_len & (ODC_WATCH_NAME_MAX - 1)) +
	       (e->exe_len & (ODC_WATCH_NAME_MAX - 1));
}

/* Where E's groups end, in path: its command line's start. */
static __always_inline u32 odc_groups_end(const struct odc_watch_event *e)
{
	return odc_names_end(e) + (e->groups_len & 127);
}

/* The bytes of E to send: up to the end of its command line. */
static __always_inline u32 odc_record_size(const struct odc_watch_event *e)
{
	return sizeof *e - sizeof e->path + odc_groups_end(e) + (e->args_len & (ODC_WATCH_ARGS_MAX - 1));
}

/* E's path marked cut where S, of which a read took N bytes, went on past them. */
static __always_inline void odc_mark_cut(struct odc_watch_event *e, long n, const char *s, bool user)
{
	char next = 0;

	if (n < ODC_WATCH_PATH_MAX)
		return;
	if (user)
		bpf_probe_read_user(&next, 1, s + ODC_WATCH_PATH_MAX - 1);
	else
		bpf_probe_read_kernel(&next, 1, s + ODC_WATCH_PATH_MAX - 1);
	if (next)
		e->seen |= ODC_WATCH_PATH_CUT;
}

/* S, in the caller's memory (USER) or the kernel's, read as E's path: marked where bad or cut. */
static __always_inline void odc_read_path(struct odc_watch_event *e, const char *s, bool user)
{
	long n = user ? bpf_probe_read_user_str(e->path, ODC_WATCH_PATH_MAX, s)
		      : bpf_probe_read_kernel_str(e->path, ODC_WATCH_PATH_MAX, s);

	e->path_len = n > 0 ? n : 1;
	if (n < 0) {
		e->path[0] = '\0';
		e->seen |= ODC_WATCH_PATH_BAD;
		return;
	}
	odc_mark_cut(e, n, s, user);
}

#endif
