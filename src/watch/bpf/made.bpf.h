/*
 * Whether a call's own open created its name: on a kernel whose meaning
 * is not einval, the pair makes a file where the name is missing (or
 * where it is a symlink to nowhere, whose target it makes), then fails;
 * what the name holds after the call then says nothing of what it held
 * before, unless the kernel tells that this call made it. Its open's
 * struct file says so: path_openat allocates it (alloc_empty_file) before
 * its walk, and lookup_open marks it FMODE_CREATED where it creates. That
 * file outlives the call's exit even where the open fails: its last fput
 * is left to the task's return to user space. Only the kernels whose
 * meaning is not einval have this attached (load/choose.c).
 */
#ifndef ODC_MADE_BPF_H
#define ODC_MADE_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"

/* include/linux/fs.h, Linux 4.19 to 6.3: a #define, which BTF does not hold. */
#define ODC_FMODE_CREATED 0x100000

/* Set by the user side once the program that sees the files is attached: only then does an exit tell. */
bool odc_made_watched;

/* The last file allocated by each thread that has a call in flight: its open's. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u32);
	__type(value, u64);
} odc_files SEC(".maps");

/*
 * A file, F, allocated: kept where its thread's call is in flight (CALLS,
 * the map of those, KEPT how many it holds or more).
 */
static __always_inline int odc_file_allocated(void *calls, u64 kept, struct file *f)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	u64 file = (u64)f;

	/* Every open on the machine comes here: one read where no pair call is in flight. */
	if (!kept || !f || !bpf_map_lookup_elem(calls, &tid))
		return 0;
	bpf_map_update_elem(&odc_files, &tid, &file, BPF_ANY);
	return 0;
}

/* A call's entry, by thread TID: no file is its open's yet. */
static __always_inline void odc_made_forget(u32 tid)
{
	if (odc_made_watched)
		bpf_map_delete_elem(&odc_files, &tid);
}

/* A call's exit, by thread TID, its record E: whether its open created the name, told in E. */
static __always_inline void odc_made_tell(u32 tid, struct odc_watch_event *e)
{
	if (!odc_made_watched)
		return;
	u64 *file = bpf_map_lookup_elem(&odc_files, &tid);

	e->seen |= ODC_WATCH_MADE_TOLD;
	if (!file)
		return;	/* no open was begun: nothing made */
	if (BPF_CORE_READ((struct file *)*file, f_mode) & ODC_FMODE_CREATED)
		e->seen |= ODC_WATCH_MADE;
	bpf_map_delete_elem(&odc_files, &tid);
}

#endif
