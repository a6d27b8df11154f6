/*
 * Every log line of a file as a record (parse.c), and whose word each is:
 * anyone's, or in a log directory the word of the user the kernel says
 * wrote the file (dir.c). That is also whose rights --resolve reads the
 * line's module with (as_uid): the user the kernel says wrote it, never
 * more than the line's own uid= claims in a file only root writes.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "odc_report_read.h"
#include "odc_report_source.h"

/*
 * The most of a uid= put in a name: a 64-bit number's digits. A longer one
 * is no uid the kernel gave (the watcher writes its caller's), and is cut.
 */
#define ODC_UID_DIGITS 20
/* "[uid UID] " and a program's name. */
#define ODC_BEHIND_UID_MAX (sizeof "[uid ] " + ODC_UID_DIGITS + ODC_REPORT_NAME_MAX)

/* R's program put behind "[uid UID] " (UID_LEN bytes, at most ODC_UID_DIGITS of them) in NAME. */
static void odc_behind_uid(struct odc_record *r, const char *uid, size_t uid_len,
			   char name[ODC_BEHIND_UID_MAX])
{
	int shown = uid_len < ODC_UID_DIGITS ? (int)uid_len : ODC_UID_DIGITS;
	size_t head = (size_t)snprintf(name, ODC_BEHIND_UID_MAX, "[uid %.*s] ", shown, uid);
	size_t len = r->prog_len < ODC_BEHIND_UID_MAX - head ? r->prog_len : ODC_BEHIND_UID_MAX - head;

	memcpy(name + head, r->prog, len);
	r->prog = name;
	r->prog_len = (size_t)head + len;
}

/*
 * Whether R's uid= says OWNER, or R has none (the --seccomp supervisor's
 * lines, which it writes for other processes, as OWNER itself); and R's
 * program, where OWNER is not root, put behind "[uid OWNER] " in NAME:
 * the rest of the line is that user's word alone. Root's
 * file alone holds odcreat-watch's lines, which are the kernel's word,
 * for callers of any uid (uid= is the caller's): not claimed, but a caller
 * other than root is named behind its uid, as journald's entries are,
 * since it may have mounted any program over the name its executable has.
 */
static bool odc_owned(struct odc_record *r, unsigned long owner, char name[ODC_BEHIND_UID_MAX])
{
	char uid[24];
	int n = snprintf(uid, sizeof uid, "%lu", owner);
	bool same = r->uid && r->uid_len == (size_t)n && memcmp(r->uid, uid, (size_t)n) == 0;

	if (owner == 0 && r->seen) {
		r->claimed = false;
		r->as_uid = r->uid ? odc_report_uid(r->uid, r->uid_len) : ODC_REPORT_NOBODY;
		if (!same)
			odc_behind_uid(r, r->uid ? r->uid : "unknown", r->uid ? r->uid_len : 7, name);
		return true;
	}
	if (r->uid && !same)
		return false;
	if (owner != 0)
		odc_behind_uid(r, uid, (size_t)n, name);
	return true;
}

long long odc_report_uid(const char *s, size_t len)
{
	unsigned long long uid = 0;

	if (!len || len > 10)
		return ODC_REPORT_NOBODY;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return ODC_REPORT_NOBODY;
		uid = uid * 10 + (unsigned)(s[i] - '0');
	}
	return uid < 0xffffffffu ? (long long)uid : ODC_REPORT_NOBODY;
}

long long odc_report_source_uid(int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return ODC_REPORT_NOBODY;
	return (long long)st.st_uid;
}

long long odc_report_as_uid(const struct odc_report *rep, const char *uid)
{
	return rep->writer == 0 ? odc_report_uid(uid, strlen(uid)) : rep->writer;
}

_Static_assert(sizeof ((struct odc_source *)0)->prog >= ODC_BEHIND_UID_MAX,
	       "a source's program name holds a name behind its uid");

bool odc_source_next_line(struct odc_report *rep, struct odc_source *s)
{
	const char *line;
	size_t len;
	enum odc_lines_got got;

	while ((got = odc_lines_next(s->in, &line, &len)) != ODC_LINES_END) {
		if (got == ODC_LINES_BAD || !odc_report_parse_line(line, len, &s->r)) {
			odc_report_unparsed(rep, s->name, s->in->number);
			continue;
		}
		s->r.as_uid = s->owner < 0 ? rep->writer : s->owner;
		if (s->owner >= 0 && !odc_owned(&s->r, (unsigned long)s->owner, s->prog))
			rep->disowned++;
		else
			return true;
	}
	return false;
}
