/*
 * odcreat report [--format=text|csv|json] [--by=program|host|host,program]
 * [--program=NAME [--resolve]] [--journal] [FILE...]: what the survey's
 * logs say, per program, per host or per both, or of the programs NAME
 * names (drill/). FILE "-" (or none) is standard input;
 * --journal reads journald's export format, from FILEs or from journalctl.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_report.h"
#include "odc_report_drill.h"
#include "odc_report_print.h"
#include "odc_report_read.h"
#include "odc_say.h"

/*
 * report's exit status when an input could not be read, or journalctl
 * would show only some of the journal (2 is a usage error).
 */
#define ODC_REPORT_UNREAD 1
/* ... and where --program names no program the inputs hold (said, with the closest names). */
#define ODC_REPORT_NONE 1

static const char odc_report_usage[] =
	"usage: odcreat report [--format=text|csv|json] [--by=program|host|host,program]\n"
	"                      [--program=NAME [--resolve]] [--journal] [FILE|DIR/...]\n"
	"       odcreat report --help\n";

struct odc_report_choice {
	const char *name;
	int value;
};

static const struct odc_report_choice odc_report_formats[] = {
	{ "text", ODC_REPORT_TEXT }, { "csv", ODC_REPORT_CSV }, { "json", ODC_REPORT_JSON }, { NULL, 0 }
};

static const struct odc_report_choice odc_report_bys[] = {
	{ "program", ODC_BY_PROGRAM }, { "host", ODC_BY_HOST },
	{ "host,program", ODC_BY_HOST | ODC_BY_PROGRAM },
	{ "program,host", ODC_BY_HOST | ODC_BY_PROGRAM }, { NULL, 0 }
};

/* The value CHOICES gives OPTION's VALUE, or -1 after saying it has none. */
static int odc_report_choose(const struct odc_report_choice *choices, const char *option,
			     const char *value)
{
	for (; choices->name; choices++)
		if (strcmp(value, choices->name) == 0)
			return choices->value;
	odc_say("odcreat report: unknown %s value \"%s\"\n%s", option, value, odc_report_usage);
	return -1;
}

/* Whether FILE is a directory: a log directory's files (log = DIR/). */
static bool odc_report_is_dir(const char *file)
{
	struct stat st;

	return stat(file, &st) == 0 && S_ISDIR(st.st_mode);
}

static int odc_report_input(struct odc_report *rep, const char *file, bool journal)
{
	bool std = strcmp(file, "-") == 0;

	if (!std && !journal && odc_report_is_dir(file))
		return odc_report_read_dir(rep, file);
	int fd = std ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		odc_say("odcreat report: %s: %s\n", file, strerror(errno));
		return -1;
	}
	rep->writer = odc_report_source_uid(fd);
	int status = journal ? odc_report_read_export(rep, fd, file)
			     : odc_report_read_lines(rep, fd, file);
	if (!std)
		close(fd);
	return status;
}

/* Whether this process is in any of the groups NAMES (NULL-terminated). */
static bool odc_in_groups(const char *const names[])
{
	int n = getgroups(0, NULL);
	gid_t *groups = n > 0 ? calloc((size_t)n, sizeof *groups) : NULL;
	bool in = false;

	n = groups ? getgroups(n, groups) : 0;
	for (; *names && !in; names++) {
		const struct group *g = getgrnam(*names);
		for (int i = 0; g && i < n && !in; i++)
			in = groups[i] == g->gr_gid;
		in |= g && getegid() == g->gr_gid;
	}
	free(groups);
	return in;
}

/*
 * journalctl shows a user outside these groups only that user's own
 * entries, and says so only to a terminal: a report from them would look
 * whole and not be, so it is an error that says why (false), before
 * anything is read. Their own entries they can still pipe in as a FILE.
 */
static bool odc_report_journal_access(void)
{
	static const char *const readers[] = { "systemd-journal", "adm", NULL };

	if (geteuid() == 0 || odc_in_groups(readers))
		return true;
	odc_say("odcreat report: uid %u is not root, nor in the groups systemd-journal or adm: "
			"journalctl would show it only its own entries, so a report would not be the "
			"machine's; run it as root or in one of those groups, or, for your own entries "
			"alone:\n"
			"    journalctl -o export SYSLOG_IDENTIFIER=odcreat | odcreat report --journal -\n",
		(unsigned)geteuid());
	return false;
}

/* Every entry odcreat logged to the journal, as journalctl exports it. */
static int odc_report_journalctl(struct odc_report *rep)
{
	FILE *in = popen("journalctl -q -o export SYSLOG_IDENTIFIER=odcreat", "r");

	if (!in) {
		perror("odcreat report: journalctl");
		return -1;
	}
	rep->writer = odc_report_source_uid(fileno(in));
	int status = odc_report_read_export(rep, fileno(in), "journalctl");
	return pclose(in) == 0 ? status : -1;
}

/* A log directory's files are read at once (read/merge.c), a descriptor each: all it may have. */
static void odc_report_files_limit(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
		r.rlim_cur = r.rlim_max;
		setrlimit(RLIMIT_NOFILE, &r);
	}
}

int odc_report_main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "journal", no_argument, NULL, 'j' },
		{ "by", required_argument, NULL, 'b' },
		{ "program", required_argument, NULL, 'p' },
		{ "resolve", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int format = ODC_REPORT_TEXT, by = ODC_BY_PROGRAM, opt, failed = 0;
	bool journal = false, resolve = false;
	const char *program = NULL;

	optind = 1;
	opterr = 0;	/* one message, ours, for a bad option */
	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (opt == 'j') {
			journal = true;
		} else if (opt == 'p') {
			program = optarg;
		} else if (opt == 'r') {
			resolve = true;
		} else if (opt == 'b') {
			by = odc_report_choose(odc_report_bys, "--by", optarg);
		} else if (opt == 'f') {
			format = odc_report_choose(odc_report_formats, "--format", optarg);
		} else if (opt == 'h') {
			fputs(odc_report_usage, stdout);
			return 0;
		} else {
			odc_say("odcreat report: unknown option or missing value: %s\n%s",
				argv[optind - 1], odc_report_usage);
			return ODC_EXIT_USAGE;
		}
		if (by < 0 || format < 0)
			return ODC_EXIT_USAGE;
	}
	if (resolve && !program) {
		odc_say("odcreat report: --resolve resolves a drill-down's call sites: it needs "
				"--program=NAME\n%s", odc_report_usage);
		return ODC_EXIT_USAGE;
	}
	if (optind == argc && !journal && isatty(STDIN_FILENO)) {
		odc_say("odcreat report: no FILE, and standard input is a terminal: name a log "
				"FILE (- reads standard input), or read the journal with --journal\n%s",
			odc_report_usage);
		return ODC_EXIT_USAGE;
	}
	if (optind == argc && journal && !odc_report_journal_access())
		return ODC_REPORT_UNREAD;
	odc_report_files_limit();
	/* One thread: stdio need not lock for each of a fleet's figures. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	struct odc_report rep;
	struct odc_drill drill;
	odc_report_init(&rep, (unsigned)by);
	if (program) {
		odc_drill_init(&drill, program, resolve);
		rep.drill = &drill;
	}
	char self[PATH_MAX];
	ssize_t self_len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (self_len > 0) {
		self[self_len] = '\0';
		rep.self = self;
	}
	if (optind == argc)
		failed |= journal ? odc_report_journalctl(&rep) : odc_report_input(&rep, "-", false);
	for (int i = optind; i < argc; i++)
		failed |= odc_report_input(&rep, argv[i], journal);
	/* A table without an input would look like a survey that saw less. */
	int status = failed ? ODC_REPORT_UNREAD : 0;
	if (!failed && program && !drill.programs.used) {
		odc_want_say_none(&drill.want);
		status = ODC_REPORT_NONE;
	} else if (!failed && program) {
		drill.unparsed = rep.unparsed;
		odc_drill_print(&drill, (enum odc_report_format)format);
	} else if (!failed) {
		odc_report_count_lost(&rep);
		odc_report_print(&rep, (enum odc_report_format)format);
	}
	if (program)
		odc_drill_free(&drill);
	odc_report_free(&rep);
	return status;
}
