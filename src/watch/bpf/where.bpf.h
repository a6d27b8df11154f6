/*
 * Where a call is, taken at the call for a look that may come after its
 * process is gone: the caller's root and the directory its path starts
 * from, each by its identity (struct odc_watch_dir_id), and the names of
 * that directory and of the executable, from the caller's root; then its
 * groups and the start of its command line. bpf_d_path is not allowed in
 * the programs that see a call, so a name is made as d_path makes it: up
 * the dentries, across the mounts, to the root, in a bounded number of
 * steps that read kernel memory alone.
 */
#ifndef ODC_WHERE_BPF_H
#define ODC_WHERE_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"
#include "record.bpf.h"

/* The most steps up a name takes (a component, or a mount crossed); a deeper name is not taken. */
#define ODC_WALK_STEPS 40
/* A component's longest name (NAME_MAX). */
#define ODC_NAME_PART 255
#define ODC_NAME_MASK (ODC_WATCH_NAME_MAX - 1)
_Static_assert(ODC_WATCH_PATH_MAX == ODC_WATCH_NAME_MAX, "odc_put_name masks an offset past the path and a name with 2 * ODC_WATCH_NAME_MAX - 1");

/*
 * Where a name is made, from its end, with room for a component beyond
 * it, as the verifier must see; and the walk's place, kept here rather
 * than in registers, so that the verifier finds each step's state the
 * same whichever way the step before went (and checks a step once, not
 * once for every way there: 2 to the ODC_WALK_STEPS).
 */
struct odc_walk_buf {
	struct dentry *d;
	struct vfsmount *vm;
	struct dentry *top;	/* vm's root */
	u32 at;			/* where the name starts */
	char c[ODC_WATCH_NAME_MAX + ODC_NAME_PART + 1];
};
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct odc_walk_buf);
} odc_walk_bufs SEC(".maps");

/* The struct mount a vfsmount is part of (fs/mount.h's real_mount). */
static __always_inline struct mount *odc_real_mount(struct vfsmount *vm)
{
	return (void *)vm - bpf_core_field_offset(struct mount, mnt);
}

static __always_inline void odc_dir_id(struct odc_watch_dir_id *id, const struct path *p)
{
	id->ino = BPF_CORE_READ(p->dentry, d_inode, i_ino);
	id->mnt_id = BPF_CORE_READ(odc_real_mount(p->mnt), mnt_id);
}

/*
 * One step of B's walk up to ROOT: 1 where the root is reached, 0 where
 * the walk goes on, -1 where it cannot (a disconnected dentry, too long a
 * name, or the namespace's top and no root met: outside a chroot, or a
 * mount since detached).
 */
static __always_inline int odc_step(struct odc_walk_buf *b, const struct path *root)
{
	struct dentry *d = b->d;
	u32 at = b->at;

	if (d == root->dentry && b->vm == root->mnt)
		return 1;
	if (d == b->top) {	/* up from the mount's root to where it is mounted */
		struct mount *m = odc_real_mount(b->vm);
		struct mount *up = BPF_CORE_READ(m, mnt_parent);
		if (up == m)
			return -1;
		struct vfsmount *vm = (void *)up + bpf_core_field_offset(struct mount, mnt);
		b->d = BPF_CORE_READ(m, mnt_mountpoint);
		b->vm = vm;
		b->top = BPF_CORE_READ(vm, mnt_root);
		return 0;
	}
	struct dentry *parent = BPF_CORE_READ(d, d_parent);
	struct qstr name;
	if (BPF_CORE_READ_INTO(&name, d, d_name) || parent == d || name.len > ODC_NAME_PART || name.len + 1 >= at)
		return -1;	/* b->c[0] is never reached: a name is less than ODC_WATCH_NAME_MAX */
	at -= name.len + 1;
	b->c[at & ODC_NAME_MASK] = '/';
	bpf_probe_read_kernel(&b->c[(at + 1) & ODC_NAME_MASK], name.len & ODC_NAME_PART, name.name);
	b->at = at;
	b->d = parent;
	return 0;
}

/* The name of P from ROOT, made at the end of B: where it starts in B, or -1 where it cannot be told. */
static __always_inline int odc_walk(struct odc_walk_buf *b, const struct path *p, const struct path *root)
{
	b->d = p->dentry;
	b->vm = p->mnt;
	b->top = BPF_CORE_READ(p->mnt, mnt_root);
	b->at = ODC_WATCH_NAME_MAX - 1;
	b->c[ODC_WATCH_NAME_MAX - 1] = '\0';
	/*
	 * Unrolled: 5.10 takes a loop only where its back edge is a jump,
	 * and clang may close it by falling through from a load it hoisted.
	 */
#pragma clang loop unroll(full)
	for (int i = 0; i < ODC_WALK_STEPS; i++) {
		int step = odc_step(b, root);
		if (step < 0)
			return -1;
		if (step == 0)
			continue;
		if (b->at == ODC_WATCH_NAME_MAX - 1)	/* the root itself */
			b->c[--b->at & ODC_NAME_MASK] = '/';
		return b->at & ODC_NAME_MASK;
	}
	return -1;
}

/*
 * P's name from ROOT put in E's names, OFF bytes into them (after the path
 * and a name, each shorter than ODC_WATCH_NAME_MAX: the mask keeps what
 * is, and tells the verifier so: 5.10's learns nothing from a test of
 * another register that holds the same value). Its length with its NUL,
 * or 0.
 */
static __always_inline u16 odc_put_name(struct odc_watch_event *e, u32 off, const struct path *p,
					const struct path *root)
{
	u32 zero = 0;
	struct odc_walk_buf *b = bpf_map_lookup_elem(&odc_walk_bufs, &zero);
	int at = b && p->dentry ? odc_walk(b, p, root) : -1;

	if (at < 1)
		return 0;
	u32 len = ODC_WATCH_NAME_MAX - at;	/* 1 to ODC_WATCH_NAME_MAX - 1 */
	bpf_probe_read_kernel(&e->path[off & (2 * ODC_WATCH_NAME_MAX - 1)], len & ODC_NAME_MASK,
			      &b->c[at & ODC_NAME_MASK]);
	return len & ODC_NAME_MASK;
}

/* The directory DIRFD, a descriptor, names; false where there is none. */
static __always_inline bool odc_dirfd_path(struct task_struct *t, s32 dirfd, struct path *p)
{
	struct fdtable *fdt = BPF_CORE_READ(t, files, fdt);
	struct file *f = NULL;

	if (dirfd < 0 || (u32)dirfd >= BPF_CORE_READ(fdt, max_fds))
		return false;
	bpf_probe_read_kernel(&f, sizeof f, BPF_CORE_READ(fdt, fd) + dirfd);
	return f && BPF_CORE_READ_INTO(p, f, f_path) == 0;
}

/* The caller's supplementary groups, after E's names: all of them, or none where they are too many. */
static __always_inline void odc_read_groups(struct odc_watch_event *e, struct task_struct *t)
{
	struct group_info *gi = BPF_CORE_READ(t, cred, group_info);
	u32 n = BPF_CORE_READ(gi, ngroups);

	e->ngroups = n > 0xffff ? 0xffff : n;
	if (n <= ODC_WATCH_RECORD_GROUPS && !bpf_core_read(&e->path[odc_names_end(e)], (n & ODC_WATCH_RECORD_GROUPS) * sizeof(u32), &gi->gid))
		e->groups_len = n * sizeof(u32);
}

/*
 * The caller's root, its working directory and the directory E's path
 * starts from, by identity, and the names of that directory (a relative
 * path's) and of the executable.
 */
static __always_inline void odc_read_names(struct odc_watch_event *e, struct task_struct *t)
{
	struct path root = {}, dir = {}, exe = {};
	bool relative = e->path[0] != '/';

	if (BPF_CORE_READ_INTO(&root, t, fs, root) || BPF_CORE_READ_INTO(&dir, t, fs, pwd))
		return;
	odc_dir_id(&e->root, &root);
	odc_dir_id(&e->cwd, &dir);
	if (!relative)
		e->dir = e->root;
	else if (e->dirfd == ODC_AT_FDCWD)
		e->dir = e->cwd;
	else if (odc_dirfd_path(t, e->dirfd, &dir))
		odc_dir_id(&e->dir, &dir);
	u32 off = e->path_len;
	if (relative && e->dir.ino)
		e->dir_len = odc_put_name(e, off, &dir, &root);
	if (BPF_CORE_READ_INTO(&exe, t, mm, exe_file, f_path) == 0)
		e->exe_len = odc_put_name(e, off + e->dir_len, &exe, &root);
}

/*
 * The start of the caller's command line, after E's groups: its process
 * image's own, read at the call, which a later exec cannot change (the
 * user side finds an interpreter's script in it, and keeps no other
 * argument). None where its pages are not in memory: a read here cannot
 * wait for them.
 */
static __always_inline void odc_read_args(struct odc_watch_event *e, struct task_struct *t)
{
	struct mm_struct *mm = BPF_CORE_READ(t, mm);
	u64 start = BPF_CORE_READ(mm, arg_start), len = BPF_CORE_READ(mm, arg_end) - start;
	u32 off = odc_groups_end(e);

	if (!mm || !start || len == 0 || len > 0x7fffffff)
		return;
	if (len > ODC_WATCH_ARGS_MAX - 1) {
		len = ODC_WATCH_ARGS_MAX - 1;
		e->seen |= ODC_WATCH_ARGS_CUT;
	}
	if (bpf_probe_read_user(&e->path[off], len & (ODC_WATCH_ARGS_MAX - 1), (void *)start) == 0)
		e->args_len = len;
}

/*
 * Where E's call is, once its path and dirfd are in it (struct
 * odc_watch_event: root, working directory, dir and the names after the
 * path), its caller's groups and its command line. Pair calls alone come
 * here.
 */
static __always_inline void odc_read_where(struct odc_watch_event *e)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();

	odc_read_names(e, t);
	odc_read_groups(e, t);
	odc_read_args(e, t);
}

#endif
