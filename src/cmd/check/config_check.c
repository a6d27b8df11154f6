/* odcreat --config-check: a configuration file judged as the library reads it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_config_file.h"
#include "odc_config_check.h"
#include "odc_exit.h"

/*
 * By the library's rules: a symlink or anything but a regular file is not
 * read (a device would never end); the lines of a file the library passes
 * over for its owner or mode are checked all the same, that said first.
 */
/* The logs the file names, each with its line, explained after the file is read. */
#define ODC_LOGS_MAX 64

struct odc_logs {
	unsigned count, lines[ODC_LOGS_MAX];
	char *values[ODC_LOGS_MAX];
};

static void odc_note_log(void *arg, unsigned line, const char *value)
{
	struct odc_logs *logs = arg;

	if (logs->count == ODC_LOGS_MAX)
		return;
	logs->lines[logs->count] = line;
	logs->values[logs->count++] = strdup(value);
}

/* Each log explained, in the file's order: how many record too few users. */
static int odc_explain_logs(const char *file, struct odc_logs *logs)
{
	int bad = 0;

	for (unsigned i = 0; i < logs->count; i++) {
		if (logs->values[i])
			bad += odc_explain_log(file, logs->lines[i], logs->values[i]);
		free(logs->values[i]);
	}
	return bad;
}

int odc_config_check(const char *file)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	if (fd < 0 && errno != ELOOP) {
		printf("odcreat: %s: %s\n", file, strerror(errno));
		return ODC_EXIT_PROBLEMS;
	}
	if (fd >= 0)
		close(fd);
	fflush(stdout);
	bool trusted;
	fd = (int)odc_config_file_open(file, STDOUT_FILENO, &trusted);
	if (fd < 0) {
		printf("odcreat: %s: not read\n", file);
		return ODC_EXIT_PROBLEMS;
	}
	struct odc_logs logs = { 0 };
	struct odc_settings s = { .mode = ODC_MODE_DEFAULT, .on_log = odc_note_log, .on_log_arg = &logs };
	int bad = odc_config_file_parse(fd, file, NULL, &s, STDOUT_FILENO);
	close(fd);
	int unrecorded = odc_explain_logs(file, &logs);
	if (bad && unrecorded)
		printf("odcreat: %s: %d bad line%s, and %d log%s that record%s no user's calls, or only "
		       "some; every other line applies\n", file, bad, bad == 1 ? "" : "s", unrecorded,
		       unrecorded == 1 ? "" : "s", unrecorded == 1 ? "s" : "");
	else if (bad)
		printf("odcreat: %s: %d bad line%s; every other line applies\n", file, bad,
		       bad == 1 ? "" : "s");
	else if (unrecorded)
		printf("odcreat: %s: every line is good; %d log%s record%s no user's calls, or only some\n",
		       file, unrecorded, unrecorded == 1 ? "" : "s", unrecorded == 1 ? "s" : "");
	else
		printf("odcreat: %s: every line is good\n", file);
	return trusted && !bad && !unrecorded ? 0 : ODC_EXIT_PROBLEMS;
}
