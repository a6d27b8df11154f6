/*
 * odcreat --watch: the watcher, odcreat-watch, an executable of its own
 * (src/watch/), so that odcreat goes on needing nothing beyond the C
 * library; it needs libbpf, and comes in a package of its own. The log is
 * chosen and checked here as for any command (env.c), and handed on in
 * ODCREAT_LOG; no mode is, as the watcher changes no call.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_env.h"
#include "odc_exit.h"
#include "odc_watcher.h"

/* Where make install puts it, under a prefix. */
#define ODC_WATCHER_SUBDIR "libexec/odcreat/" ODC_WATCHER_NAME

/* FORMAT's path (of DIR) into OUT, where an executable is there. */
static bool odc_try(char *out, size_t len, const char *format, const char *dir)
{
	int n = snprintf(out, len, format, dir);

	return n > 0 && (size_t)n < len && access(out, X_OK) == 0;
}

/*
 * The watcher beside this program (the build tree), else under the prefix
 * this program is installed in (PREFIX/bin/odcreat), else under the
 * PREFIX it was built for.
 */
static bool odc_find_watcher(char *out, size_t len)
{
	char self[PATH_MAX];

	if (odc_self_dir(self) && (odc_try(out, len, "%s/" ODC_WATCHER_NAME, self) ||
				   odc_try(out, len, "%s/../" ODC_WATCHER_SUBDIR, self)))
		return true;
	return odc_try(out, len, "%s/" ODC_WATCHER_SUBDIR, ODC_PREFIX);
}

int odc_watcher_exec(const char *log)
{
	char watcher[PATH_MAX];
	char *argv[] = { ODC_WATCHER_NAME, NULL };

	if (!odc_find_watcher(watcher, sizeof watcher)) {
		/* The package's odcreat is built for /usr; make install's elsewhere. */
		fprintf(stderr, "odcreat: --watch: " ODC_WATCHER_NAME " is not installed (not beside odcreat, "
				"nor in " ODC_PREFIX "/" ODC_WATCHER_SUBDIR ")\nodcreat: %s\n",
			strcmp(ODC_PREFIX, "/usr") ? "from the source, make watch && make install puts it there"
						   : "install the package odcreat-watch");
		return ODC_EXIT_FAILED;
	}
	/* The watcher is served by no library: its own calls are the kernel's. */
	odc_set_preload(NULL);
	/* Its log holds what root saw: a file made for it here (or by it) is root's alone, whatever the umask. */
	umask(077);
	odc_set_log(log ? log : "stderr");
	execv(watcher, argv);
	fprintf(stderr, "odcreat: --watch: cannot run %s: %s\n", watcher, strerror(errno));
	return ODC_EXIT_CANNOT_RUN;
}
