/* odcreat --config-check: a configuration file judged as the library reads it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_conf.h"
#include "odc_config_check.h"
#include "odc_exit.h"

/*
 * By the library's rules: a symlink or anything but a regular file is not
 * read (a device would never end); the lines of a file the library passes
 * over for its owner or mode are checked all the same, that said first.
 */
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
	fd = (int)odc_conf_open(file, STDOUT_FILENO, &trusted);
	if (fd < 0) {
		printf("odcreat: %s: not read\n", file);
		return ODC_EXIT_PROBLEMS;
	}
	struct odc_settings s = { .mode = ODC_MODE_DEFAULT };
	int bad = odc_conf_parse(fd, file, NULL, &s, STDOUT_FILENO);
	close(fd);
	if (bad)
		printf("odcreat: %s: %d bad line%s; every other line applies\n", file, bad,
		       bad == 1 ? "" : "s");
	else
		printf("odcreat: %s: every line is good\n", file);
	return trusted && !bad ? 0 : ODC_EXIT_PROBLEMS;
}
