/*
 * Why the kernel would not take the watcher, in one line a person can act
 * on: what is missing, the kernel that has it, and the other ways to
 * survey. libbpf says why as it loads and attaches (its log, kept here
 * meanwhile); an errno alone does not.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "odc_load.h"
#include "odc_say.h"

/* The end of libbpf's log, while it is kept: the verifier's last words are what tell. */
static char odc_said[16384];
static size_t odc_said_len;
static bool odc_keeping;

#define ODC_ELSEWHERE "; without it, the preload survey (odcreat survey start) sees dynamic programs, " \
		      "and odcreat --seccomp any program it runs"

/* libbpf's messages: kept while loading; otherwise its warnings alone, its debug chatter being for developers. */
static int odc_libbpf_print(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (!odc_keeping)
		return level == LIBBPF_DEBUG ? 0 : vfprintf(stderr, fmt, args);
	if (odc_said_len > sizeof odc_said / 2) {	/* keep the later half */
		memmove(odc_said, odc_said + sizeof odc_said / 4, odc_said_len - sizeof odc_said / 4);
		odc_said_len -= sizeof odc_said / 4;
	}
	int n = vsnprintf(odc_said + odc_said_len, sizeof odc_said - odc_said_len, fmt, args);
	if (n > 0)
		odc_said_len += (size_t)n < sizeof odc_said - odc_said_len ? (size_t)n : sizeof odc_said - odc_said_len - 1;
	return 0;
}

void odc_watch_keep_log(bool keep)
{
	libbpf_set_print(odc_libbpf_print);
	odc_keeping = keep;
	if (keep)
		odc_said_len = 0;
}

/* The name that follows WHAT in the log (up to a quote), in NAME, or false. */
static bool odc_said_name(const char *what, char *name, size_t size)
{
	const char *at = strstr(odc_said, what);
	size_t n = at ? strcspn(at += strlen(what), "'\"\n") : 0;

	if (!at || n == 0 || n >= size)
		return false;
	memcpy(name, at, n);
	name[n] = '\0';
	return true;
}

/*
 * Where no cause is known, what tells most, in LINE: a relocation of the
 * program's that this kernel's BTF could not resolve, else the verifier's
 * last line (before libbpf's end of its log), else libbpf's last.
 */
static void odc_last_words(char *line, size_t size)
{
	const char *at = strstr(odc_said, "failed to resolve CO-RE relocation ");
	const char *end = at ? at + strcspn(at, "\n") : strstr(odc_said, "-- END PROG LOAD LOG --");

	if (!end)
		end = odc_said + odc_said_len;
	for (const char *start = end; !at && end > odc_said; end = start) {
		while (end > odc_said && end[-1] == '\n')
			end--;
		for (start = end; start > odc_said && start[-1] != '\n'; start--)
			continue;
		if (end > start && strncmp(start, "processed ", 10) != 0 && strncmp(start, "verification time", 17) != 0)
			at = start;
	}
	snprintf(line, size, "%.*s", at ? (int)(end - at) : 0, at ? at : "");
}

/* The helpers the kernel side calls that came latest, and the kernel that brought each. */
static const char *odc_helper_since(const char *helper)
{
	static const struct {
		const char *helper, *since;
	} odc_since[] = {
		{ "bpf_ringbuf_output", "5.8" }, { "bpf_ktime_get_boot_ns", "5.8" },
		{ "bpf_probe_read_user_str", "5.5" }, { "bpf_probe_read_kernel_str", "5.5" },
		{ "bpf_probe_read_user", "5.5" }, { "bpf_probe_read_kernel", "5.5" },
	};
	for (size_t i = 0; i < sizeof odc_since / sizeof odc_since[0]; i++)
		if (strcmp(odc_since[i].helper, helper) == 0)
			return odc_since[i].since;
	return "a later";
}

void odc_watch_refusal(const char *doing, const char *which, int err)
{
	char name[128], words[256];

	if (err == EPERM || err == EACCES)
		odc_say("odcreat-watch: the kernel refuses to %s BPF programs (%s): root is needed "
				"(CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN), outside a sandbox or lockdown "
				"that forbids BPF" ODC_ELSEWHERE "\n", doing, strerror(err));
	else if (odc_said_name("failed to find kernel BTF type ID of '", name, sizeof name) ||
		 odc_said_name("failed to determine tracepoint '", name, sizeof name) ||
		 odc_said_name("failed to attach to raw tracepoint '", name, sizeof name))
		odc_say("odcreat-watch: this kernel has no tracepoint %s, which the watcher needs "
				"(the system calls' need CONFIG_FTRACE_SYSCALLS)" ODC_ELSEWHERE "\n", name);
	else if (strstr(odc_said, "uses reserved fields") || strstr(odc_said, "unknown opcode"))
		odc_say("odcreat-watch: this kernel does not run the watcher's BPF instructions "
				"(BPF v3, which Linux 5.10 runs)" ODC_ELSEWHERE "\n");
	else if (odc_said_name("unknown func ", name, sizeof name) && (name[strcspn(name, "#")] = '\0', 1))
		odc_say("odcreat-watch: this kernel has no BPF helper %s (Linux %s has it)" ODC_ELSEWHERE "\n",
			name, odc_helper_since(name));
	else if (strstr(odc_said, "map 'odc_events': failed to create"))
		odc_say("odcreat-watch: this kernel has no BPF ring buffer (Linux 5.8 has it)" ODC_ELSEWHERE "\n");
	else if (odc_last_words(words, sizeof words), words[0])
		odc_say("odcreat-watch: the kernel refuses to %s the watcher's BPF %s%s (%s): it says: %s"
				ODC_ELSEWHERE "\n", doing, which ? "program " : "programs", which ? which : "",
			strerror(err), words);
	else
		odc_say("odcreat-watch: the kernel refuses to %s the watcher's BPF %s%s (%s), and says no "
				"more" ODC_ELSEWHERE "\n", doing, which ? "program " : "programs", which ? which : "",
			strerror(err));
}
