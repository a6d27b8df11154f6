/*
 * What differs between the architectures the watcher runs on: the open
 * flags' values, whether there is an open(2), where a call's arguments
 * are, and the compat calls (i386's on an x86-64 kernel): whether a call
 * is one, and their numbers.
 */
#ifndef ODC_ARCH_BPF_H
#define ODC_ARCH_BPF_H

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>

#include "odc_watch_event.h"

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

/* The first four arguments of a call whose registers are REGS: x86-64's, or i386's (COMPAT). */
static __always_inline void odc_regs_args(const struct pt_regs *regs, bool compat, unsigned long *a)
{
	a[0] = compat ? regs->bx : regs->di;
	a[1] = compat ? regs->cx : regs->si;
	a[2] = regs->dx;
	a[3] = compat ? regs->si : regs->r10;
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

/* The first four arguments of a call whose registers are REGS: x0 to x3. */
static __always_inline void odc_regs_args(const struct pt_regs *regs, bool compat, unsigned long *a)
{
	(void)compat;
	for (int i = 0; i < 4; i++)
		a[i] = regs->regs[i];
}

#else
#error "the watcher knows x86-64 and AArch64: build with -D__TARGET_ARCH_x86 or arm64"
#endif

/* Which of the three calls the compat call NR is, or -1. */
static __always_inline int odc_compat_entry(long nr)
{
	if (nr == ODC_NR32_OPENAT)
		return ODC_WATCH_OPENAT;
	if (nr == ODC_NR32_OPEN)
		return ODC_WATCH_OPEN;
	if (nr == ODC_NR32_OPENAT2)
		return ODC_WATCH_OPENAT2;
	return -1;
}

#endif
