/*
 * odcreat report [--format=text|csv|json] [--by=program|host|host,program]
 * [--journal] [FILE...]: what the survey's logs say, per program, per host
 * or per both. FILE "-" (or none) is standard input; --journal reads
 * journald's export format, from FILEs or from journalctl.
 */
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_report.h"

static const char odc_report_usage[] =
	"usage: odcreat report [--format=text|csv|json] [--by=program|host|host,program] [--journal]\n"
	"                      [FILE...]\n";

/* --by's value as ODC_BY_* bits, or 0. */
static unsigned odc_report_by(const char *value)
{
	static const struct {
		const char *name;
		unsigned by;
	} names[] = {
		{ "program", ODC_BY_PROGRAM }, { "host", ODC_BY_HOST },
		{ "host,program", ODC_BY_HOST | ODC_BY_PROGRAM },
		{ "program,host", ODC_BY_HOST | ODC_BY_PROGRAM },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(value, names[i].name) == 0)
			return names[i].by;
	return 0;
}

static int odc_report_input(struct odc_report *rep, const char *file, bool journal)
{
	bool std = strcmp(file, "-") == 0;
	FILE *in = std ? stdin : fopen(file, "r");

	if (!in) {
		fprintf(stderr, "odcreat report: %s: %s\n", file, strerror(errno));
		return -1;
	}
	if (journal)
		odc_report_read_export(rep, in, file);
	else
		odc_report_read_lines(rep, in, file);
	if (!std)
		fclose(in);
	return 0;
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
 * whole and not be.
 */
static void odc_report_journal_access(void)
{
	static const char *const readers[] = { "systemd-journal", "adm", NULL };

	if (geteuid() == 0 || odc_in_groups(readers))
		return;
	fprintf(stderr, "odcreat report: uid %u is not root, nor in the groups systemd-journal or adm: "
			"journalctl shows it only its own entries, so this report is not the machine's\n",
		(unsigned)geteuid());
}

/* Every entry odcreat logged to the journal, as journalctl exports it. */
static int odc_report_journalctl(struct odc_report *rep)
{
	odc_report_journal_access();
	FILE *in = popen("journalctl -q -o export SYSLOG_IDENTIFIER=odcreat", "r");

	if (!in) {
		perror("odcreat report: journalctl");
		return -1;
	}
	odc_report_read_export(rep, in, "journalctl");
	return pclose(in) == 0 ? 0 : -1;
}

int odc_report_main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "journal", no_argument, NULL, 'j' },
		{ "by", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 }
	};
	enum odc_report_format format = ODC_REPORT_TEXT;
	bool journal = false;
	unsigned by = ODC_BY_PROGRAM;
	int opt, failed = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		if (opt == 'j') {
			journal = true;
		} else if (opt == 'b' && odc_report_by(optarg)) {
			by = odc_report_by(optarg);
		} else if (opt == 'f' && strcmp(optarg, "text") == 0) {
			format = ODC_REPORT_TEXT;
		} else if (opt == 'f' && strcmp(optarg, "csv") == 0) {
			format = ODC_REPORT_CSV;
		} else if (opt == 'f' && strcmp(optarg, "json") == 0) {
			format = ODC_REPORT_JSON;
		} else {
			fprintf(stderr, "odcreat report: unknown option or format\n%s", odc_report_usage);
			return ODC_EXIT_USAGE;
		}
	}
	if (optind == argc && !journal && isatty(STDIN_FILENO)) {
		fprintf(stderr, "odcreat report: no FILE, and standard input is a terminal: name a log "
				"FILE (- reads standard input), or read the journal with --journal\n%s",
			odc_report_usage);
		return ODC_EXIT_USAGE;
	}
	struct odc_report rep;
	odc_report_init(&rep, by);
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
	odc_report_count_lost(&rep);
	odc_report_print(&rep, format);
	odc_report_free(&rep);
	return failed ? ODC_EXIT_FAILED : 0;
}
