/*
 * odcreat: run a command with libodcreat.so preloaded under a chosen
 * semantics, or probe what the running kernel does.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_exec.h"
#include "odc_exit.h"
#include "odc_log.h"
#include "odc_mode.h"
#include "odc_probe.h"
#include "odc_supervise.h"


#define ODC_SHIM_NAME "libodcreat.so"
/* Under each ABI's library directory, one of its own: a preload-only plugin. */
#define ODC_SHIM_DIR "odcreat"

static const char odc_usage[] =
	"usage: odcreat [--seccomp] [-m MODE | --mode=MODE] [-l FILE | --log=FILE] [--] COMMAND [ARG...]\n"
	"       odcreat --probe\n"
	"       odcreat --list-modes\n"
	"       odcreat --help | --version\n";

static const char odc_help[] =
	"\n"
	"Run COMMAND with open(O_CREAT|O_DIRECTORY) given the semantics MODE, whatever\n"
	"the kernel does, by preloading " ODC_SHIM_NAME ".\n"
	"\n"
	"      --seccomp     serve the calls from a seccomp supervisor instead, which\n"
	"                    reaches static and Go programs too\n"
	"  -m, --mode=MODE   one of:" ODC_MODE_NAMES " (default: $ODCREAT_MODE, else einval)\n"
	"  -l, --log=FILE    log every redefined call to FILE, or to stderr with \"stderr\"\n"
	"      --probe       show what the running kernel does, and which mode it matches\n"
	"      --list-modes  list the modes and the systems they reproduce\n"
	"  -h, --help        show this help\n"
	"      --version     show the version\n"
	"\n"
	"Exit status: COMMAND's own; " ODC_EXIT_TEXT(ODC_EXIT_NOT_FOUND) " if COMMAND is not found, "
	ODC_EXIT_TEXT(ODC_EXIT_CANNOT_RUN) " if it cannot be\n"
	"run, " ODC_EXIT_TEXT(ODC_EXIT_USAGE) " for a usage error, " ODC_EXIT_TEXT(ODC_EXIT_FAILED)
	" if odcreat itself fails.\n";

static void odc_die_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "odcreat: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", odc_usage);
	exit(ODC_EXIT_USAGE);
}

static void odc_check_mode(const char *mode, const char *where)
{
	if (odc_mode_parse(mode) >= 0)
		return;
	fprintf(stderr, "odcreat: unknown mode \"%s\"%s; valid modes:" ODC_MODE_NAMES "\n",
		mode, where);
	exit(ODC_EXIT_USAGE);
}

static void odc_list_modes(void)
{
	for (int m = 0; m < ODC_MODE_COUNT; m++)
		printf("%-10s %s%s\n", odc_mode_name((enum odc_mode)m),
		       odc_mode_systems((enum odc_mode)m),
		       m == ODC_MODE_DEFAULT ? " (default)" : "");
}

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
static void odc_find_shim(char *out, size_t len)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	char *slash = NULL;

	if (n > 0) {
		self[n] = '\0';
		slash = strrchr(self, '/');
	}
	if (slash) {
		*slash = '\0';
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
		" in %s, its parent or " ODC_PREFIX "\n", slash ? self : "this program's directory");
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
static void odc_set_preload(const char *shim)
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
 * An absolute name the command can still reach after it changes directory,
 * opened here as the library will open it: a FIFO with no reader yet is
 * fine, a symlink the kernel's rule refuses means no log (said once).
 */
static void odc_set_log(const char *log)
{
	char absolute[PATH_MAX];

	if (strcmp(log, "stderr") != 0) {
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
		bool refused;
		long fd = odc_log_open(log, &refused);
		if (refused) {
			unsetenv("ODCREAT_LOG");
			return;
		}
		if (fd < 0 && fd != -ENXIO) {
			fprintf(stderr, "odcreat: cannot open log %s: %s\n", log, strerror((int)-fd));
			exit(ODC_EXIT_USAGE);
		}
		if (fd >= 0)
			close((int)fd);
	}
	if (setenv("ODCREAT_LOG", log, 1) < 0) {
		perror("odcreat");
		exit(ODC_EXIT_FAILED);
	}
}

/* Under --seccomp the supervisor serves every call, and no library is preloaded. */
static int odc_run(char **argv, const char *mode, const char *log, bool seccomp)
{
	char shim[PATH_MAX];

	if (mode)
		odc_check_mode(mode, "");
	else if ((mode = getenv("ODCREAT_MODE")) && *mode)
		odc_check_mode(mode, " in ODCREAT_MODE");
	if (!seccomp)
		odc_find_shim(shim, sizeof shim);
	odc_set_preload(seccomp ? NULL : shim);
	if (mode && *mode && setenv("ODCREAT_MODE", mode, 1) < 0) {
		perror("odcreat");
		return ODC_EXIT_FAILED;
	}
	if (log)
		odc_set_log(log);
	if (seccomp)
		return odc_supervise(argv);

	return odc_exec(argv);
}

enum { ODC_OPT_PROBE = 256, ODC_OPT_LIST, ODC_OPT_VERSION, ODC_OPT_SECCOMP };

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "log", required_argument, NULL, 'l' },
		{ "probe", no_argument, NULL, ODC_OPT_PROBE },
		{ "list-modes", no_argument, NULL, ODC_OPT_LIST },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, ODC_OPT_VERSION },
		{ "seccomp", no_argument, NULL, ODC_OPT_SECCOMP },
		{ NULL, 0, NULL, 0 }
	};
	const char *mode = NULL, *log = NULL;
	int opt, action = 0;
	bool seccomp = false;

	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+m:l:h", options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			mode = optarg;
			break;
		case 'l':
			log = optarg;
			break;
		case ODC_OPT_SECCOMP:
			seccomp = true;
			break;
		case 'h':
			printf("%s%s", odc_usage, odc_help);
			return 0;
		case ODC_OPT_PROBE:
		case ODC_OPT_LIST:
		case ODC_OPT_VERSION:
			action = opt;
			break;
		default:
			odc_die_usage("unknown or incomplete option %s", argv[optind - 1]);
		}
	}
	if (action && (optind < argc || mode || log || seccomp))
		odc_die_usage("%s", "--probe, --list-modes and --version take no other arguments");
	switch (action) {
	case ODC_OPT_PROBE:
		return odc_probe();
	case ODC_OPT_LIST:
		odc_list_modes();
		return 0;
	case ODC_OPT_VERSION:
		printf("odcreat %s\n", ODC_VERSION);
		return 0;
	}
	if (optind == argc)
		odc_die_usage("%s", "no command given");
	return odc_run(argv + optind, mode, log, seccomp);
}
