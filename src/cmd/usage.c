/* The command's usage and help, and its usage errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_config.h"
#include "odc_env.h"
#include "odc_exit.h"
#include "odc_mode.h"
#include "odc_say.h"
#include "odc_usage.h"

static const char odc_usage[] =
	"usage: odcreat [--seccomp [-v]] [-m MODE] [-l FILE|DIR/] [--] COMMAND [ARG...]\n"
	"       odcreat --watch [-l FILE|DIR/]\n"
	"       odcreat --probe\n"
	"       odcreat --list-modes\n"
	"       odcreat --config-check [FILE]\n"
	"       odcreat report [--format=FORMAT] [--by=ROWS] [--journal] [FILE|DIR/...]\n"
	"       odcreat survey start [-l DIR/|journal|syslog] | stop | status\n"
	"       odcreat --help | --version\n";

static const char odc_help[] =
	"\n"
	"Run COMMAND with open(O_CREAT|O_DIRECTORY) given the semantics MODE, whatever\n"
	"the kernel does, by preloading " ODC_SHIM_NAME ".\n"
	"\n"
	"      --seccomp     serve the calls from a seccomp supervisor instead, which\n"
	"                    reaches static and Go programs too; none where the kernel\n"
	"                    already answers as MODE and nothing is logged\n"
	"  -v, --verbose     with --seccomp: say whether it supervises, and why\n"
	"  -m, --mode=MODE   one of:" ODC_MODE_NAMES "\n"
	"                    (default: $ODCREAT_MODE, else " ODC_CONFIG_FILE "'s, else\n"
	"                    einval; --mode= is as an empty ODCREAT_MODE: the file's,\n"
	"                    else einval)\n"
	"  -l, --log=FILE    log every redefined call to FILE, to DIR/ (DIR/EUID.log), or\n"
	"                    to \"stderr\", \"syslog\" (/dev/log) or \"journal\" (journald)\n"
	"                    (default: $ODCREAT_LOG, else the file's, else none; --log=\n"
	"                    is as an empty ODCREAT_LOG: the file's, else none)\n"
	"      --watch       as root: log every process's calls that pass\n"
	"                    O_CREAT|O_DIRECTORY, as the kernel sees them, to -l's log\n"
	"                    (default stderr), until SIGINT or SIGTERM (odcreat-watch)\n"
	"      --probe       show what the running kernel does, and which mode it matches\n"
	"      --list-modes  list the modes and the systems they reproduce\n"
	"  report            what logs of the calls say, per program or host: calls lost,\n"
	"                    each mode's answers that would have differed, and what each\n"
	"                    would have made (odcreat report --help)\n"
	"  survey            as root: start a survey of every program, stop it, or say\n"
	"                    how it goes (odcreat survey --help)\n"
	"      --config-check [FILE]\n"
	"                    say what is wrong with FILE (default " ODC_CONFIG_FILE "),\n"
	"                    line by line, and whether programs would read it at all\n"
	"  -h, --help        show this help\n"
	"      --version     show the version\n"
	"\n"
	"Exit status: COMMAND's own; " ODC_EXIT_TEXT(ODC_EXIT_NOT_FOUND) " if COMMAND is not found, "
	ODC_EXIT_TEXT(ODC_EXIT_CANNOT_RUN) " if it cannot\n"
	"be run, " ODC_EXIT_TEXT(ODC_EXIT_USAGE) " for a usage error, " ODC_EXIT_TEXT(ODC_EXIT_FAILED)
	" if odcreat itself fails.\n";

void odc_die_usage(const char *fmt, const char *arg)
{
	char *what;

	if (asprintf(&what, fmt, arg) < 0)
		what = NULL;
	odc_say("odcreat: %s\n%s", what ? what : fmt, odc_usage);
	exit(ODC_EXIT_USAGE);
}

/* OPTION (-m or -l, as GIVEN: -m, --mode) without its value: say which value it needs. */
void odc_die_missing(int option, const char *given)
{
	const char *name = strncmp(given, "--", 2) == 0 ? given : option == 'm' ? "-m" : "-l";

	if (option == 'm')
		odc_die_usage("%s needs a mode; valid modes:" ODC_MODE_NAMES, name);
	odc_die_usage("%s needs a log: FILE, DIR/, stderr, syslog or journal", name);
}

void odc_print_help(void)
{
	printf("%s%s", odc_usage, odc_help);
}
