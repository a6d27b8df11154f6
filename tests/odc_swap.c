/*
 * libodc_swap.so: a hand-over that fails, for odcreat --seccomp. Preloaded
 * into odcreat, it stands in for the supervisor's hand-over
 * (SECCOMP_IOCTL_NOTIF_ADDFD) and fails it as if the caller had been killed
 * meanwhile (ENOENT), after exchanging the two names in ODC_SWAP ("A:B",
 * relative to the supervisor's directory) with renameat2(RENAME_EXCHANGE)
 * if that is set: a racer at the worst moment. The supervisor must then undo
 * its create, without touching what now holds the name. (odcreat's start-up
 * probe of ADDFD gets ENOENT too, as a kernel that has it answers.)
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;

	va_start(ap, request);
	void *arg = va_arg(ap, void *);
	va_end(ap);

	const char *swap = getenv("ODC_SWAP");
	if (request == SECCOMP_IOCTL_NOTIF_ADDFD) {
		if (swap && strchr(swap, ':')) {
			char first[256];
			snprintf(first, sizeof first, "%.*s", (int)strcspn(swap, ":"), swap);
			renameat2(AT_FDCWD, first, AT_FDCWD, strchr(swap, ':') + 1, RENAME_EXCHANGE);
		}
		errno = ENOENT;
		return -1;
	}
	int (*next)(int, unsigned long, ...) = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	return next(fd, request, arg);
}
