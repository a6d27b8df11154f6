/*
 * What a call's name held just before the call, from what the look finds
 * after it as the caller. Where the call itself made nothing, that is what
 * the name holds now, if nothing else can have changed it since: its
 * directory has not changed since shortly before the call. Where the
 * kernel told that the call's own open created the name (a kernel whose
 * meaning is linux-5.7 makes a file, then fails), the name was missing, or
 * a symlink to nowhere, whose target the open made: a file, or a symlink
 * to one, is found now, whose directory the call itself changed.
 */
#include <errno.h>
#include <sys/stat.h>

#include "odc_look.h"

/*
 * A directory changed this close before the call may have changed after it:
 * file systems stamp changes with a clock that ticks every few ms (100 Hz at worst).
 */
#define ODC_WATCH_MARGIN_NS 20000000LL

/* Whether the name's directory is older than the call, as the caller finds it: then so is what the name holds. */
static bool odc_unchanged(const struct odc_call *c, long long call_ns)
{
	struct stat st;
	long ret = odc_found_dir_stat(c, &st);

	/* Gone (a program's cleanup, say) may be a change; anything else the state tells. */
	if (ret < 0)
		return ret != -ENOENT;
	return st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec + ODC_WATCH_MARGIN_NS < call_ns;
}

/* What the name created by the call held before it, from F, what it holds now: false where that is not what the call made. */
static bool odc_made_before(struct odc_found *f)
{
	if (f->state == ODC_STATE_FILE)
		f->state = ODC_STATE_MISSING;
	else if (f->state == ODC_STATE_LINK_FILE)
		f->state = ODC_STATE_DANGLING;
	else
		return false;
	f->sticky = false;	/* the rule looks at what is there, and nothing was */
	return true;
}

const char *odc_watch_before(const struct odc_watch_event *e, const struct odc_call *c, long long call_ns,
			     struct odc_found *f)
{
	bool made = e->seen & ODC_WATCH_MADE;

	if (!made && !odc_unchanged(c, call_ns))
		return "changed";
	odc_found_read(c, f);
	if (made && !odc_made_before(f)) {
		*f = (struct odc_found){ .state = ODC_STATE_UNREAD };
		return "changed";
	}
	return NULL;
}
