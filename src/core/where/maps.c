/*
 * The mapping that holds an address (odc_log_maps.h): /proc/self/maps
 * read up to the line that names it (the maps are in address order), with
 * raw system calls, through a buffer on the stack.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/auxv.h>

#include "odc_abi.h"
#include "odc_fs.h"
#include "odc_line.h"
#include "odc_log_maps.h"
#include "odc_trap.h"

static int odc_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A hexadecimal number at *P, before END, into *V; *P moved past it and one byte more. */
static bool odc_hex_take(const char **p, const char *end, unsigned long long *v)
{
	const char *q = *p;

	for (*v = 0; q < end && odc_hex_digit(*q) >= 0; q++)
		*v = *v << 4 | (unsigned)odc_hex_digit(*q);
	if (q == *p || q == end)
		return false;
	*p = q + 1;
	return true;
}

/* Past the next blank-separated word of [*P, END), and the blanks after it. */
static void odc_word_skip(const char **p, const char *end)
{
	while (*p < end && **p != ' ')
		(*p)++;
	while (*p < end && **p == ' ')
		(*p)++;
}

/*
 * The name at [P, END) into W, bounded: the kernel writes a newline in a
 * file's name as \012, which is read back. A mapping of no file (INODE 0)
 * is named as the kernel names it ("[heap]"), or "(anonymous)".
 */
static void odc_where_name(const char *p, const char *end, bool file, struct odc_where *w)
{
	static const char anonymous[] = "(anonymous)";

	if (p == end && !file) {
		p = anonymous;
		end = anonymous + sizeof anonymous - 1;
	}
	w->len = 0;
	w->file = file;
	w->cut = false;
	for (; p < end; p++) {
		char c = *p;
		if (c == '\\' && end - p >= 4 && p[1] == '0' && p[2] == '1' && p[3] == '2')
			c = '\n', p += 3;
		if (w->len == sizeof w->path) {
			w->cut = true;
			return;
		}
		w->path[w->len++] = c;
	}
}

/*
 * A line of the maps, [P, END), when its mapping holds AT: into M, true;
 * *PAST where it begins after AT (no later line can hold it). The head,
 * START-END PERMS OFFSET DEV INODE, is short: a buffer holds it whole.
 */
static bool odc_maps_line(const char *p, const char *end, uintptr_t at, struct odc_mapping *m,
			  bool *past)
{
	unsigned long long start, stop, pgoff, inode;

	if (!odc_hex_take(&p, end, &start) || !odc_hex_take(&p, end, &stop))
		return false;
	*past = at < start;
	if (at < start || at >= stop)
		return false;
	odc_word_skip(&p, end);				/* PERMS */
	if (!odc_hex_take(&p, end, &pgoff))
		return false;
	odc_word_skip(&p, end);				/* DEV */
	inode = 0;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		inode = inode * 10 + (unsigned)(*p - '0');
	while (p < end && *p == ' ')
		p++;
	*m = (struct odc_mapping){ .start = (uintptr_t)start, .end = (uintptr_t)stop,
				   .pgoff = pgoff };
	odc_where_name(p, end, inode != 0, &m->where);
	return true;
}

#define ODC_MAPS_BUF 2048

/*
 * The maps' lines, through BUF, up to the one whose mapping holds AT: into
 * M, true. A line longer than BUF is read past, unless it is that one:
 * then its name is cut where the buffer ends.
 */
static bool odc_maps_scan(int fd, uintptr_t at, struct odc_mapping *m)
{
	char buf[ODC_MAPS_BUF];
	size_t have = 0;
	bool skipping = false, past = false;
	long n;

	while ((n = odc_fs_read(fd, buf + have, sizeof buf - have)) > 0) {
		const char *p = buf, *end = buf + have + (size_t)n, *nl;
		for (; (nl = memchr(p, '\n', (size_t)(end - p))) != NULL; p = nl + 1) {
			if (!skipping && odc_maps_line(p, nl, at, m, &past))
				return true;
			if (past)
				return false;
			skipping = false;
		}
		have = (size_t)(end - p);
		if (have == sizeof buf) {
			if (!skipping && odc_maps_line(buf, end, at, m, &past))
				return m->where.cut = true;
			if (past)
				return false;
			skipping = true;
			have = 0;
		}
		odc_copy(buf, p, have);
	}
	return false;
}

bool odc_maps_find(uintptr_t at, struct odc_mapping *m)
{
	long fd = odc_trap(ODC_NR_OPENAT, AT_FDCWD, (long)"/proc/self/maps", O_RDONLY | O_CLOEXEC,
			   0, 0, 0);

	if (fd < 0)
		return false;
	bool found = odc_maps_scan((int)fd, at, m);
	odc_trap(ODC_NR_CLOSE, fd, 0, 0, 0, 0, 0);
	if (found) {
		uintptr_t entry = (uintptr_t)getauxval(AT_ENTRY);
		m->image = m->start <= entry && entry < m->end;
	}
	return found;
}

