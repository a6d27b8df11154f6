/*
 * odcreat survey start [-l LOG]: everything checked before anything is
 * changed; then the log made, the settings written, what was done kept,
 * and last the line added to /etc/ld.so.preload, which starts the survey
 * in every program started from then on. A step that fails undoes those
 * before it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_log_name.h"
#include "odc_say.h"
#include "odc_survey_parts.h"

/* What start reads and writes, held open from the checks to the changes. */
struct odc_start {
	int etc, state_dir;
	struct odc_file preload;
	struct odc_survey_state state;
	char checked[128];
};

/* /etc/ld.so.preload and /etc/odcreat.conf as start needs them: 0, or a status, said. */
static int odc_start_check_etc(struct odc_start *s)
{
	const char *why = odc_file_read(s->etc, ODC_SURVEY_PRELOAD, &s->preload);
	char entry[PATH_MAX];

	if (why && s->preload.st.st_mode && !S_ISREG(s->preload.st.st_mode)) {
		odc_tell(ODC_SURVEY_SAYS ODC_PRELOAD_PATH " is %s: start changes "
			 "only a regular file (or makes one)\n", why);
		return ODC_EXIT_PROBLEMS;
	}
	if (why) {
		odc_tell(ODC_SURVEY_SAYS "cannot read " ODC_PRELOAD_PATH ": %s\n", why);
		return ODC_EXIT_FAILED;
	}
	if (s->preload.exists && odc_preload_has_shim(s->preload.data, s->preload.len, entry)) {
		odc_tell(ODC_SURVEY_SAYS ODC_PRELOAD_PATH " already preloads %s "
			 "(a survey begun by hand?): take it out first\n", entry);
		return ODC_EXIT_PROBLEMS;
	}
	if (faccessat(s->etc, ODC_SURVEY_SETTINGS, F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
		odc_tell(ODC_SURVEY_SAYS ODC_SETTINGS_PATH " exists, and its settings "
			 "would be the survey's: move it aside first\n");
		return ODC_EXIT_PROBLEMS;
	}
	return 0;
}

/* Every check, in the order a survey needs them: 0, or a status after saying why. */
static int odc_start_check(struct odc_start *s, const char *log)
{
	struct odc_survey_state running;
	int status = odc_state_read(s->state_dir, &running);

	if (status) {
		char since[32];
		odc_survey_time(since, running.since);
		if (status > 0)
			odc_tell(ODC_SURVEY_SAYS "a survey already runs, since %s\n"
				 "    (odcreat survey status)\n", since);
		return ODC_EXIT_PROBLEMS;
	}
	if ((status = odc_survey_log_check(log)))
		return status;
	snprintf(s->state.log, sizeof s->state.log, "%s", log);
	if ((status = odc_survey_library(s->state.line, s->checked)))
		return status;
	return odc_start_check_etc(s);
}

/* The settings written, then the state, then the line: 0, or -1 after saying why (undone). */
static int odc_start_change(struct odc_start *s)
{
	char settings[2 * PATH_MAX];
	size_t len = odc_settings_text(settings, sizeof settings, &s->state);
	struct odc_file none = { 0 };
	int err = odc_file_replace(s->etc, ODC_SURVEY_SETTINGS, settings, len, &none, 0644);

	if (err) {
		odc_tell(ODC_SURVEY_SAYS "cannot write " ODC_SETTINGS_PATH ": %s\n", strerror(-err));
		return -1;
	}
	char *preload = odc_preload_add(&s->preload, s->state.line, &len, &s->state.preload);
	err = !preload ? -ENOMEM : odc_state_write(s->state_dir, &s->state) ? -1
	      : odc_file_replace(s->etc, ODC_SURVEY_PRELOAD, preload, len, &s->preload, 0644);
	free(preload);
	if (!err)
		return 0;
	if (err != -1)
		odc_tell(ODC_SURVEY_SAYS "cannot change " ODC_PRELOAD_PATH ": %s\n",
			 err == -ESTALE ? ODC_SURVEY_RACED : strerror(-err));
	unlinkat(s->etc, ODC_SURVEY_SETTINGS, 0);
	odc_state_remove(s->state_dir);
	return -1;
}

/*
 * A log directory that was there before start, said with what it holds: a
 * report reads every line in it, an earlier example's or survey's too.
 */
static void odc_start_old_log(const char *log)
{
	long long lines, files;
	char text[64];

	if (odc_survey_log_lines(log, &lines, &files) != 0)
		return;
	if (!files) {
		odc_tell("  %s: there already, empty\n", log);
		return;
	}
	odc_survey_lines_text(text, lines, files);
	odc_tell("  %s: there already, with %s from before:\n"
		 "    odcreat report counts them too (move them aside for this survey alone)\n",
		 log, text);
}

static void odc_start_said(const struct odc_start *s, bool made)
{
	odc_tell(ODC_SURVEY_SAYS "started: every program started from now on logs its calls\n"
		 "that pass O_CREAT|O_DIRECTORY, and gets the running kernel's own answer\n"
		 "(mode native).\n"
		 "  " ODC_PRELOAD_PATH ": added %s\n"
		 "    (it loads in %s programs)\n"
		 "  " ODC_SETTINGS_PATH ": written, mode = native, log = %s\n",
		 s->state.line, s->checked, s->state.log);
	if (made)
		odc_tell("  %s: made, root's, 1733: every user logs to a file of its own\n",
			 s->state.log);
	else if (odc_log_kind_of(s->state.log) == ODC_LOG_DIR)
		odc_start_old_log(s->state.log);
	/* ld.so reads the file with the rights of the program it starts. */
	if (s->preload.exists && !(s->preload.st.st_mode & S_IROTH))
		odc_tell("  but " ODC_PRELOAD_PATH " is %04o: programs of users who may not read it "
			 "preload nothing\n", (unsigned)(s->preload.st.st_mode & 07777));
	odc_tell("Progress:    odcreat survey status\n"
		 "The calls:   odcreat report %s\n"
		 "Stop:        odcreat survey stop (takes out all of the above but the log)\n",
		 strcmp(s->state.log, "journal") ? s->state.log : "--journal");
}

int odc_survey_start(const char *log)
{
	struct odc_start s = {
		.etc = open(ODC_SURVEY_ETC, O_RDONLY | O_DIRECTORY | O_CLOEXEC),
		.state_dir = odc_state_open(true),
		.state.since = (long long)time(NULL),
	};
	bool made = false;
	int status = s.etc < 0 || s.state_dir < 0 ? ODC_EXIT_FAILED : odc_start_check(&s, log);

	if (s.etc < 0)
		odc_tell(ODC_SURVEY_SAYS ODC_SURVEY_ETC ": %s\n", strerror(errno));
	if (!status)
		status = odc_survey_log_prepare(s.state.log, &made);
	if (!status && odc_start_change(&s) < 0) {
		status = ODC_EXIT_FAILED;
		if (made)
			rmdir(s.state.log);
	}
	if (!status)
		odc_start_said(&s, made);
	odc_file_free(&s.preload);
	if (s.etc >= 0)
		close(s.etc);
	/* A refusal leaves no state directory behind; a running survey's is not empty. */
	if (status && s.state_dir >= 0)
		rmdir(ODC_SURVEY_STATE_DIR);
	if (s.state_dir >= 0)
		close(s.state_dir);
	return status;
}
