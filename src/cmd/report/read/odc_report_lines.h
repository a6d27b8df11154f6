/* odcreat report's line reader (src/cmd/report/read/lines.c). */
#ifndef ODC_REPORT_LINES_H
#define ODC_REPORT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * A file's lines, read through a buffer of fixed size (src/cmd/report/read/lines.c),
 * so that no line, however long, takes memory or ends the reading: each
 * handed out in place, and left there until the next call. A line longer
 * than MAX is none a reader wants: it is read past to its newline and
 * handed out as bad. A sparse file's holes are skipped, never read, and
 * a line that one cuts is bad too. The buffer is SIZE bytes, more than
 * MAX, behind the structure (odc_lines_new): the more files are read at
 * once, the less each takes.
 */
struct odc_lines {
	int fd;
	int error;		/* read's errno, where it failed: the reading ended there */
	size_t max;
	size_t start, end;	/* buf[start, end): read, not yet handed out */
	bool eof, skipping;	/* skipping: the line being read is longer than max */
	bool cut;		/* the line being read has a hole in it */
	bool sparse;		/* the file says where its holes are (SEEK_DATA) */
	off_t pos, data_end;	/* buf[end]'s offset (-1: none, a pipe), and the next hole's */
	unsigned long long zeros;	/* a hole's bytes before buf[start], not yet taken */
	unsigned long long holes;	/* every hole's bytes skipped */
	long number;		/* the lines handed out */
	size_t size;
	char buf[];
};

/* A buffer's bounds: the least holds the longest line any reader wants, with room to read ahead. */
#define ODC_LINES_MIN 16384
#define ODC_LINES_MAX 65536

enum odc_lines_got { ODC_LINES_END, ODC_LINES_LINE, ODC_LINES_BAD };

/* A reader of FD's lines of at most MAX bytes, through a buffer of SIZE (odc_report_grow's: free it). */
struct odc_lines *odc_lines_new(int fd, size_t max, size_t size);
/*
 * The next line, without its newline, at *LINE for *LEN bytes: LINE; BAD
 * where it is longer than max (*LINE and *LEN are then no line); END at
 * the end of the input, or where it could not be read.
 */
enum odc_lines_got odc_lines_next(struct odc_lines *in, const char **line, size_t *len);
/*
 * The next LEN bytes after the last line handed out (a binary field's),
 * copied to TO, or read past where TO is NULL (a hole's are zeros): false
 * where the input ends first. The next line begins after them.
 */
bool odc_lines_take(struct odc_lines *in, char *to, unsigned long long len);
/*
 * After the reading: 0, or -1 after saying on stderr why NAME could not be
 * read to its end; and how much of it was holes, where any was skipped.
 */
int odc_lines_end(const struct odc_lines *in, const char *name);

#endif
