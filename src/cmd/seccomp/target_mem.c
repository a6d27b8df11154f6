/*
 * A target's memory, read with process_vm_readv a page at a time, so that
 * what lies beyond a string's end is never asked for: what the target
 * could not read itself is EFAULT, as the kernel would say.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include "odc_target.h"

/* process_vm_readv never reads across this boundary in one piece. */
#define ODC_CHUNK 4096

/* One piece that does not cross a page: the bytes read, or a negative errno. */
static ssize_t odc_target_read_piece(const struct odc_target *t, uint64_t addr, char *buf,
				     size_t len)
{
	struct iovec local = { .iov_base = buf, .iov_len = len };
	struct iovec remote = { .iov_base = (void *)(uintptr_t)addr, .iov_len = len };
	ssize_t n = process_vm_readv(t->tid, &local, 1, &remote, 1, 0);

	if (n > 0)
		return n;
	return n == 0 ? -EFAULT : -errno;
}

/*
 * LEN bytes at ADDR in T, piece by piece, or with STRING up to the first
 * NUL: the bytes copied, or a negative errno.
 */
static ssize_t odc_target_read_mem(const struct odc_target *t, uint64_t addr, char *buf, size_t len,
				   bool string)
{
	size_t done = 0;

	while (done < len) {
		size_t piece = ODC_CHUNK - (addr + done) % ODC_CHUNK;
		ssize_t n = odc_target_read_piece(t, addr + done, buf + done,
						  piece < len - done ? piece : len - done);
		if (n < 0)
			return n;
		if (string && memchr(buf + done, '\0', (size_t)n))
			return (ssize_t)(done + (size_t)n);
		done += (size_t)n;
	}
	return (ssize_t)done;
}

int odc_target_copy(const struct odc_target *t, uint64_t addr, void *buf, size_t len)
{
	ssize_t n = odc_target_read_mem(t, addr, buf, len, false);

	return n < 0 ? (int)n : 0;
}

int odc_target_path(const struct odc_target *t, uint64_t addr, char *buf, size_t cap)
{
	ssize_t n = odc_target_read_mem(t, addr, buf, cap, true);

	if (n < 0)
		return (int)n;
	return memchr(buf, '\0', (size_t)n) ? 0 : -ENAMETOOLONG;
}

