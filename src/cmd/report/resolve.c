/*
 * odcreat report --resolve: a call site, MODULE+0xOFFSET (where=), as the
 * function and source line of the call, by binutils' addr2line, which
 * reads the module's debug information, Debian's -dbgsym packages'
 * (/usr/lib/debug/.build-id) or debuginfod's where DEBUGINFOD_URLS names a
 * server. The site comes from a log anyone may write, so: the module must
 * be an absolute path to a regular file with an ELF header, opened here
 * without following a last symlink, and addr2line reads that descriptor,
 * never the name again; no shell; the offset made an address from the
 * file's own program headers; a bounded output, read for at most
 * ODC_RESOLVE_SECONDS. Run as root, addr2line runs as the module's owner
 * (a file a user made is read with that user's rights alone, whatever it
 * holds); otherwise only on the invoker's own files or root's.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "odc_report_drill.h"
#include "odc_report_elf.h"

#define ODC_RESOLVE_SECONDS 10

/* A name as the report writes it (its \xHH escapes) as the raw bytes it stands for, into OUT. */
static bool odc_unescape(const char *s, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned hex;
		if (n + 1 >= size)
			return false;
		if (s[i] == '\\' && i + 3 < len && s[i + 1] == 'x' && sscanf(s + i + 2, "%2x", &hex) == 1) {
			out[n++] = (char)hex;
			i += 3;
		} else if (s[i] == '\\') {
			return false;	/* the mark of a name cut short */
		} else {
			out[n++] = s[i];
		}
	}
	out[n] = '\0';
	return n > 0 && strlen(out) == n;
}

/* In the child: fd 3 the module, fd 1 the pipe, as OWNER where this is root; then addr2line. */
static void odc_addr2line_exec(int module, int out, const struct stat *owner, const char *addr)
{
	int null = open("/dev/null", O_RDWR);
	char *const argv[] = { "addr2line", "-f", "-C", "-e", "/proc/self/fd/3", (char *)addr, NULL };
	const char *path = getenv("PATH");
	char dirs[4096], exe[PATH_MAX];

	/* Out of the way first: report may have been started with 0, 1 or 2 closed. */
	module = fcntl(module, F_DUPFD, 10);
	out = fcntl(out, F_DUPFD, 10);
	if (null < 0 || module < 0 || out < 0 || dup2(null, 0) < 0 || dup2(null, 2) < 0 ||
	    dup2(out, 1) < 0 || dup2(module, 3) < 0)
		_exit(127);
	syscall(SYS_close_range, 4, ~0U, 0);
	if (geteuid() == 0 && (setgroups(0, NULL) || setgid(owner->st_gid) || setuid(owner->st_uid)))
		_exit(127);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	setrlimit(RLIMIT_CPU, &(struct rlimit){ ODC_RESOLVE_SECONDS, ODC_RESOLVE_SECONDS });
	/* Each directory of PATH in turn, by execv: execvp would hand a file it cannot run to sh. */
	snprintf(dirs, sizeof dirs, "%s", path && *path ? path : "/usr/bin:/bin");
	for (char *dir = strtok(dirs, ":"); dir; dir = strtok(NULL, ":")) {
		snprintf(exe, sizeof exe, "%s/addr2line", dir);
		if (dir[0] == '/')
			execv(exe, argv);
	}
	_exit(127);
}

/* addr2line's output for ADDR in MODULE, into OUT (SIZE bytes): false, with *WHY, where it gave none. */
static bool odc_addr2line(int module, const struct stat *st, unsigned long long addr, char *out,
			  size_t size, const char **why)
{
	char hex[32];
	int pipefd[2];
	size_t n = 0;

	snprintf(hex, sizeof hex, "%#llx", addr);
	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return *why = strerror(errno), false;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0)
		odc_addr2line_exec(module, pipefd[1], st, hex);
	close(pipefd[1]);
	time_t end = time(NULL) + ODC_RESOLVE_SECONDS;
	while (pid > 0 && n + 1 < size) {
		struct pollfd p = { .fd = pipefd[0], .events = POLLIN };
		long left = (long)(end - time(NULL)), ready = left > 0 ? poll(&p, 1, (int)left * 1000) : 0;
		if (ready < 0 && errno == EINTR)
			continue;
		ssize_t got = ready > 0 ? read(pipefd[0], out + n, size - 1 - n) : 0;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	close(pipefd[0]);
	out[n] = '\0';
	int status = 0;
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	if (pid < 0 || (WIFEXITED(status) && WEXITSTATUS(status) == 127))
		return *why = "addr2line (binutils) could not be run", false;
	if (!strchr(out, '\n'))
		return *why = "addr2line gave no answer", false;
	return true;
}

/* Whether this process may have addr2line read the file ST describes. */
static const char *odc_resolve_refused(const struct stat *st)
{
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (geteuid() != 0 && st->st_uid != geteuid() && st->st_uid != 0)
		return "another user's: only root resolves it, as its owner";
	return NULL;
}

void odc_resolve(const char *site, struct odc_resolved *out)
{
	const char *plus = strstr(site, "+0x"), *why;
	char path[PATH_MAX], text[2048], *end;
	struct stat st;

	out->function[0] = out->source[0] = '\0';
	out->why = "no offset in a file: not a file's code";
	for (const char *p = plus; p; p = strstr(p + 1, "+0x"))
		plus = p;
	if (!plus || !odc_unescape(site, (size_t)(plus - site), path, sizeof path) || path[0] != '/')
		return;
	errno = 0;
	unsigned long long offset = strtoull(plus + 3, &end, 16), addr;
	if (*end || errno || !offset)
		return;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		out->why = strerror(errno);
		return;
	}
	out->why = fstat(fd, &st) < 0 ? strerror(errno) : odc_resolve_refused(&st);
	if (!out->why && !(out->why = odc_elf_address(fd, offset - 1, &addr)) &&
	    odc_addr2line(fd, &st, addr, text, sizeof text, &why)) {
		char *source = strchr(text, '\n') + 1;
		source[strcspn(source, "\n")] = '\0';
		text[strcspn(text, "\n")] = '\0';
		/*
		 * Without debug information addr2line names the symbol before the
		 * address, which in a stripped module is the last exported one:
		 * another function, as likely as not.
		 */
		if (strncmp(source, "??", 2) == 0)
			out->why = "no debug information for the module here";
		size_t len = strcmp(text, "??") ? strlen(text) : 0;
		odc_report_canon(out->function, sizeof out->function, text, len, false);
		odc_report_canon(out->source, sizeof out->source, source, strlen(source), false);
	} else if (!out->why) {
		out->why = why;
	}
	close(fd);
}
