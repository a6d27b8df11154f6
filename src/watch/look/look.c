/*
 * What the watcher learns of a call after it: the name's state, as the
 * caller sees it (in its own root and mount namespace), read by a reader
 * started for the look (reader.c), which enters that root as the
 * caller (inside.c): through the caller's process while it lives;
 * where it is gone, from a root in its mount namespace, by the name the
 * kernel took of its directory at the call, which must lead to the same
 * directory. The executable's name and the directory's are the kernel's,
 * taken at the call (a live caller's directory's as /proc names it now,
 * only where the kernel took none). The same look tells whether the
 * argument of its command line that names an interpreter's script is a
 * file (image.c).
 *
 * The state is the one the log means (what the name held just before the
 * call) only where the call itself is known to have made the name, or
 * nothing: the kernel refuses the pair (its meaning is einval), or it told
 * whether the call's open created the name (ODC_WATCH_MADE_TOLD); and
 * where it made nothing, only where the name's directory has not changed
 * since shortly before the call (a program that falls back to mkdir after
 * EINVAL changes it at once) (before.c). Otherwise the line says why it
 * has no state.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "odc_clock.h"
#include "odc_look.h"
#include "odc_meaning.h"

/*
 * A call this old when its record is read is not looked into: a burst has
 * put the watcher behind, and what it would find is likely changed or gone.
 */
#define ODC_WATCH_LATE_NS 1000000000LL

/* How long ago the call made at WALL_NS was. */
static long long odc_call_age(long long wall_ns)
{
	return odc_clock_ns(CLOCK_REALTIME) - wall_ns;
}

/* Why E's name cannot be read as it was before the call, or NULL. */
static const char *odc_unreadable(const struct odc_watch_event *e)
{
	if (e->seen & ODC_WATCH_PATH_CUT)
		return "path-cut";
	if (odc_kernel_meaning() != ODC_EINVAL && !(e->seen & ODC_WATCH_MADE_TOLD))
		return "kernel";	/* the call itself may have made the name, unseen */
	return NULL;
}

/*
 * What the look finds, into LOOK: NULL, or why there is no state. SCRIPT,
 * where not NULL, is an argument of the caller's command line to check.
 */
static const char *odc_look(const struct odc_watch_event *e, long long wall_ns, const char *script,
			    struct odc_watch_look *look)
{
	struct odc_watch_held h = { .call_ns = wall_ns, .root = -1, .dir = -1, .proc = -1, .cwd = -1 };

	if (e->seen & ODC_WATCH_PATH_BAD) {	/* as before the call: every mode meets EFAULT */
		look->found = (struct odc_found){ .state = ODC_STATE_ERROR, .error = EFAULT };
		return NULL;
	}
	if (!e->tgid)
		return "outside";	/* the watcher's pid namespace: no /proc of its shows the caller */
	if (odc_call_age(wall_ns) > ODC_WATCH_LATE_NS)
		return "late";
	const char *why = odc_unreadable(e);
	/* A look is for the state, for a live caller's directory's name where the kernel took none, or for the script. */
	if (why && (e->path[0] == '/' || odc_watch_kernel_dir(e)) && !script)
		return why;
	const char *unheld = odc_watch_hold(e, &h);
	h.state = !why;
	if (unheld)
		odc_watch_hold_named(e, &h);
	if (!unheld || h.named)
		odc_reader_look(e, &h, script, look);
	odc_watch_release(&h);
	return unheld && !h.named ? unheld : why ? why : look->unread;
}

/* The names the kernel took at the call: the executable's and the directory's, whatever the process did since. */
static void odc_kernel_names(const struct odc_watch_event *e, struct odc_watch_look *look)
{
	const char *dir = odc_watch_kernel_dir(e);
	const char *exe = odc_watch_kernel_exe(e);

	if (dir)
		snprintf(look->dir, sizeof look->dir, "%s", dir);
	if (exe)
		snprintf(look->exe, sizeof look->exe, "%s", exe);
}

void odc_watch_look(const struct odc_watch_event *e, bool lost_only, long long wall_ns,
		    struct odc_watch_look *look, const char **exe, const char **script)
{
	static char checked[ODC_WATCH_ARGS_MAX];
	int check = lost_only ? -1 : odc_watch_image_script(e, checked);

	*look = (struct odc_watch_look){ .found.state = ODC_STATE_UNREAD, .script_file = -1 };
	if (!lost_only) {	/* else no call to look into */
		look->unread = odc_look(e, wall_ns, check > 0 ? checked : NULL, look);
		odc_kernel_names(e, look);
	}
	if (check == 0)
		look->script_file = 0;
	odc_watch_image_seen(e, lost_only, look, exe, script);
}
