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
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "odc_env.h"
#include "odc_exit.h"
#include "odc_log.h"
#include "odc_log_dest.h"
#include "odc_log_dir.h"
#include "odc_say.h"

/* Whether BASE holds this program's ABI's library, BASE/ODC_LIB_SUBDIR/odcreat/libodcreat.so. */
static bool odc_shim_under(const char *base)
{
	char own[PATH_MAX];
	int n = snprintf(own, sizeof own, "%s/" ODC_SHIM_PATH, base);

	return n > 0 && (size_t)n < sizeof own && access(own, R_OK) == 0;
}

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

/*
 * The library in this program's own directory (the build tree, where make
 * puts it as make install does under PREFIX), else in the prefix this
 * program is installed in (PREFIX/bin/odcreat, wherever that tree was
 * moved), else under the PREFIX it was built for. Never relative to the
 * current directory.
 */
bool odc_shim_base(char base[PATH_MAX])
{
	if (odc_self_dir(base)) {
		if (odc_shim_under(base))
			return true;
		char *up = strrchr(base, '/');
		if (up && up != base) {
			*up = '\0';
			if (odc_shim_under(base))
				return true;
		}
	}
	snprintf(base, PATH_MAX, "%s", ODC_PREFIX);
	return odc_shim_under(base);
}

/*
 * The preload for the library, in OUT. It names the directory with $LIB
 * where the loader expands that (glibc's does, musl's does not), so that
 * every program of the command's tree loads the library of its own ABI:
 * 64-bit and 32-bit alike, wherever each ABI's loader looks.
 */
void odc_find_shim(char *out, size_t len)
{
	char base[PATH_MAX];

	if (!odc_shim_base(base)) {
		odc_say("odcreat: cannot find " ODC_SHIM_PATH " in this program's directory, "
			"its parent or " ODC_PREFIX "\n");
		exit(ODC_EXIT_FAILED);
	}
	int n = snprintf(out, len, "%s/%s/" ODC_SHIM_DIR "/" ODC_SHIM_NAME, base,
			 ODC_LIB_EXPANDS ? "$LIB" : ODC_LIB_SUBDIR);
	if (n <= 0 || (size_t)n >= len) {
		odc_say("odcreat: %s: %s\n", base, strerror(ENAMETOOLONG));
		exit(ODC_EXIT_FAILED);
	}
}

bool odc_is_shim(const char *entry, size_t len)
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
		odc_say("odcreat: log directory %s: %s\nodcreat: install -d -m 1733 -o root %s "
				"makes one every user may log to\n", dir, why, dir);
		exit(ODC_EXIT_USAGE);
	}
	char name[ODC_LOG_DIR_NAME_MAX];
	struct stat file;
	odc_log_dir_name(name, geteuid());
	if (fstatat((int)fd, name, &file, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (why = odc_log_dir_file_refusal(&file, geteuid())))
		odc_say("odcreat: log directory %s: your file %s is %s; each program logs to a "
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
		odc_say("odcreat: cannot open log %s: %s\n", log, strerror((int)-fd));
		if (fd == -EISDIR)
			odc_say("odcreat: name it %s/ to log each user in a file of its own there\n", log);
		exit(ODC_EXIT_USAGE);
	}
	if (fd >= 0)
		close((int)fd);
	return true;
}

/*
 * Whether a daemon listens where KIND's lines go; where none does, that is
 * said once, here: the library drops each line silently, as it must inside
 * the programs it is in. A datagram socket's connect sends nothing.
 */
static void odc_check_daemon(enum odc_log_kind kind)
{
	const char *path = kind == ODC_LOG_SYSLOG ? ODC_SYSLOG_SOCKET : ODC_JOURNAL_SOCKET;
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0) {
		if (fd >= 0)
			close(fd);
		return;
	}
	odc_say("odcreat: -l %s: no daemon listens on %s (%s): the lines will be lost\n",
		kind == ODC_LOG_SYSLOG ? "syslog" : "journal", path, strerror(errno));
	close(fd);
}

/*
 * An absolute name the command can still reach after it changes directory,
 * checked here as the library will use it.
 */
void odc_set_log(const char *log)
{
	char absolute[PATH_MAX];
	enum odc_log_kind kind = odc_log_kind_of(log);

	if (kind == ODC_LOG_SYSLOG || kind == ODC_LOG_JOURNAL)
		odc_check_daemon(kind);
	if (kind == ODC_LOG_FILE || kind == ODC_LOG_DIR) {
		if (log[0] != '/') {
			char cwd[PATH_MAX];
			if (!getcwd(cwd, sizeof cwd) ||
			    snprintf(absolute, sizeof absolute, "%s/%s", cwd, log) >=
				    (int)sizeof absolute) {
				odc_say("odcreat: log %s: %s\n", log, strerror(ENAMETOOLONG));
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
