/*
 * odcreat survey start [-l LOG] | stop | status: the survey of which
 * programs pass O_CREAT|O_DIRECTORY, begun and ended by the program itself,
 * as root. Its words go to standard output, a refusal on one line; its exit
 * status is 0, 1 where it refuses (or, from status, where no survey runs),
 * 2 for a usage error, 125 where it fails.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_say.h"
#include "odc_survey.h"
#include "odc_survey_parts.h"

static const char odc_survey_usage[] =
	"usage: odcreat survey start [-l DIR/|journal|syslog]\n"
	"       odcreat survey stop\n"
	"       odcreat survey status\n";

static const char odc_survey_help[] =
	"\n"
	"As root: start preloads this odcreat's library into every program, in mode\n"
	"native (" ODC_SURVEY_ETC "/" ODC_SURVEY_PRELOAD ", " ODC_SURVEY_ETC "/" ODC_SURVEY_SETTINGS
	"), logging each call that\n"
	"passes O_CREAT|O_DIRECTORY (default log: " ODC_SURVEY_LOG "); stop takes out\n"
	"what start put in " ODC_SURVEY_ETC " and leaves the log for odcreat report; status says\n"
	"whether a survey runs, since when, and how many lines its log holds.\n";

/* "odcreat survey: " FMT, and the usage, on standard error: the usage error. */
static int __attribute__((format(printf, 1, 2))) odc_survey_bad(const char *fmt, ...)
{
	va_list args;
	char *what;

	va_start(args, fmt);
	if (vasprintf(&what, fmt, args) < 0)
		what = NULL;
	va_end(args);
	odc_say(ODC_SURVEY_SAYS "%s\n%s", what ? what : fmt, odc_survey_usage);
	free(what);
	return ODC_EXIT_USAGE;
}

/* start's options: its LOG, or NULL after saying what is wrong. */
static const char *odc_survey_start_log(int argc, char **argv)
{
	static const struct option options[] = {
		{ "log", required_argument, NULL, 'l' }, { NULL, 0, NULL, 0 },
	};
	const char *log = ODC_SURVEY_LOG;
	int opt;

	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "+:l:", options, NULL)) != -1) {
		if (opt != 'l') {
			odc_survey_bad(opt == ':' ? "%s needs a log" : "start: unknown option %s",
				       argv[optind - 1]);
			return NULL;
		}
		log = optarg;
	}
	if (optind < argc) {
		odc_survey_bad("start takes no argument: %s", argv[optind]);
		return NULL;
	}
	return log;
}

int odc_survey_main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (argc > 1 && (strcmp(what, "-h") == 0 || strcmp(what, "--help") == 0)) {
		odc_tell("%s%s", odc_survey_usage, odc_survey_help);
		return 0;
	}
	if (strcmp(what, "start") && strcmp(what, "stop") && strcmp(what, "status"))
		return odc_survey_bad("%s%s%sstart, stop or status?", *what ? "unknown command \"" : "",
				      what, *what ? "\": " : "");
	if (strcmp(what, "start") && argc > 2)
		return odc_survey_bad("%s takes no argument: %s", what, argv[2]);
	const char *log = strcmp(what, "start") ? NULL : odc_survey_start_log(argc - 1, argv + 1);
	if (!strcmp(what, "start") && !log)
		return ODC_EXIT_USAGE;
	if (geteuid() != 0) {
		odc_tell(ODC_SURVEY_SAYS "%s: only root may %s\n", what, !strcmp(what, "status")
			 ? "read the survey's state (" ODC_SURVEY_STATE_DIR ")"
			 : "change " ODC_SURVEY_ETC "/" ODC_SURVEY_PRELOAD);
		return ODC_EXIT_PROBLEMS;
	}
#ifndef __GLIBC__
	/* musl's loader reads no /etc/ld.so.preload, and glibc's cannot load musl's library. */
	if (!strcmp(what, "start")) {
		odc_tell(ODC_SURVEY_SAYS "this odcreat is built against musl, whose library glibc's "
			 "programs cannot load: start a survey with a glibc build's odcreat\n");
		return ODC_EXIT_PROBLEMS;
	}
#endif
	return !strcmp(what, "start") ? odc_survey_start(log)
	       : !strcmp(what, "stop") ? odc_survey_stop() : odc_survey_status();
}
