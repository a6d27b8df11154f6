/*
 * The same calls through the kernel's functions for them (fentry and
 * fexit on __x64_sys_openat and the like, and on i386's; on AArch64,
 * __arm64_sys_openat and openat2), where the kernel lets BPF attach to its
 * functions: Debian's kernels do (AArch64's where BPF's trampolines have
 * ftrace's direct calls there, from 6.4: its 6.12, not its 6.1), the
 * project's machines refuse it (EPERM). Only
 * those calls run these: no other system call takes the slow path that a
 * syscall tracepoint gives every one, and no trace record is made. The
 * user side tries them first and falls back to the tracepoints (watch.c).
 */
#ifndef ODC_WATCH_FENTRY_BPF_H
#define ODC_WATCH_FENTRY_BPF_H

#define ODC_FENTRY(fn, name, entry, compat)                          \
	SEC("fentry/" #fn)                                          \
	int BPF_PROG(odc_fe_##name, const struct pt_regs *regs)     \
	{                                                           \
		unsigned long a[4];                                 \
		odc_regs_args(regs, compat, a);                     \
		odc_enter(entry, compat, a);                        \
		return 0;                                           \
	}                                                           \
	SEC("fexit/" #fn)                                           \
	int BPF_PROG(odc_fx_##name, const struct pt_regs *regs, long ret) \
	{                                                           \
		odc_exit(ret);                                      \
		return 0;                                           \
	}

#if defined(__TARGET_ARCH_x86)

/* The first four arguments of a call whose registers are REGS: x86-64's, or i386's (COMPAT). */
static __always_inline void odc_regs_args(const struct pt_regs *regs, bool compat, unsigned long *a)
{
	a[0] = compat ? regs->bx : regs->di;
	a[1] = compat ? regs->cx : regs->si;
	a[2] = regs->dx;
	a[3] = compat ? regs->si : regs->r10;
}

ODC_FENTRY(__x64_sys_openat, openat, ODC_WATCH_OPENAT, false)
ODC_FENTRY(__x64_sys_open, open, ODC_WATCH_OPEN, false)
ODC_FENTRY(__x64_sys_openat2, openat2, ODC_WATCH_OPENAT2, false)
ODC_FENTRY(__ia32_compat_sys_openat, openat32, ODC_WATCH_OPENAT, true)
ODC_FENTRY(__ia32_compat_sys_open, open32, ODC_WATCH_OPEN, true)
ODC_FENTRY(__ia32_sys_openat2, openat2_32, ODC_WATCH_OPENAT2, true)

#elif defined(__TARGET_ARCH_arm64)

/* The first four arguments of a call whose registers are REGS: x0 to x3 (no compat calls are watched). */
static __always_inline void odc_regs_args(const struct pt_regs *regs, bool compat, unsigned long *a)
{
	(void)compat;
	for (int i = 0; i < 4; i++)
		a[i] = regs->regs[i];
}

ODC_FENTRY(__arm64_sys_openat, openat, ODC_WATCH_OPENAT, false)
ODC_FENTRY(__arm64_sys_openat2, openat2, ODC_WATCH_OPENAT2, false)

#endif

#endif
