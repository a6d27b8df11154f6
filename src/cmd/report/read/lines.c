/*
 * odcreat report's input, a line at a time through a buffer of fixed size
 * (odc_report_lines.h): any local user can write a line of any length into a log
 * that report reads, and getline's buffer for it would grow until memory
 * ran out, which ended the reading as if the file had. Nor is a hole read:
 * a user's own file of 1 TiB, grown with ftruncate, holds 16 MiB on disk
 * and took half an hour to read as zeros.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_report_grow.h"
#include "odc_report_lines.h"
#include "odc_report_parse.h"
#include "odc_say.h"

struct odc_lines *odc_lines_new(int fd, size_t max, size_t size)
{
	struct odc_lines *in = odc_report_grow(NULL, sizeof *in + size);

	in->size = size;
	in->fd = fd;
	in->error = 0;
	in->max = max;
	in->start = in->end = 0;
	in->eof = in->skipping = in->cut = false;
	in->pos = lseek(fd, 0, SEEK_CUR);
	in->sparse = in->pos >= 0;
	in->data_end = in->pos;		/* asked where the data is before the first read */
	in->zeros = in->holes = 0;
	in->number = 0;
	return in;
}

/*
 * Past the hole at pos, if it is in one, its bytes counted in zeros, and
 * data_end at the hole after the data; sparse left false where the file
 * cannot say (ESPIPE, EINVAL: none to skip) or has no data after pos.
 * False where it failed else.
 */
static bool odc_lines_skip_hole(struct odc_lines *in)
{
	off_t data = lseek(in->fd, in->pos, SEEK_DATA);
	struct stat st;

	/* No data after pos: a hole to the end, or the end (or /proc's files, of size 0). */
	if (data < 0 && errno == ENXIO)
		data = fstat(in->fd, &st) == 0 && st.st_size > in->pos ? st.st_size : in->pos;
	if (data < 0) {
		in->sparse = false;
		in->error = errno == ESPIPE || errno == EINVAL ? 0 : errno;
		return !in->error;
	}
	in->zeros += (unsigned long long)(data - in->pos);
	in->holes += (unsigned long long)(data - in->pos);
	in->pos = data;
	in->data_end = lseek(in->fd, data, SEEK_HOLE);
	in->sparse = in->data_end > data;
	return true;
}

/*
 * More of the input after buf[end], what is not yet handed out moved to
 * the front first, up to the next hole: false at its end, or where it
 * could not be read.
 */
static bool odc_lines_fill(struct odc_lines *in)
{
	size_t room;
	ssize_t n;

	if (in->eof)
		return false;
	memmove(in->buf, in->buf + in->start, in->end - in->start);
	in->end -= in->start;
	in->start = 0;
	room = in->size - in->end;
	if (in->sparse && in->pos >= in->data_end && !odc_lines_skip_hole(in)) {
		in->eof = true;
		return false;
	}
	if (in->sparse && (unsigned long long)(in->data_end - in->pos) < room)
		room = (size_t)(in->data_end - in->pos);
	do
		n = in->pos < 0 ? read(in->fd, in->buf + in->end, room)
				: pread(in->fd, in->buf + in->end, room, in->pos);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		in->eof = true;
		in->error = n < 0 ? errno : 0;
		return false;
	}
	in->end += (size_t)n;
	if (in->pos >= 0)
		in->pos += n;
	return true;
}

/* The line of N bytes at buf[start], and its newline if it has one (NL), handed out. */
static enum odc_lines_got odc_lines_hand_out(struct odc_lines *in, size_t n, bool nl,
					     const char **line, size_t *len)
{
	bool bad = in->skipping || in->cut || n > in->max;

	*line = in->buf + in->start;
	*len = n;
	in->start += n + nl;
	in->skipping = in->cut = false;
	in->number++;
	return bad ? ODC_LINES_BAD : ODC_LINES_LINE;
}

enum odc_lines_got odc_lines_next(struct odc_lines *in, const char **line, size_t *len)
{
	for (;;) {
		/* A hole skipped is in the line being read: it holds no newline. */
		in->cut |= in->zeros > 0;
		in->zeros = 0;
		size_t have = in->end - in->start;
		const char *nl = memchr(in->buf + in->start, '\n', have);
		if (nl)
			return odc_lines_hand_out(in, (size_t)(nl - in->buf) - in->start, true, line, len);
		if (in->error)
			return ODC_LINES_END;	/* a line the error cut short is none */
		if (in->eof && !have && !in->skipping && !in->cut)
			return ODC_LINES_END;
		if (in->eof)
			return odc_lines_hand_out(in, have, false, line, len);	/* the last, without its newline */
		/* Too long already: the rest of it is read past, never kept. */
		if (in->skipping || have > in->max) {
			in->skipping = true;
			in->start = in->end;
		}
		odc_lines_fill(in);
	}
}

bool odc_lines_take(struct odc_lines *in, char *to, unsigned long long len)
{
	while (len > 0) {
		if (!in->zeros && in->start == in->end)
			odc_lines_fill(in);
		/* A hole skipped comes first: what was read was read after it. */
		unsigned long long n = in->zeros ? in->zeros : in->end - in->start;
		if (n == 0)
			return false;
		n = n < len ? n : len;
		if (to) {
			if (in->zeros)
				memset(to, 0, (size_t)n);
			else
				memcpy(to, in->buf + in->start, (size_t)n);
			to += n;
		}
		if (in->zeros)
			in->zeros -= n;
		else
			in->start += (size_t)n;
		len -= n;
	}
	return true;
}

int odc_lines_end(const struct odc_lines *in, const char *name)
{
	if (in->holes)
		odc_say("odcreat report: %s: skipped %llu bytes of holes\n", name, in->holes);
	if (!in->error)
		return 0;
	odc_say("odcreat report: %s: %s\n", name, strerror(in->error));
	return -1;
}
