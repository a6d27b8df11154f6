/*
 * journald's export format as odcreat report reads it (export.c), and
 * whose word each entry is (export_prog.c).
 */
#ifndef ODC_REPORT_EXPORT_H
#define ODC_REPORT_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_report_lines.h"
#include "odc_report_parse.h"

#define ODC_EXPORT_VALUE_MAX 8192	/* the longest field of an entry kept; longer ones are skipped */
#define ODC_EXPORT_KEY_MAX 64		/* journald's longest field name */
/* The longest line of text fields read: "KEY=VALUE" of the most kept. */
#define ODC_EXPORT_LINE_MAX (ODC_EXPORT_KEY_MAX + 1 + ODC_EXPORT_VALUE_MAX)

_Static_assert(ODC_EXPORT_LINE_MAX < ODC_LINES_MIN,
	       "the longest field kept fits in the reader's buffer, with its newline");

/* The fields of an entry report keeps, each NUL-terminated ("" where it has none). */
struct odc_export_fields {
	char prog[ODC_EXPORT_VALUE_MAX], path[ODC_EXPORT_VALUE_MAX], would[512];
	char result[64], state[32], semantics[16], exe[ODC_EXPORT_VALUE_MAX], uid[16];
	char claimed_exe[ODC_EXPORT_VALUE_MAX], host[256], pid[16], run[16], seq[16], lost[16];
	char seen[64], caller_uid[16];	/* odcreat-watch's: how the call was seen, and its caller's uid */
	char script[1024], where[1024], dir[1024];
	char message[ODC_LINE_MAX];	/* the line itself: its time, its process, call and flags */
	bool ours;
};

/* The entry being read: its fields, emptied for each, and its record's program, where made. */
struct odc_export_entry {
	struct odc_export_fields f;
	char name[ODC_EXPORT_VALUE_MAX + 32];
	bool given;	/* its record was handed out: the next entry starts afresh */
};

/*
 * R's program, from E's fields, in NAME (SIZE bytes) where it is built,
 * whether it is its sender's word, and whether it is odcreat-watch's word
 * for a call the kernel saw (export_prog.c).
 */
void odc_export_prog(const struct odc_report *rep, const struct odc_export_fields *e, struct odc_record *r,
		     char *name, size_t size);

#endif
