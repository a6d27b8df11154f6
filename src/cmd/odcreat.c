/*
 * odcreat: run a command with libodcreat.so preloaded under a chosen
 * semantics, or probe what the running kernel does.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_config_check.h"
#include "odc_env.h"
#include "odc_exec.h"
#include "odc_exit.h"
#include "odc_loader.h"
#include "odc_log.h"
#include "odc_meaning.h"
#include "odc_mode.h"
#include "odc_probe.h"
#include "odc_report.h"
#include "odc_say.h"
#include "odc_supervise.h"
#include "odc_survey.h"
#include "odc_usage.h"
#include "odc_watcher.h"
#include "odc_wrap.h"

static void odc_check_mode(const char *mode, const char *where)
{
	if (odc_mode_parse(mode) >= 0)
		return;
	odc_say("odcreat: unknown mode \"%s\"%s; valid modes:" ODC_MODE_NAMES "\n",
		mode, where);
	exit(ODC_EXIT_USAGE);
}

static void odc_list_modes(void)
{
	for (int m = 0; m < ODC_MODE_COUNT; m++)
		printf("%-10s %s%s\n", odc_mode_name((enum odc_mode)m),
		       odc_mode_systems((enum odc_mode)m),
		       m == ODC_MODE_DEFAULT ? " (default)" : "");
}

/*
 * Under --seccomp, where the kernel already gives the mode's meaning (as it
 * always gives native's) and nothing is to be logged, there is nothing to
 * supervise: the command runs as if odcreat were not there. VERBOSE says
 * which it is.
 */
static bool odc_supervisor_needed(bool verbose)
{
	enum odc_mode mode = odc_config_mode(), meaning = odc_kernel_meaning();
	bool log = odc_config_log().kind != ODC_LOG_NONE;
	bool needed = log || (mode != ODC_NATIVE && meaning != mode);
	const char *how = !needed ? "no seccomp filter, no supervisor; the kernel answers"
		: mode == ODC_EINVAL && !log ? "the seccomp filter answers open and openat, "
					       "a supervisor openat2"
		: "a seccomp supervisor serves the calls";

	if (verbose)
		odc_say("odcreat: the kernel's meaning is %s, the mode %s%s: %s\n",
			meaning == ODC_NATIVE ? "unknown" : odc_mode_name(meaning),
			odc_mode_name(mode), log ? ", with a log" : "", how);
	return needed;
}

/*
 * MODE given is the command's ODCREAT_MODE, over any inherited: an empty
 * one too (--mode=), which means what an empty ODCREAT_MODE means, the
 * file's mode, else einval. Without MODE the inherited one is checked here,
 * where a bad one can still stop the command from running.
 */
static int odc_set_mode(const char *mode)
{
	const char *inherited = getenv("ODCREAT_MODE");

	if (!mode) {
		if (inherited && *inherited)
			odc_check_mode(inherited, " in ODCREAT_MODE");
		return 0;
	}
	if (*mode)
		odc_check_mode(mode, "");
	if (setenv("ODCREAT_MODE", mode, 1) < 0) {
		perror("odcreat");
		return -1;
	}
	return 0;
}

static int odc_run(char **argv, const char *mode, const char *log, bool seccomp, bool verbose)
{
	char shim[PATH_MAX];

	if (odc_set_mode(mode) < 0)
		return ODC_EXIT_FAILED;
	if (!seccomp) {
		odc_loader_check(argv[0]);
		odc_find_shim(shim, sizeof shim);
	}
	odc_set_preload(seccomp ? NULL : shim);
	if (log)
		odc_set_log(log);
	if (seccomp && odc_supervisor_needed(verbose))
		return odc_supervise(argv);
	return odc_exec(argv);
}

enum { ODC_OPT_PROBE = 256, ODC_OPT_LIST, ODC_OPT_VERSION, ODC_OPT_SECCOMP, ODC_OPT_CHECK,
       ODC_OPT_WATCH };

/* An action instead of a command: ARGS, COUNT of them, are its own; OTHER options it takes none. */
static int odc_action(int action, char **args, int count, bool other)
{
	if (action == ODC_OPT_CHECK && !other && count <= 1)
		return odc_wrapped(odc_config_check, count ? args[0] : ODC_CONFIG_FILE);
	if (count || other)
		odc_die_usage("%s", "--probe, --list-modes and --version take no other arguments, "
				    "--config-check one file");
	switch (action) {
	case ODC_OPT_PROBE:
		return odc_probe();
	case ODC_OPT_LIST:
		odc_list_modes();
		return 0;
	default:
		printf("odcreat %s\n", ODC_VERSION);
		return 0;
	}
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "log", required_argument, NULL, 'l' },
		{ "probe", no_argument, NULL, ODC_OPT_PROBE },
		{ "list-modes", no_argument, NULL, ODC_OPT_LIST },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, ODC_OPT_VERSION },
		{ "seccomp", no_argument, NULL, ODC_OPT_SECCOMP },
		{ "verbose", no_argument, NULL, 'v' },
		{ "config-check", no_argument, NULL, ODC_OPT_CHECK },
		{ "watch", no_argument, NULL, ODC_OPT_WATCH },
		{ NULL, 0, NULL, 0 }
	};
	const char *mode = NULL, *log = NULL;
	int opt, action = 0;
	bool seccomp = false, verbose = false, watch = false;

	if (argc > 1 && strcmp(argv[1], "report") == 0)
		return odc_report_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "survey") == 0)
		return odc_survey_main(argc - 1, argv + 1);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+:m:l:hv", options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			mode = optarg;
			break;
		case 'l':
			log = optarg;
			break;
		case ODC_OPT_SECCOMP:
			seccomp = true;
			break;
		case ODC_OPT_WATCH:
			watch = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			odc_print_help();
			return 0;
		case ODC_OPT_PROBE:
		case ODC_OPT_LIST:
		case ODC_OPT_VERSION:
		case ODC_OPT_CHECK:
			action = opt;
			break;
		case ':':
			odc_die_missing(optopt, argv[optind - 1]);
			break;
		default:
			/* getopt_long names the option it knows but that was given a value. */
			odc_die_usage(optopt && strncmp(argv[optind - 1], "--", 2) == 0
					      ? "option %s takes no value" : "unknown option %s",
				      argv[optind - 1]);
		}
	}
	if (watch) {
		if (action || mode || seccomp || verbose || optind < argc)
			odc_die_usage("%s", "--watch takes -l alone: it runs no command, and changes no call");
		return odc_watcher_exec(log);
	}
	if (action)
		return odc_action(action, argv + optind, argc - optind, mode || log || seccomp || verbose);
	if (verbose && !seccomp)
		odc_die_usage("%s", "-v says whether --seccomp supervises, and why: give it with --seccomp");
	if (optind == argc)
		odc_die_usage("%s", "no command given");
	return odc_run(argv + optind, mode, log, seccomp, verbose);
}

