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
#include "odc_say.h"
#include "odc_watcher.h"

/* Where make install puts it, under a prefix. */
#define ODC_WATCHER_SUBDIR "libexec/odcreat/" ODC_WATCHER_NAME

/*
 * The prefixes it is looked for under: this odcreat's, then the package's
 * and make install's own, so that an odcreat built from the source finds
 * the package's watcher, and the package's odcreat one built from the source.
 */
static const char *const odc_watcher_prefixes[] = { ODC_PREFIX, "/usr", "/usr/local" };

#define ODC_PREFIXES (sizeof odc_watcher_prefixes / sizeof odc_watcher_prefixes[0])

/* FORMAT's path (of DIR) into OUT, where an executable is there. */
static bool odc_try(char *out, size_t len, const char *format, const char *dir)
{
	int n = snprintf(out, len, format, dir);

	return n > 0 && (size_t)n < len && access(out, X_OK) == 0;
}

/* Whether prefix I is one of those before it. */
static bool odc_prefix_again(size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (strcmp(odc_watcher_prefixes[i], odc_watcher_prefixes[j]) == 0)
			return true;
	return false;
}

/*
 * The watcher beside this program (the build tree), else under the prefix
 * this program is installed in (PREFIX/bin/odcreat), else under each of
 * odc_watcher_prefixes.
 */
static bool odc_find_watcher(char *out, size_t len)
{
	char self[PATH_MAX];

	if (odc_self_dir(self) && (odc_try(out, len, "%s/" ODC_WATCHER_NAME, self) ||
				   odc_try(out, len, "%s/../" ODC_WATCHER_SUBDIR, self)))
		return true;
	for (size_t i = 0; i < ODC_PREFIXES; i++)
		if (!odc_prefix_again(i) && odc_try(out, len, "%s/" ODC_WATCHER_SUBDIR, odc_watcher_prefixes[i]))
			return true;
	return false;
}

/* Where it was looked for, and how to get it. */
static void odc_say_not_installed(void)
{
	char dirs[ODC_PREFIXES * (PATH_MAX + 24)] = "";
	size_t distinct = 0, at = 0;

	for (size_t i = 0; i < ODC_PREFIXES; i++)
		distinct += !odc_prefix_again(i);
	for (size_t i = 0, said = 0; i < ODC_PREFIXES; i++)
		if (!odc_prefix_again(i))
			at += (size_t)snprintf(dirs + at, sizeof dirs - at, "%s%s/libexec/odcreat",
					       !said++ ? "" : said == distinct ? " or " : ", ",
					       odc_watcher_prefixes[i]);
	odc_say("odcreat: --watch: " ODC_WATCHER_NAME " is not installed: not beside odcreat, nor in %s\n"
		"odcreat: install the package odcreat-watch, or make watch && make install\n", dirs);
}

int odc_watcher_exec(const char *log)
{
	char watcher[PATH_MAX];
	char *argv[] = { ODC_WATCHER_NAME, NULL };

	if (!odc_find_watcher(watcher, sizeof watcher)) {
		odc_say_not_installed();
		return ODC_EXIT_FAILED;
	}
	/* The watcher is served by no library: its own calls are the kernel's. */
	odc_set_preload(NULL);
	/* Its log holds what root saw: a file made for it here (or by it) is root's alone, whatever the umask. */
	umask(077);
	odc_set_log(log ? log : "stderr");
	execv(watcher, argv);
	odc_say("odcreat: --watch: cannot run %s: %s\n", watcher, strerror(errno));
	return ODC_EXIT_CANNOT_RUN;
}
