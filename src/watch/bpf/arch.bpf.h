/*
 * What differs between the kernels the watcher runs on: the open flags'
 * values, whether there is an open(2), and the compat calls (i386's on an
 * x86-64 kernel): whether a call is one, their numbers, and where their
 * arguments are.
 */
#ifndef ODC_WATCH_ARCH_BPF_H
#define ODC_WATCH_ARCH_BPF_H

#if defined(__TARGET_ARCH_x86)

#define ODC_O_DIRECTORY 0200000
#define ODC_HAS_OPEN 1
/* i386's numbers, which its programs' calls carry on an x86-64 kernel. */
#define ODC_NR32_OPEN 5
#define ODC_NR32_OPENAT 295
#define ODC_NR32_OPENAT2 437
/* arch/x86/include/asm/thread_info.h: set for the length of a compat call (no BTF: a #define). */
#define ODC_TS_COMPAT 0x0002

static __always_inline bool odc_compat(void)
{
	struct task_struct *t = (void *)bpf_get_current_task();

	return BPF_CORE_READ(t, thread_info.status) & ODC_TS_COMPAT;
}

/* Argument N (0-3) of the compat call REGS holds; still there at its exit. */
static __always_inline unsigned long odc_compat_arg(struct pt_regs *regs, int n)
{
	switch (n) {
	case 0: return regs->bx;
	case 1: return regs->cx;
	case 2: return regs->dx;
	default: return regs->si;
	}
}

static __always_inline long odc_exit_nr(struct pt_regs *regs)
{
	return regs->orig_ax;
}

#elif defined(__TARGET_ARCH_arm64)

/* AArch64 has no open(2), and AArch32 programs' compat calls are not watched. */
#define ODC_O_DIRECTORY 040000
#define ODC_HAS_OPEN 0
#define ODC_NR32_OPEN -1
#define ODC_NR32_OPENAT -1
#define ODC_NR32_OPENAT2 -1

static __always_inline bool odc_compat(void)
{
	return false;
}

static __always_inline unsigned long odc_compat_arg(struct pt_regs *regs, int n)
{
	(void)regs;
	(void)n;
	return 0;
}

static __always_inline long odc_exit_nr(struct pt_regs *regs)
{
	return regs->syscallno;
}

#else
#error "the watcher knows x86-64 and AArch64: build with -D__TARGET_ARCH_x86 or arm64"
#endif

#endif
