/*
 * What a record says of its caller and its path, read in the kernel
 * (watch.bpf.c): the caller as the kernel has it now, CO-RE.
 */
#ifndef ODC_WATCH_TASK_BPF_H
#define ODC_WATCH_TASK_BPF_H

/* The caller: its ids, credentials, namespaces and cgroup, as the kernel has them now. */
static __always_inline void odc_fill_task(struct odc_watch_event *e)
{
	struct task_struct *t = bpf_get_current_task_btf();
	u64 id = bpf_get_current_pid_tgid();

	e->tgid = id >> 32;
	e->tid = (u32)id;
	e->cgroup = bpf_get_current_cgroup_id();
	bpf_get_current_comm(e->comm, sizeof e->comm);
	e->uid = BPF_CORE_READ(t, cred, uid.val);
	e->euid = BPF_CORE_READ(t, cred, euid.val);
	e->egid = BPF_CORE_READ(t, cred, egid.val);
	e->user_ns = BPF_CORE_READ(t, cred, user_ns, ns.inum);
	e->mnt_ns = BPF_CORE_READ(t, nsproxy, mnt_ns, ns.inum);
	e->start_time = BPF_CORE_READ(t, group_leader, start_boottime);	/* as /proc/PID/stat has it */
	e->ktime = bpf_ktime_get_ns();

	struct pid *pid = BPF_CORE_READ(t, group_leader, thread_pid);
	unsigned int level = BPF_CORE_READ(pid, level);
	struct upid own = {};
	bpf_probe_read_kernel(&own, sizeof own, &pid->numbers[level & 31]);
	e->ns_tgid = own.nr;
	e->pid_ns = BPF_CORE_READ(own.ns, ns.inum);
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
