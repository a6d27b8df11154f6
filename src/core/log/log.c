/*
 * The audit log: one line for each call odcreat redefined, built here and
 * handed to the destination its caller names: a file, a log directory or
 * standard error (src/core/dest/: dest.c, dir.c, written by write.c),
 * syslog or journald (socket.c), none of which ever holds the program up.
 * No stdio, no malloc, no locks; errno and the call's result are never
 * changed, and a log that cannot be opened or written is skipped.
 */
#include <errno.h>
#include <unistd.h>

#include "odc_log.h"
#include "odc_log_about.h"
#include "odc_log_dest.h"
#include "odc_log_format.h"
#include "odc_log_socket.h"

void odc_log_before(const struct odc_log_target *to, const struct odc_call *c,
		    struct odc_found *found)
{
	found->state = ODC_STATE_UNREAD;
	if (to->kind == ODC_LOG_NONE)
		return;
	int saved_errno = errno;
	odc_found_read(c, found);
	errno = saved_errno;
}

/* E's line, and journald's fields for it, to TO: whether it was delivered. */
static bool odc_log_deliver(const struct odc_log_target *to, const struct odc_log_entry *e,
			    const struct odc_log_about *a, const struct odc_line *line)
{
	struct odc_line fields;

	switch (to->kind) {
	case ODC_LOG_SYSLOG:
		return odc_log_syslog(line, a->pid, to->facility);
	case ODC_LOG_JOURNAL:
		odc_log_format_journal(&fields, e, a);
		return odc_log_journal(&fields, line, a->pid, to->facility);
	default:
		/* The uid the line says, where it is this process's: asked once, and the same. */
		return odc_log_send(to, line, a->self ? a->euid : geteuid());
	}
}

void odc_log(const struct odc_log_target *to, const struct odc_log_entry *e)
{
	if (to->kind == ODC_LOG_NONE)
		return;
	int saved_errno = errno;
	struct odc_log_about about;
	odc_log_about(e, &about);
	struct odc_line line;
	odc_log_format_line(&line, e, &about);
	if (!odc_log_deliver(to, e, &about, &line) && about.self)
		odc_log_lost_add(&about.self->count);
	errno = saved_errno;
}

void odc_log_settle(const struct odc_log_target *to)
{
	if (to->kind == ODC_LOG_JOURNAL)
		odc_log_journal_settle();
}
