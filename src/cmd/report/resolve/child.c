/*
 * The child that resolves one call site: forked, never exec'd, out of
 * every user's reach. Its real, effective and saved uids stay root's, and
 * it is not dumpable, so no user may trace it, signal it or read its
 * /proc files (its environment among them); it leads a session of its own
 * with no terminal, and holds no descriptor of report's but its pipe.
 * Only its file-system identity is the user's its line is from (setfsuid,
 * setfsgid, that user's groups), which drops root's file capabilities:
 * the module is opened with that user's rights, no more. Then it is
 * confined to reading (confine.c), with its CPU time and memory bounded;
 * report kills it at its deadline whatever it does.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_resolve.h"

/* Whose rights a line no user vouches for gets: nobody's and nogroup's, as Debian numbers them. */
#define ODC_NOBODY 65534
#define ODC_GROUPS_MAX 256
/* The memory a resolve may take beyond what report had: the largest section, twice, and room. */
#define ODC_RESOLVE_MEMORY (1ull << 30)

/* A session of its own, no terminal, no descriptor but OUT (made 3), nothing of report's environment. */
static void odc_leave(int *out)
{
	extern char **environ;
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	setsid();
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	*out = fcntl(*out, F_DUPFD, 10);
	for (int fd = 0; fd < 3; fd++)
		null >= 0 ? dup2(null, fd) : close(fd);
	if (*out < 0 || dup2(*out, 3) < 0)
		_exit(127);
	*out = 3;
	if (syscall(SYS_close_range, 4, ~0U, 0) < 0)
		for (int fd = 4; fd < 1024; fd++)
			close(fd);
	if (chdir("/") < 0)
		_exit(127);
	for (char **e = environ; e && *e; e++)
		memset(*e, 0, strlen(*e));
	clearenv();
}

/* CPU time, memory, files and no core: bounded. */
static void odc_bound(unsigned seconds)
{
	unsigned long long pages = 0;
	FILE *statm = fopen("/proc/self/statm", "re");

	if (statm && fscanf(statm, "%llu", &pages) == 1)
		setrlimit(RLIMIT_AS, &(struct rlimit){ pages * (unsigned long long)sysconf(_SC_PAGESIZE) +
							       ODC_RESOLVE_MEMORY, RLIM_INFINITY });
	if (statm)
		fclose(statm);
	setrlimit(RLIMIT_CPU, &(struct rlimit){ seconds, seconds + 1 });
	setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
	setrlimit(RLIMIT_FSIZE, &(struct rlimit){ 0, 0 });
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

/* UID's file-system identity (-1: nobody's), where this is root: NULL, or why it could not be had. */
static const char *odc_become(long long uid)
{
	gid_t groups[ODC_GROUPS_MAX], gid = ODC_NOBODY;
	int n = 0;

	if (geteuid() != 0)
		return NULL;	/* an ordinary user's report reads with its own rights */
	if (uid < 0)
		uid = ODC_NOBODY;
	else if (uid > 0) {
		const struct passwd *pw = getpwuid((uid_t)uid);
		n = ODC_GROUPS_MAX;
		if (pw)
			gid = pw->pw_gid;
		if (!pw || getgrouplist(pw->pw_name, gid, groups, &n) < 0)
			n = 0;
	} else {
		gid = 0;
	}
	if (setgroups((size_t)n, groups) < 0)
		return "its user's groups could not be taken";
	setfsgid(gid);
	setfsuid((uid_t)uid);
	if (setfsgid((gid_t)-1) != (int)gid || setfsuid((uid_t)-1) != (int)uid)
		return "its user's rights could not be taken";
	return NULL;
}

/* PATH's ELF file into *E, and its debug file, where it has one here, into *DEBUG: NULL, or why not. */
static const char *odc_open_both(const char *path, struct odc_elf *e, struct odc_elf **debug)
{
	struct stat st;
	unsigned char id[64];
	char file[192];
	const char *why, *ignored;
	int fd = odc_open_module(path, &why);

	if (fd < 0)
		return why;
	if (fstat(fd, &st) < 0)
		return strerror(errno);
	if ((why = odc_elf_open(e, fd, (uint64_t)st.st_size)))
		return why;
	size_t len = odc_elf_build_id(e, id);
	if (!len)
		return NULL;
	odc_debug_path(id, len, file, sizeof file);
	if ((fd = odc_open_module(file, &ignored)) < 0 || fstat(fd, &st) < 0 ||
	    odc_elf_open(*debug, fd, (uint64_t)st.st_size))
		*debug = NULL;
	return NULL;
}

_Noreturn void odc_resolve_child(int out, const char *path, uint64_t offset, long long uid,
				 unsigned seconds)
{
	struct odc_answer a = { 0 };
	struct odc_elf module, debug_file, *debug = &debug_file;
	const char *why;

	odc_leave(&out);
	odc_bound(seconds);
	if (!(why = odc_become(uid)) && !(why = odc_open_both(path, &module, &debug))) {
		odc_resolve_confine();
		odc_resolve_module(&module, debug, offset, &a);
	} else {
		snprintf(a.why, sizeof a.why, "%s", why);
	}
	while (write(out, &a, sizeof a) < 0 && errno == EINTR)
		;
	_exit(0);
}
