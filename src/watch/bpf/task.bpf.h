/*
 * What a record says of its caller, read in the kernel at the call: the
 * caller as the kernel has it now (CO-RE), its pids as the watcher's pid
 * namespace numbers them, and the person its records count against.
 */
#ifndef ODC_TASK_BPF_H
#define ODC_TASK_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"

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

/* The most user namespaces a task may be in below the initial one: the kernel's bound is 32. */
#define ODC_USERNS_DEPTH 33

/*
 * The person T's records count against: the uid (as the initial namespace
 * has it) of the user who made the top-most user namespace T is in below
 * the initial one, so that every uid mapped into a user's namespaces, a
 * subordinate range's too, is that user; where root made that namespace
 * (a container, a unit's PrivateUsers=), the namespace itself; in the
 * initial namespace, T's real uid.
 */
static __always_inline u64 odc_owner(struct task_struct *t)
{
	struct user_namespace *ns = BPF_CORE_READ(t, cred, user_ns), *top = NULL;

	for (int i = 0; i < ODC_USERNS_DEPTH; i++) {
		struct user_namespace *parent = BPF_CORE_READ(ns, parent);
		if (!parent)
			break;
		top = ns;
		ns = parent;
	}
	if (!top)
		return BPF_CORE_READ(t, cred, uid.val);
	u32 owner = BPF_CORE_READ(top, owner.val);
	return owner ? owner : ODC_WATCH_OWNER_NS | BPF_CORE_READ(top, ns.inum);
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
	e->exec_id = BPF_CORE_READ(t, self_exec_id);	/* each exec adds 1; a new thread has its creator's */
	e->owner = odc_owner(t);
	e->ktgid = bpf_get_current_pid_tgid() >> 32;
	e->ktime = bpf_ktime_get_boot_ns();
}

#endif
