/*
 * What a record says of its caller and its path, read in the kernel
 * (watch.bpf.c): the caller as the kernel has it now, CO-RE.
 */
#ifndef ODC_WATCH_TASK_BPF_H
#define ODC_WATCH_TASK_BPF_H

/*
 * The watcher's own pid namespace (its /proc's), set before loading: the
 * caller's pid is told as the watcher, and its /proc, number it.
 */
const volatile __u32 odc_pidns_ino;

/* The deepest the watcher's pid namespace is looked for in a caller's. */
#define ODC_PIDNS_DEPTH 8

static __always_inline struct upid odc_upid(struct pid *pid, unsigned int at)
{
	struct upid up = {};

	bpf_probe_read_kernel(&up, sizeof up, &pid->numbers[at & 31]);
	return up;
}

/* Where the watcher's pid namespace is among PID's (level LEVEL and above), or -1: outside it. */
static __always_inline int odc_pidns_at(struct pid *pid, unsigned int level)
{
	for (unsigned int i = 0; i < ODC_PIDNS_DEPTH && i <= level; i++)
		if (BPF_CORE_READ(odc_upid(pid, i).ns, ns.inum) == odc_pidns_ino)
			return (int)i;
	return -1;
}

/* The caller's pids: in the watcher's namespace (0 outside it), and in its own. */
static __always_inline void odc_fill_pids(struct odc_watch_event *e, struct task_struct *t)
{
	struct pid *process = BPF_CORE_READ(t, group_leader, thread_pid);
	unsigned int level = BPF_CORE_READ(process, level);
	int at = odc_pidns_at(process, level);
	struct upid own = odc_upid(process, level);

	e->ns_tgid = own.nr;
	e->pid_ns = BPF_CORE_READ(own.ns, ns.inum);
	if (at < 0)
		return;
	e->tgid = odc_upid(process, at).nr;
	e->tid = odc_upid(BPF_CORE_READ(t, thread_pid), at).nr;
}

/* The caller: its ids, credentials, namespaces and cgroup, as the kernel has them now. */
static __always_inline void odc_fill_task(struct odc_watch_event *e)
{
	struct task_struct *t = (void *)bpf_get_current_task();	/* not _btf: 5.11 */

	e->tgid = e->tid = 0;
	odc_fill_pids(e, t);
	e->cgroup = bpf_get_current_cgroup_id();
	bpf_get_current_comm(e->comm, sizeof e->comm);
	e->uid = BPF_CORE_READ(t, cred, uid.val);
	e->euid = BPF_CORE_READ(t, cred, euid.val);
	e->egid = BPF_CORE_READ(t, cred, egid.val);
	e->user_ns = BPF_CORE_READ(t, cred, user_ns, ns.inum);
	e->mnt_ns = BPF_CORE_READ(t, nsproxy, mnt_ns, ns.inum);
	e->start_time = BPF_CORE_READ(t, group_leader, start_boottime);	/* as /proc/PID/stat has it */
	e->exe_ino = BPF_CORE_READ(t, mm, exe_file, f_inode, i_ino);
	e->ktime = bpf_ktime_get_boot_ns();
}

/* Whether a string the read of which ended at SIZE bytes went on past them. */
static __always_inline void odc_mark_cut(struct odc_watch_event *e, long n, const char *s, bool user)
{
	char next = 0;

	if (n < (long)sizeof e->path)
		return;
	if (user)
		bpf_probe_read_user(&next, 1, s + sizeof e->path - 1);
	else
		bpf_probe_read_kernel(&next, 1, s + sizeof e->path - 1);
	if (next)
		e->seen |= ODC_WATCH_PATH_CUT;
}

static __always_inline void odc_read_path(struct odc_watch_event *e, const char *s, bool user)
{
	long n = user ? bpf_probe_read_user_str(e->path, sizeof e->path, s)
		      : bpf_probe_read_kernel_str(e->path, sizeof e->path, s);

	e->path_len = n > 0 ? n : 1;
	if (n < 0) {
		e->path[0] = '\0';
		e->seen |= ODC_WATCH_PATH_BAD;
		return;
	}
	odc_mark_cut(e, n, s, user);
}

#endif
