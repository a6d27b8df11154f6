/*
 * odcreat report's input, a line at a time through a buffer of fixed size
 * (odc_report.h): any local user can write a line of any length into a log
 * that report reads, and getline's buffer for it would grow until memory
 * ran out, which ended the reading as if the file had.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_report.h"

_Static_assert(ODC_REPORT_LINE_MAX < sizeof((struct odc_lines *)0)->buf,
	       "the longest line report reads fits in its buffer, with its newline");

void odc_lines_start(struct odc_lines *in, int fd, size_t max)
{
	in->fd = fd;
	in->error = 0;
	in->max = max;
	in->start = in->end = 0;
	in->eof = in->skipping = false;
	in->number = 0;
}

/*
 * More of the input after buf[end], what is not yet handed out moved to
 * the front first: false at its end, or where it could not be read.
 */
static bool odc_lines_fill(struct odc_lines *in)
{
	ssize_t n;

	if (in->eof)
		return false;
	memmove(in->buf, in->buf + in->start, in->end - in->start);
	in->end -= in->start;
	in->start = 0;
	do
		n = read(in->fd, in->buf + in->end, sizeof in->buf - in->end);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		in->eof = true;
		in->error = n < 0 ? errno : 0;
		return false;
	}
	in->end += (size_t)n;
	return true;
}

/* The line of N bytes at buf[start], and its newline if it has one (NL), handed out. */
static enum odc_lines_got odc_lines_hand_out(struct odc_lines *in, size_t n, bool nl,
					     const char **line, size_t *len)
{
	bool bad = in->skipping || n > in->max;

	*line = in->buf + in->start;
	*len = n;
	in->start += n + nl;
	in->skipping = false;
	in->number++;
	return bad ? ODC_LINES_BAD : ODC_LINES_LINE;
}

enum odc_lines_got odc_lines_next(struct odc_lines *in, const char **line, size_t *len)
{
	for (;;) {
		size_t have = in->end - in->start;
		const char *nl = memchr(in->buf + in->start, '\n', have);
		if (nl)
			return odc_lines_hand_out(in, (size_t)(nl - in->buf) - in->start, true, line, len);
		if (in->error)
			return ODC_LINES_END;	/* a line the error cut short is none */
		if (in->eof)
			return have || in->skipping ? odc_lines_hand_out(in, have, false, line, len)
						    : ODC_LINES_END;
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
		if (in->start == in->end && !odc_lines_fill(in))
			return false;
		size_t n = in->end - in->start;
		if (n > len)
			n = (size_t)len;
		if (to) {
			memcpy(to, in->buf + in->start, n);
			to += n;
		}
		in->start += n;
		len -= n;
	}
	return true;
}

int odc_lines_end(const struct odc_lines *in, const char *name)
{
	if (!in->error)
		return 0;
	fprintf(stderr, "odcreat report: %s: %s\n", name, strerror(in->error));
	return -1;
}
