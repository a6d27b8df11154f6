/*
 * The environment the command runs in: the library first in LD_PRELOAD,
 * the log named absolutely in ODCREAT_LOG.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_env.h"
#include "odc_exit.h"
#include "odc_log.h"
#include "odc_log_dir.h"

/* Under each ABI's library directory, one of its own: a preload-only plugin. */
#define ODC_SHIM_DIR "odcreat"

/*
 * The preload for the library under BASE, in OUT, if this program's ABI has
 * one there (BASE/ODC_LIB_SUBDIR/odcreat/libodcreat.so). It names the directory
 * with $LIB where the loader expands that (glibc's does, musl's does not),
 * so that every program of the command's tree loads the library of its own
 * ABI: 64-bit and 32-bit alike, wherever each ABI's loader looks.
 */
static bool odc_shim_under(const char *base, char *out, size_t len)
{
	char own[PATH_MAX];
	int n = snprintf(own, sizeof own, "%s/" ODC_LIB_SUBDIR "/" ODC_SHIM_DIR "/" ODC_SHIM_NAME, base);

	if (n <= 0 || (size_t)n >= sizeof own || access(own, R_OK) != 0)
		return false;
	n = snprintf(out, len, "%s/%s/" ODC_SHIM_DIR "/" ODC_SHIM_NAME, base,
		     ODC_LIB_EXPANDS ? "$LIB" : ODC_LIB_SUBDIR);
	return n > 0 && (size_t)n < len;
}

/*
 * The library in this program's own directory (the build tree, where make
 * puts it as make install does under PREFIX), else in the prefix this
 * program is installed in (PREFIX/bin/odcreat, wherever that tree was
 * moved), else under the PREFIX it was built for. Never relative to the
 * current directory.
 */
bool odc_self_dir(char dir[PATH_MAX])
{
	ssize_t n = readlink("/proc/self/exe", dir, PATH_MAX - 1);
	char *slash;

	if (n <= 0)
		return false;
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	return slash != NULL;
}

void odc_find_shim(char *out, size_t len)
{
	char self[PATH_MAX];
	bool known = odc_self_dir(self);

	if (known) {
		if (odc_shim_under(self, out, len))
			return;
		char *up = strrchr(self, '/');
		if (up && up != self) {
			*up = '\0';
			if (odc_shim_under(self, out, len))
				return;
			*up = '/';
		}
	}
	if (odc_shim_under(ODC_PREFIX, out, len))
		return;
	fprintf(stderr, "odcreat: cannot find " ODC_LIB_SUBDIR "/" ODC_SHIM_DIR "/" ODC_SHIM_NAME
		" in %s, its parent or " ODC_PREFIX "\n", known ? self : "this program's directory");
	exit(ODC_EXIT_FAILED);
}

static bool odc_is_shim(const char *entry, size_t len)
{
	size_t name = sizeof ODC_SHIM_NAME - 1;

	return len >= name && memcmp(entry + len - name, ODC_SHIM_NAME, name) == 0 &&
	       (len == name || entry[len - name - 1] == '/');
}

/*
 * SHIM first (none under --seccomp), then what LD_PRELOAD held already,
 * less any other copy of the shim.
 */
void odc_set_preload(const char *shim)
{
	const char *old = getenv("LD_PRELOAD");
	size_t cap = (shim ? strlen(shim) : 0) + (old ? strlen(old) : 0) + 2;
	char *preload = malloc(cap);

	if (!preload) {
		perror("odcreat");
		exit(ODC_EXIT_FAILED);
	}
	size_t len = (size_t)snprintf(preload, cap, "%s", shim ? shim : "");
	for (const char *p = old ? old : ""; *p;) {
		size_t n = strcspn(p, ": ");
		if (n && !odc_is_shim(p, n)) {
			if (len)
				preload[len++] = ':';
			memcpy(preload + len, p, n);
			len += n;
		}
		p += n + (p[n] != '\0');
	}
	preload[len] = '\0';
	if (len == 0)
		unsetenv("LD_PRELOAD");
	else if (setenv("LD_PRELOAD", preload, 1) < 0) {
		perror("odcreat");
		exit(ODC_EXIT_FAILED);
	}
	free(preload);
}

/*
 * A log directory the library would write nothing to is said at once, as
 * a log file that cannot be opened is. This user's file in it, where
 * another has taken its name, is said too: the lines go to another name.
 */
static void odc_check_log_dir(const char *dir)
{
	struct stat st;
	long fd = odc_log_dir_open(dir, &st);
	const char *why = fd < 0 ? strerror((int)-fd) : odc_log_dir_refusal(&st);

	if (why) {
		fprintf(stderr, "odcreat: log directory %s: %s%s\n", dir, why,
			fd >= 0 ? " (install -d -m 1733 -o root makes one every user may log to)" : "");
		exit(ODC_EXIT_USAGE);
	}
	char name[ODC_LOG_DIR_NAME_MAX];
	struct stat file;
	odc_log_dir_name(name, geteuid());
	if (fstatat((int)fd, name, &file, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (why = odc_log_dir_file_refusal(&file, geteuid())))
		fprintf(stderr, "odcreat: log directory %s: your file %s is %s; each program logs to a "
				"file of its own instead, %u-KEY.log, whose name nobody else can know\n",
			dir, name, why, (unsigned)geteuid());
	close((int)fd);
}

/*
 * The log file opened as the library will open it: a FIFO with no reader
 * yet is fine, a symlink the kernel's rule refuses means no log (said
 * once): whether to log.
 */
static bool odc_open_log_file(const char *log)
{
	bool refused;
	long fd = odc_log_open(log, &refused);

	if (refused)
		return false;
	if (fd < 0 && fd != -ENXIO) {
		fprintf(stderr, "odcreat: cannot open log %s: %s\n", log, strerror((int)-fd));
		exit(ODC_EXIT_USAGE);
	}
	if (fd >= 0)
		close((int)fd);
	return true;
}

/*
 * An absolute name the command can still reach after it changes directory,
 * checked here as the library will use it.
 */
void odc_set_log(const char *log)
{
	char absolute[PATH_MAX];
	enum odc_log_kind kind = odc_log_kind_of(log);

	if (kind == ODC_LOG_FILE || kind == ODC_LOG_DIR) {
		if (log[0] != '/') {
			char cwd[PATH_MAX];
			if (!getcwd(cwd, sizeof cwd) ||
			    snprintf(absolute, sizeof absolute, "%s/%s", cwd, log) >=
				    (int)sizeof absolute) {
				fprintf(stderr, "odcreat: log %s: %s\n", log, strerror(ENAMETOOLONG));
				exit(ODC_EXIT_USAGE);
			}
			log = absolute;
		}
		if (kind == ODC_LOG_DIR) {
			odc_check_log_dir(log);
		} else if (!odc_open_log_file(log)) {
			unsetenv("ODCREAT_LOG");
			return;
		}
	}
	if (setenv("ODCREAT_LOG", log, 1) < 0) {
		perror("odcreat");
		exit(ODC_EXIT_FAILED);
	}
}
