/*
 * What a line says of the process image (odc_log_about.h): its executable
 * as the kernel names it, and the script it runs where it is an
 * interpreter, read once an image: a forked child has its parent's, and
 * exec starts afresh. journald reads its own _EXE from /proc only when
 * the entry arrives, too late for a program that has exited, and a file
 * or syslog has no other word for it.
 */
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "odc_log_about.h"
#include "odc_log_script.h"

static struct odc_log_image odc_image;
static int odc_image_state;	/* 0 unread, 1 being read, 2 read */

/*
 * The executable into TO, and its last name into BASE: its frame, which
 * holds a whole path, is gone before the script is read.
 */
__attribute__((noinline)) static size_t odc_image_exe(struct odc_log_image *to,
						      char base[NAME_MAX + 1])
{
	char path[PATH_MAX];
	ssize_t n = readlinkat(AT_FDCWD, "/proc/self/exe", path, sizeof path - 1);
	size_t len = n > 0 ? (size_t)n : 0, at = len;

	path[len] = '\0';
	odc_line_start(&to->exe);
	odc_put_escaped_within(&to->exe, path, sizeof path, ODC_EXE_ROOM);
	while (at > 0 && path[at - 1] != '/')
		at--;
	len = len - at <= NAME_MAX ? len - at : 0;
	odc_copy(base, path + at, len);
	return len;
}

static void odc_image_read(struct odc_log_image *to)
{
	char base[NAME_MAX + 1];
	size_t len = odc_image_exe(to, base);

	to->script_len = odc_script_read(base, len, to->script);
}

/* This image's, read into OWN while another thread or an interrupted caller is reading it. */
const struct odc_log_image *odc_log_image(struct odc_log_image *own)
{
	int state = 0;

	if (__atomic_compare_exchange_n(&odc_image_state, &state, 1, false, __ATOMIC_ACQUIRE,
					__ATOMIC_ACQUIRE)) {
		odc_image_read(&odc_image);
		__atomic_store_n(&odc_image_state, 2, __ATOMIC_RELEASE);
		return &odc_image;
	}
	if (state == 2)
		return &odc_image;
	odc_image_read(own);
	return own;
}
