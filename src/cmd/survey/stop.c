/*
 * odcreat survey stop: the line start added to /etc/ld.so.preload taken
 * out first (the survey ends there, for programs started from then on),
 * then the settings, then the state. /etc is left as it was before start,
 * and where an administrator has edited a file since, only what start
 * wrote goes: the other lines stay byte for byte. The log stays, for
 * odcreat report.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_say.h"
#include "odc_survey_parts.h"

/* F written back, or removed where start made it and nothing else is left: 0 or -errno. */
static int odc_stop_write(int etc, struct odc_file *f, const struct odc_survey_state *s)
{
	if (f->len == 0 && s->preload == ODC_PRELOAD_ABSENT)
		return odc_file_remove(etc, ODC_SURVEY_PRELOAD, f);
	return odc_file_replace(etc, ODC_SURVEY_PRELOAD, f->data, f->len, f, 0644);
}

/* The line out of /etc/ld.so.preload: 0, or a status after saying why not (nothing changed). */
static int odc_stop_preload(int etc, const struct odc_survey_state *s)
{
	struct odc_file f;
	const char *why = odc_file_read(etc, ODC_SURVEY_PRELOAD, &f);
	char entry[PATH_MAX];
	int status = 0;

	if (why) {
		odc_tell(ODC_SURVEY_SAYS ODC_PRELOAD_PATH ": %s: take %s out of it yourself, then "
			 "run odcreat survey stop again\n", why, s->line);
		status = ODC_EXIT_PROBLEMS;
	} else if (f.exists && odc_preload_remove(&f, s->line, s->preload)) {
		int err = odc_stop_write(etc, &f, s);
		if (err)
			odc_tell(ODC_SURVEY_SAYS "cannot change " ODC_PRELOAD_PATH ": %s\n",
				 err == -ESTALE ? ODC_SURVEY_RACED : strerror(-err));
		else
			odc_tell("  " ODC_PRELOAD_PATH ": took out %s\n", s->line);
		status = err ? ODC_EXIT_FAILED : 0;
	} else if (f.exists && odc_preload_has_shim(f.data, f.len, entry)) {
		odc_tell(ODC_SURVEY_SAYS ODC_PRELOAD_PATH " no longer has the line start added, %s, "
			 "but still preloads %s: take that out yourself, then run odcreat survey "
			 "stop again\n", s->line, entry);
		status = ODC_EXIT_PROBLEMS;
	} else {
		odc_tell("  " ODC_PRELOAD_PATH ": %s was already taken out\n", s->line);
	}
	odc_file_free(&f);
	return status;
}

/* The settings removed where they are still start's: 0, or 1 where they are left, said. */
static int odc_stop_settings(int etc, const struct odc_survey_state *s)
{
	struct odc_file f;
	const char *why = odc_file_read(etc, ODC_SURVEY_SETTINGS, &f);
	char wrote[2 * PATH_MAX];
	size_t len = odc_settings_text(wrote, sizeof wrote, s);
	bool same = !why && f.exists && f.len == len && !memcmp(f.data, wrote, len);
	int err = why || !f.exists ? 0
		  : !same	      ? -EEXIST : odc_file_remove(etc, ODC_SURVEY_SETTINGS, &f);

	odc_file_free(&f);
	if (why || err) {
		odc_tell(ODC_SURVEY_SAYS ODC_SETTINGS_PATH ": %s: left as it is\n",
			 why ? why : err == -EEXIST ? "changed since start" : strerror(-err));
		return ODC_EXIT_PROBLEMS;
	}
	odc_tell("  " ODC_SETTINGS_PATH ": %s\n", f.exists ? "removed" : "was already removed");
	return 0;
}

int odc_survey_stop(void)
{
	int state_dir = odc_state_open(false);
	struct odc_survey_state s;
	int found = state_dir == -2 ? 0 : state_dir < 0 ? -1 : odc_state_read(state_dir, &s);
	int etc = found > 0 ? open(ODC_SURVEY_ETC, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	int status = found < 0 ? ODC_EXIT_PROBLEMS : 0;

	if (found == 0)
		odc_tell(ODC_SURVEY_SAYS "no survey runs (odcreat survey start begins one)\n");
	if (found > 0 && etc < 0)
		odc_tell(ODC_SURVEY_SAYS ODC_SURVEY_ETC ": %s\n", strerror(errno));
	if (etc >= 0) {
		odc_tell(ODC_SURVEY_SAYS "stopping the survey begun by odcreat survey start:\n");
		/* Where the line cannot go, nothing else goes either: stop can be run again. */
		status = odc_stop_preload(etc, &s);
		if (!status) {
			status = odc_stop_settings(etc, &s);
			if (odc_state_remove(state_dir) < 0)
				status = ODC_EXIT_FAILED;
			odc_tell("The log stays: odcreat report %s\n",
				 strcmp(s.log, "journal") ? s.log : "--journal");
		}
		close(etc);
	}
	if (state_dir >= 0)
		close(state_dir);
	return found == 0 ? ODC_EXIT_PROBLEMS : status;
}
