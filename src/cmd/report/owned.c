/*
 * Every log line of a file as a record (parse.c), and whose word each is:
 * anyone's, or in a log directory the word of the user the kernel says
 * wrote the file (dir.c).
 */
#include <stdio.h>
#include <string.h>

#include "odc_report_source.h"

/* R's program put behind "[uid UID] " (UID_LEN bytes) in NAME, of SIZE bytes. */
static void odc_behind_uid(struct odc_record *r, const char *uid, size_t uid_len, char *name,
			   size_t size)
{
	int head = snprintf(name, size, "[uid %.*s] ", (int)uid_len, uid);
	size_t len = r->prog_len < size - (size_t)head ? r->prog_len : size - (size_t)head;

	memcpy(name + head, r->prog, len);
	r->prog = name;
	r->prog_len = (size_t)head + len;
}

/*
 * Whether R's uid= says OWNER, or R has none (the --seccomp supervisor's
 * lines, which it writes for other processes, as OWNER itself); and R's
 * program, where OWNER is not root, put behind "[uid OWNER] " in NAME (of
 * SIZE bytes): the rest of the line is that user's word alone. Root's
 * file alone holds odcreat-watch's lines, which are the kernel's word,
 * for callers of any uid (uid= is the caller's): not claimed, but a caller
 * other than root is named behind its uid, as journald's entries are,
 * since it may have mounted any program over the name its executable has.
 */
static bool odc_owned(struct odc_record *r, unsigned long owner, char *name, size_t size)
{
	char uid[24];
	int n = snprintf(uid, sizeof uid, "%lu", owner);
	bool same = r->uid && r->uid_len == (size_t)n && memcmp(r->uid, uid, (size_t)n) == 0;

	if (owner == 0 && r->seen) {
		r->claimed = false;
		if (!same)
			odc_behind_uid(r, r->uid ? r->uid : "unknown", r->uid ? r->uid_len : 7, name, size);
		return true;
	}
	if (r->uid && !same)
		return false;
	if (owner != 0)
		odc_behind_uid(r, uid, (size_t)n, name, size);
	return true;
}

bool odc_source_next_line(struct odc_report *rep, struct odc_source *s)
{
	const char *line;
	size_t len;
	enum odc_lines_got got;

	while ((got = odc_lines_next(s->in, &line, &len)) != ODC_LINES_END) {
		if (got == ODC_LINES_BAD || !odc_report_parse_line(line, len, &s->r))
			odc_report_unparsed(rep, s->name, s->in->number);
		else if (s->owner >= 0 && !odc_owned(&s->r, (unsigned long)s->owner, s->prog, sizeof s->prog))
			rep->disowned++;
		else
			return true;
	}
	return false;
}
