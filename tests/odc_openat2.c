/*
 * libodc_openat2.so: another preloaded library with an openat2(), as glibc
 * 2.43 has and as a wrapper may add. It says on standard error that the call
 * reached it, then makes the system call.
 */
#include <string.h>
#include <unistd.h>

#include "odc_abi.h"

__attribute__((visibility("default"))) int openat2(int dirfd, const char *path,
						    const struct odc_open_how *how, size_t size)
{
	static const char line[] = "libodc_openat2: openat2\n";
	ssize_t ignored = write(STDERR_FILENO, line, sizeof line - 1);

	(void)ignored;
	return (int)syscall(ODC_NR_OPENAT2, dirfd, path, how, size);
}
