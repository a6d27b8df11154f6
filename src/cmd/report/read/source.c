/* odcreat report's inputs, a record at a time (odc_report_source.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_report_grow.h"
#include "odc_report_read.h"
#include "odc_report_source.h"

/* What every input read at once may take for its buffer, in all. */
#define ODC_SOURCES_BUFFER (4 << 20)

size_t odc_source_buffer(size_t n)
{
	size_t each = ODC_SOURCES_BUFFER / (n ? n : 1);

	return each < ODC_LINES_MIN ? ODC_LINES_MIN : each > ODC_LINES_MAX ? ODC_LINES_MAX : each;
}

void odc_source_lines(struct odc_source *s, int fd, const char *name, long long owner, size_t size)
{
	*s = (struct odc_source){ .name = odc_report_copy(name, strlen(name)), .owner = owner };
	s->in = odc_lines_new(fd, ODC_REPORT_LINE_MAX, size);
}

bool odc_source_next(struct odc_report *rep, struct odc_source *s)
{
	return s->entry ? odc_source_next_entry(rep, s) : odc_source_next_line(rep, s);
}

int odc_source_end(struct odc_source *s)
{
	int status = odc_lines_end(s->in, s->name);

	if (s->closes)
		close(s->in->fd);
	free(s->in);
	free(s->entry);
	free(s->name);
	return status;
}

int odc_report_read_lines(struct odc_report *rep, int fd, const char *name)
{
	struct odc_source s;

	odc_source_lines(&s, fd, name, -1, ODC_LINES_MAX);
	return odc_report_read_sources(rep, &s, 1);
}

int odc_report_read_export(struct odc_report *rep, int fd, const char *name)
{
	struct odc_source s;

	odc_source_export(&s, fd, name, ODC_LINES_MAX);
	return odc_report_read_sources(rep, &s, 1);
}
