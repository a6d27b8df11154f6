/*
 * odcreat survey status: whether a survey runs, since when, whether its
 * line is still in /etc/ld.so.preload, where its log is and how many
 * lines that holds; and the watcher (odcreat-watch), where it is installed.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_log_name.h"
#include "odc_say.h"
#include "odc_survey_parts.h"

#define ODC_WATCH "odcreat-watch"
#define ODC_WATCH_UNIT ODC_WATCH ".service"

/* Where systemd looks for units, the administrator's first. */
static const char *const odc_unit_dirs[] = {
	"/etc/systemd/system", "/run/systemd/system", "/usr/local/lib/systemd/system",
	"/usr/lib/systemd/system", "/lib/systemd/system", NULL,
};

/* The watcher, where it is installed beside this odcreat or as a systemd unit. */
static void odc_status_watcher(void)
{
	char exe[PATH_MAX], unit[PATH_MAX] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - sizeof ODC_WATCH - 1);
	char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;

	if (slash)
		strcpy(slash + 1, ODC_WATCH);
	for (const char *const *dir = odc_unit_dirs; *dir && !*unit; dir++) {
		snprintf(unit, sizeof unit, "%s/" ODC_WATCH_UNIT, *dir);
		if (access(unit, F_OK) < 0)
			*unit = '\0';
	}
	if (*unit) {
		/* systemd marks each active unit's invocation under /run. */
		bool systemd = access("/run/systemd/system", F_OK) == 0;
		bool active = access("/run/systemd/units/invocation:" ODC_WATCH_UNIT, F_OK) == 0;
		odc_tell("  watcher:  " ODC_WATCH_UNIT ", %s\n            (%s)\n",
			 !systemd ? "systemd does not run here" : active ? "active" : "not active", unit);
	} else if (slash && access(exe, X_OK) == 0) {
		odc_tell("  watcher:  %s, no systemd unit\n", exe);
	}
}

/* Whether /etc/ld.so.preload still has LINE as a line of its own. */
static bool odc_status_preloaded(const char *line)
{
	int etc = open(ODC_SURVEY_ETC, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct odc_file f = { 0 };
	bool held = etc >= 0 && !odc_file_read(etc, ODC_SURVEY_PRELOAD, &f) && f.exists &&
		    odc_preload_line(&f, line) >= 0;

	odc_file_free(&f);
	if (etc >= 0)
		close(etc);
	return held;
}

/* The log, and how many lines a log directory holds. */
static void odc_status_log(const char *log)
{
	long long lines, files;
	char text[64];

	if (odc_log_kind_of(log) != ODC_LOG_DIR) {
		odc_tell("  log:      %s\n", log);
		return;
	}
	int err = odc_survey_log_lines(log, &lines, &files);
	odc_survey_lines_text(text, lines, files);
	odc_tell("  log:      %s, %s\n", log, err ? strerror(err) : text);
}

int odc_survey_status(void)
{
	int dir = odc_state_open(false);
	struct odc_survey_state s;
	int found = dir == -2 ? 0 : dir < 0 ? -1 : odc_state_read(dir, &s);
	char since[32];

	if (dir >= 0)
		close(dir);
	if (found < 0)
		return ODC_EXIT_FAILED;
	if (!found) {
		odc_tell(ODC_SURVEY_SAYS "no survey runs (odcreat survey start begins one)\n");
		odc_status_watcher();
		return ODC_EXIT_PROBLEMS;
	}
	odc_survey_time(since, s.since);
	odc_tell(ODC_SURVEY_SAYS "a survey runs, since %s\n", since);
	if (odc_status_preloaded(s.line))
		odc_tell("  preload:  %s, in " ODC_PRELOAD_PATH "\n", s.line);
	else
		odc_tell("  preload:  gone from " ODC_PRELOAD_PATH ": programs started now do not log\n"
			 "            (it was %s)\n", s.line);
	odc_status_log(s.log);
	odc_status_watcher();
	odc_tell("The calls: odcreat report %s\n"
		 "Stop:      odcreat survey stop\n", strcmp(s.log, "journal") ? s.log : "--journal");
	return 0;
}
