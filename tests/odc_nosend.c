/*
 * libodc_nosend.so: odcreat --seccomp on a kernel of Linux 5.9 to 5.13,
 * which adds a descriptor to a supervised process (SECCOMP_IOCTL_NOTIF_ADDFD)
 * but cannot answer the call with it at once (SECCOMP_ADDFD_FLAG_SEND,
 * 5.14). Preloaded into odcreat, it refuses that flag with EINVAL, as those
 * kernels refuse a flag they do not know; every other ioctl, an ADDFD
 * without the flag too, goes on to the kernel. (A seccomp filter cannot do
 * this: the flag lies in memory, where a filter cannot look.)
 */
#include <dlfcn.h>
#include <errno.h>
#include <linux/seccomp.h>
#include <stdarg.h>
#include <sys/ioctl.h>

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;

	va_start(ap, request);
	void *arg = va_arg(ap, void *);
	va_end(ap);

	if (request == SECCOMP_IOCTL_NOTIF_ADDFD &&
	    (((struct seccomp_notif_addfd *)arg)->flags & SECCOMP_ADDFD_FLAG_SEND)) {
		errno = EINVAL;
		return -1;
	}
	int (*next)(int, unsigned long, ...) = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
	return next(fd, request, arg);
}
