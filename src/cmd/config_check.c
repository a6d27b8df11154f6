/* odcreat --config-check: a configuration file judged as the library reads it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_conf.h"
#include "odc_config_check.h"
#include "odc_exit.h"

/* Every line is checked, also of a file the library would pass over, which is said first. */
int odc_config_check(const char *file)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		printf("odcreat: %s: %s\n", file, strerror(errno));
		return ODC_EXIT_PROBLEMS;
	}
	fflush(stdout);
	long counts = odc_conf_open(file, STDOUT_FILENO);
	if (counts >= 0)
		close((int)counts);
	struct odc_settings s = { .mode = ODC_MODE_DEFAULT };
	int bad = odc_conf_parse(fd, file, NULL, &s, STDOUT_FILENO);
	close(fd);
	if (bad)
		printf("odcreat: %s: %d bad line%s; every other line applies\n", file, bad,
		       bad == 1 ? "" : "s");
	else
		printf("odcreat: %s: every line is good\n", file);
	return counts >= 0 && !bad ? 0 : ODC_EXIT_PROBLEMS;
}
