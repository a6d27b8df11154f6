/* The open system calls and their arguments (odc_syscall.h). */
#include <fcntl.h>

#include "odc_abi.h"
#include "odc_syscall.h"

/* Where each keeps its arguments: the register's index, or -1 where it has none. */
static const struct {
	const char *name, *via_syscall;	/* for the log: made directly, or through syscall() */
	int dirfd, path, flags, mode, how, size;
} odc_syscalls[ODC_SYSCALL_COUNT] = {
	[ODC_SYSCALL_OPEN] = { "SYS_open", "syscall(SYS_open)", -1, 0, 1, 2, -1, -1 },
	[ODC_SYSCALL_OPENAT] = { "SYS_openat", "syscall(SYS_openat)", 0, 1, 2, 3, -1, -1 },
	[ODC_SYSCALL_OPENAT2] = { "SYS_openat2", "syscall(SYS_openat2)", 0, 1, -1, -1, 2, 3 },
};

enum odc_syscall odc_syscall_of(long nr)
{
#ifdef ODC_NR_OPEN
	if (nr == ODC_NR_OPEN)
		return ODC_SYSCALL_OPEN;
#endif
	if (nr == ODC_NR_OPENAT)
		return ODC_SYSCALL_OPENAT;
	return nr == ODC_NR_OPENAT2 ? ODC_SYSCALL_OPENAT2 : ODC_SYSCALL_OTHER;
}

static uint64_t odc_arg(const uint64_t a[4], int i)
{
	return i < 0 ? 0 : a[i];
}

void odc_syscall_decode(enum odc_syscall call, const uint64_t a[4], struct odc_syscall_args *out)
{
	int dirfd = odc_syscalls[call].dirfd;

	*out = (struct odc_syscall_args){
		.dirfd = dirfd < 0 ? AT_FDCWD : (int)a[dirfd],
		.path = odc_arg(a, odc_syscalls[call].path),
		.flags = (int)odc_arg(a, odc_syscalls[call].flags),
		.mode = (mode_t)odc_arg(a, odc_syscalls[call].mode),
		.how = odc_arg(a, odc_syscalls[call].how),
		.size = odc_arg(a, odc_syscalls[call].size),
	};
}

int odc_syscall_flags_arg(enum odc_syscall call)
{
	return odc_syscalls[call].flags;
}

const char *odc_syscall_name(enum odc_syscall call, bool via_syscall)
{
	if (call == ODC_SYSCALL_OTHER)
		return "?";
	return via_syscall ? odc_syscalls[call].via_syscall : odc_syscalls[call].name;
}
