/*
 * Whose word each entry of journald's export format is (odc_report_export.h).
 */
#include <stdio.h>
#include <string.h>

#include "odc_report_export.h"
#include "odc_watcher.h"

/*
 * Whether E is odcreat-watch's entry for a call the kernel saw: root's,
 * from an executable of that name, which journald names, not the entry.
 * Another entry that says it was seen is its sender's word, as any is.
 */
static bool odc_export_watcher(const struct odc_export_fields *e)
{
	const char *base = strrchr(e->exe, '/');

	return e->seen[0] && strcmp(e->uid, "0") == 0 && base && strcmp(base + 1, ODC_WATCHER_NAME) == 0;
}

/*
 * The watcher's entry: its program is the caller's executable as the
 * watcher read it (or its name), not claimed; a caller other than root is
 * named behind its uid, as any user's entry is.
 */
static void odc_export_seen(const struct odc_export_fields *e, struct odc_record *r, char *name,
			    size_t size)
{
	const char *prog = e->claimed_exe[0] ? e->claimed_exe : e->prog;

	r->prog_escaped = true;
	r->claimed = false;
	r->prog = prog;
	if (strcmp(e->caller_uid, "0") != 0) {
		snprintf(name, size, "[uid %s]%s%s", e->caller_uid[0] ? e->caller_uid : "unknown",
			 prog[0] ? " " : "", prog);
		r->prog = name;
	}
}

/*
 * R's program, in NAME (SIZE bytes) where it is built, and whether it is
 * its sender's word (odc_report_export.h). journald reads _EXE from /proc for the sender,
 * whatever the sender says, but as the sender's own mount namespace has
 * it, where any user may mount a program of its own over /usr/sbin/sshd:
 * so _EXE names a program only in root's entries (journald's _UID 0). An
 * entry's own ODCREAT_PROG is believed only from this odcreat's --seccomp
 * supervisor, which logs for the programs it serves, and only where root
 * ran it. Where journald could not read root's executable (it had
 * exited), root's word is taken, and counted as such: its ODCREAT_EXE, or
 * from an older library its name in square brackets. Any other user's
 * entry, or one without _UID, is that user's word whatever it names:
 * behind "[uid N]", so that it never lands in a row root's entries make.
 */
void odc_export_prog(const struct odc_report *rep, const struct odc_export_fields *e, struct odc_record *r,
		     char *name, size_t size)
{
	r->seen = odc_export_watcher(e);	/* another's entry that says so is its word alone */
	if (r->seen) {
		odc_export_seen(e, r, name, size);
		return;
	}

	bool supervisor = e->exe[0] && rep->self && strcmp(e->exe, rep->self) == 0;
	bool root = strcmp(e->uid, "0") == 0;
	const char *prog = e->exe;

	/* The library's fields are escaped as its lines are; journald's _EXE is raw. */
	r->prog_escaped = supervisor || !e->exe[0];
	if (supervisor)
		prog = e->prog;
	else if (!e->exe[0])
		prog = e->claimed_exe[0] ? e->claimed_exe : e->prog;
	r->claimed = !root || !e->exe[0];
	r->prog = name;
	if (!root)
		snprintf(name, size, "[uid %s]%s%s", e->uid[0] ? e->uid : "unknown", prog[0] ? " " : "",
			 prog);
	else if (!e->exe[0] && !e->claimed_exe[0])
		snprintf(name, size, "[%s]", prog);
	else
		r->prog = prog;
}

