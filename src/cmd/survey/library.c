/*
 * The library a survey preloads into every program: this installation's
 * own (make install's or the package's), named with $LIB, so that each
 * program's loader takes the library of its own ABI. A line there that
 * names a library some program cannot load makes that program print the
 * loader's error at every start, so before start adds it: the library must
 * be there, where no one but root can change it (it will run in root's
 * programs), and load, in this program and in a trivial program of every
 * other ABI whose programs run here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "odc_env.h"
#include "odc_exit.h"
#include "odc_say.h"
#include "odc_survey_parts.h"

/*
 * The other ABIs a machine of this one's may run, each by its loader and a
 * trivial program of its own: its C library, which prints its version when
 * run. Where the loader is missing, or the kernel will not run it, no
 * program of that ABI runs here to miss the library. Where make builds the
 * ABI's library, its knob says how.
 */
#define ODC_MISSING "this odcreat's library is missing: %s: %s\n"

struct odc_abi {
	const char *name, *loader, *libc[2], *make;
};

static const struct odc_abi odc_other_abis[] = {
#if defined(__x86_64__) && !defined(__ILP32__)
	{ "i386", "/lib/ld-linux.so.2", { "/lib/i386-linux-gnu/libc.so.6", "/lib32/libc.so.6" }, "M32=1" },
#elif defined(__aarch64__)
	{ "armhf", "/lib/ld-linux-armhf.so.3", { "/lib/arm-linux-gnueabihf/libc.so.6", NULL }, NULL },
#endif
	{ NULL, NULL, { NULL, NULL }, NULL },
};

/*
 * How to give ABI's programs the library under BASE, this installation's
 * prefix: the package's (/usr) is another architecture's package; make
 * install's is make's, with BASE as PREFIX where it is not the default.
 */
static void odc_abi_fix(const struct odc_abi *abi, const char *base)
{
	bool local = strcmp(base, "/usr/local") == 0;

	if (!abi->make)
		odc_tell(ODC_SURVEY_SAYS "odcreat builds no %s library: a survey here would "
			 "break %s programs\n", abi->name, abi->name);
	else if (strcmp(base, "/usr") == 0)
		odc_tell(ODC_SURVEY_SAYS "install the package libodcreat:%s first\n", abi->name);
	else
		odc_tell(ODC_SURVEY_SAYS "build and install the %s library first:\n"
			 "    make %s && make install %s%s%s\n", abi->name, abi->make, abi->make,
			 local ? "" : " PREFIX=", local ? "" : base);
}

/* Why PATH, a directory or the library, could be changed by another than root, or NULL. */
static const char *odc_unsafe(const char *path, bool is_dir)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return strerror(errno);
	if (st.st_uid != 0)
		return "not root's";
	/* A sticky directory's entries of root's, only root may rename or remove. */
	if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(is_dir && (st.st_mode & S_ISVTX)))
		return "writable by group or others";
	if (!(st.st_mode & (is_dir ? S_IXOTH : S_IROTH)))
		return is_dir ? "closed to other users" : "unreadable by other users";
	return NULL;
}

/* Whether REAL, FILE resolved, and every directory above it pass odc_unsafe: else said. */
static bool odc_safe_chain(const char *file, char real[PATH_MAX], bool is_dir)
{
	for (;;) {
		const char *why = odc_unsafe(*real ? real : "/", is_dir);
		if (why) {
			odc_tell(ODC_SURVEY_SAYS "cannot preload %s into every program: %s is %s\n",
				 file, *real ? real : "/", why);
			return false;
		}
		char *slash = strrchr(real, '/');
		if (!slash || !*real)
			return true;
		*slash = '\0';
		is_dir = true;
	}
}

/* Whether FILE (what it leads to, and the directory of its name) is root's alone: else said. */
static bool odc_safe_path(const char *file)
{
	char real[PATH_MAX], dir[PATH_MAX];

	snprintf(dir, sizeof dir, "%s", file);
	*strrchr(dir, '/') = '\0';
	if (!realpath(file, real)) {
		odc_tell(ODC_SURVEY_SAYS ODC_MISSING, file, strerror(errno));
		return false;
	}
	if (!odc_safe_chain(file, real, false))
		return false;
	return realpath(dir, real) && odc_safe_chain(file, real, true);
}

/*
 * ARGV run with LD_PRELOAD=PRELOAD, its output dropped and its errors in
 * ERR, as much as that holds: its exit status, or where it could not be
 * run, a negative errno.
 */
static int odc_try(const char *const argv[], const char *preload, char *err, size_t len)
{
	int pipefd[2];

	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return -errno;
	pid_t pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(null, STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		setenv("LD_PRELOAD", preload, 1);
		execv(argv[0], (char *const *)argv);
		/* The errno, where the program's errors would be: nothing else writes there. */
		int e = errno;
		ssize_t ignored = write(pipefd[1], &e, sizeof e);
		(void)ignored;
		_exit(ODC_EXIT_CANNOT_RUN);
	}
	close(pipefd[1]);
	/* To the end, so that the program never waits on a full pipe; beyond ERR, dropped. */
	size_t n = 0;
	for (ssize_t got = 1; pid > 0 && got > 0;) {
		char drop[512];
		bool room = n < len - 1;
		got = read(pipefd[0], room ? err + n : drop, room ? len - 1 - n : sizeof drop);
		n += got > 0 && room ? (size_t)got : 0;
	}
	close(pipefd[0]);
	int status;
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -errno;
	err[n] = '\0';
	if (WIFEXITED(status) && WEXITSTATUS(status) == ODC_EXIT_CANNOT_RUN && n == sizeof(int)) {
		int e;
		memcpy(&e, err, sizeof e);
		return -e;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * Whether LINE loads in ARGV, a program of ABI: 1 where it runs as well as
 * without LINE and says nothing more (other entries of /etc/ld.so.preload
 * may make it say something either way), 0 where not (said), -1 where
 * ARGV cannot run at all: a program of an ABI this machine does not run.
 */
static int odc_loads(const char *const argv[], const char *abi, const char *line)
{
	char without[512], with[512];
	int status = odc_try(argv, "", without, sizeof without);

	if (status < 0 || (status = odc_try(argv, line, with, sizeof with)) < 0)
		return -1;
	if (status == 0 && strcmp(with, without) == 0)
		return 1;
	/* The first line LINE added, which is the loader's complaint. */
	char *said = with;
	for (size_t n; *said && (n = strcspn(said, "\n"), said[n] = '\0', strstr(without, said));)
		said += n + 1;
	odc_tell(ODC_SURVEY_SAYS "%s does not load in %s programs (%s): %s\n", line, abi, argv[0],
		 *said ? said : "it failed");
	return 0;
}

/* This ABI's name, as its library directory ends. */
static const char *odc_own_abi(void)
{
	const char *slash = strrchr(ODC_LIB_SUBDIR, '/');

	return slash ? slash + 1 : ODC_LIB_SUBDIR;
}

int odc_survey_library(char line[PATH_MAX], char checked[128])
{
	char base[PATH_MAX], file[PATH_MAX];
	bool found = odc_shim_base(base);

	/* A base odc_shim_base found has room for either name. */
	if (snprintf(file, sizeof file, "%s/" ODC_SHIM_PATH, base) >= (int)sizeof file ||
	    snprintf(line, PATH_MAX, "%s/$LIB/" ODC_SHIM_DIR "/" ODC_SHIM_NAME, base) >= PATH_MAX)
		found = false;
	if (!found) {
		odc_tell(ODC_SURVEY_SAYS ODC_MISSING, file, strerror(ENOENT));
		return ODC_EXIT_PROBLEMS;
	}
	if (!odc_safe_path(file))
		return ODC_EXIT_PROBLEMS;
	/* This program is one of its own ABI, dynamic, and runs here. */
	const char *self[] = { "/proc/self/exe", "--version", NULL };
	if (odc_loads(self, odc_own_abi(), line) == 0)
		return ODC_EXIT_PROBLEMS;
	snprintf(checked, 128, "%s", odc_own_abi());
	for (const struct odc_abi *abi = odc_other_abis; abi->name; abi++) {
		const char *libc = access(abi->libc[0], R_OK) == 0 ? abi->libc[0] : abi->libc[1];
		const char *trivial[] = { abi->loader, libc, NULL };
		/* Where the kernel runs none of its programs, none can miss the library. */
		int loads = libc && access(libc, R_OK) == 0 ? odc_loads(trivial, abi->name, line)
							    : -1;
		if (loads == 0) {
			odc_abi_fix(abi, base);
			return ODC_EXIT_PROBLEMS;
		}
		if (loads < 0)
			continue;
		size_t n = strlen(checked);
		snprintf(checked + n, 128 - n, ", %s", abi->name);
	}
	return 0;
}
