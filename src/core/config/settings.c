/*
 * The settings, read once, at the first call that needs them:
 * /etc/odcreat.conf (src/core/config/file.c), then ODCREAT_MODE, ODCREAT_LOG and
 * ODCREAT_LOG_FACILITY over it, where set. The first caller may be another
 * library's constructor or a signal handler, so this takes no lock and
 * allocates nothing from the heap: each first reader reads into a page of
 * its own, and the first to finish publishes it (odc_config_first).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

#include "odc_config_file.h"
#include "odc_config.h"
#include "odc_fs.h"
#include "odc_line.h"
#include "odc_log_name.h"
#include "odc_say.h"

/* How much of a bad value the warning repeats: enough to recognise it. */
#define ODC_SHOWN_MAX 40

static const struct odc_settings *odc_config_published;
/* Set by the first reader, which alone says what is wrong. */
static int odc_config_speaker;

/*
 * One write(2), so the line cannot interleave with other output; escaped
 * as the log escapes: "odcreat: unknown VARIABLE "VALUE"; REST".
 */
static void odc_config_warn(const char *variable, const char *value, const char *rest)
{
	struct odc_line l;

	odc_line_start(&l);
	odc_put(&l, "odcreat: unknown ");
	odc_put(&l, variable);
	odc_put(&l, " ");
	odc_put_quoted(&l, value, ODC_SHOWN_MAX);
	if (strlen(value) > ODC_SHOWN_MAX)
		odc_put(&l, "...");
	odc_put(&l, rest);
	odc_line_end(&l);
	odc_line_fold(&l);
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

/*
 * The file's settings for this program, which it names by AT_EXECFN and
 * by /proc/self/exe: false where the file could not be looked at just now
 * (no descriptor free, no memory), and must be read again. AT_EXECFN is
 * whatever path the caller gave execve, a symlink of its own making too:
 * a setuid, setgid or file-capability program is named by what the kernel
 * says it runs, alone, so that no caller steers it into another section.
 */
static bool odc_config_file(struct odc_settings *s, int out)
{
	long fd = odc_config_file_open(ODC_CONFIG_FILE, out, NULL);
	if (fd < 0)
		return fd != -EAGAIN;
	char exe[PATH_MAX];
	long len = odc_fs_readlinkat(AT_FDCWD, "/proc/self/exe", exe, sizeof exe - 1);
	exe[len > 0 ? len : 0] = '\0';
	const struct odc_config_program program = {
		{ getauxval(AT_SECURE) ? NULL : (const char *)getauxval(AT_EXECFN), len > 0 ? exe : NULL },
	};
	odc_config_file_parse((int)fd, ODC_CONFIG_FILE, &program, s, out);
	odc_fs_close((int)fd);
	return true;
}

static const char *odc_config_env(const char *name)
{
	const char *value = getenv(name);

	return value && *value ? value : NULL;
}

/*
 * VARIABLE, where set, into *VALUE as PARSE reads it; where PARSE knows no
 * such value, FALLBACK, said (where SPEAK) with REST.
 */
static void odc_config_choice(int *value, const char *variable, int (*parse)(const char *),
			      int fallback, const char *rest, bool speak)
{
	const char *text = odc_config_env(variable);

	if (!text)
		return;
	*value = parse(text);
	if (*value >= 0)
		return;
	*value = fallback;
	if (speak)
		odc_config_warn(variable, text, rest);
}

/*
 * The environment over the file; setuid, setgid and file-capability
 * programs never obey it. False where the file must be read again.
 */
static bool odc_config_read(struct odc_settings *s, bool speak)
{
	*s = (struct odc_settings){ .mode = ODC_MODE_DEFAULT, .facility = ODC_FACILITY_USER };
	bool complete = odc_config_file(s, speak ? STDERR_FILENO : -1);
	if (getauxval(AT_SECURE))
		return complete;
	const char *log = odc_config_env("ODCREAT_LOG");
	if (log)
		s->log = log;
	odc_config_choice(&s->facility, "ODCREAT_LOG_FACILITY", odc_log_facility_parse,
			  ODC_FACILITY_USER, "; using user", speak);
	odc_config_choice(&s->mode, "ODCREAT_MODE", odc_mode_parse, ODC_MODE_DEFAULT,
			  "; valid modes:" ODC_MODE_NAMES "; using einval", speak);
	return complete;
}

/* Where no page can be mapped: a reading of its own, for this call's mode alone. */
__attribute__((noinline)) static enum odc_mode odc_config_unmapped(void)
{
	struct odc_settings own;

	odc_config_read(&own, false);
	return (enum odc_mode)own.mode;
}

/*
 * Each first reader reads into a page of its own (the settings hold a
 * path, too big to sit in every process's data) and offers it; the first
 * offered is published, and the others use it and unmap theirs. Nobody
 * waits for anybody, not a signal handler that interrupted a reader
 * either. One reader says what is wrong. A reading that must be done again
 * (no descriptor free) is not published: it serves this call, unlogged.
 */
__attribute__((noinline)) static enum odc_mode odc_config_first(void)
{
	int saved_errno = errno;
	struct odc_settings *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (s == MAP_FAILED) {
		errno = saved_errno;
		return odc_config_unmapped();
	}
	bool speak = !__atomic_exchange_n(&odc_config_speaker, 1, __ATOMIC_RELAXED);
	bool complete = odc_config_read(s, speak);
	enum odc_mode mode = (enum odc_mode)s->mode;
	const struct odc_settings *first = NULL;
	if (complete && __atomic_compare_exchange_n(&odc_config_published, &first, s, false,
						    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		errno = saved_errno;
		return mode;
	}
	munmap(s, sizeof *s);
	if (complete)
		mode = (enum odc_mode)first->mode;
	else if (speak)
		__atomic_store_n(&odc_config_speaker, 0, __ATOMIC_RELAXED);
	errno = saved_errno;
	return mode;
}

enum odc_mode odc_config_mode(void)
{
	const struct odc_settings *s = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);

	return s ? (enum odc_mode)s->mode : odc_config_first();
}

/* The settings as read, reading them first; NULL while none are published. */
static const struct odc_settings *odc_config_settings(void)
{
	odc_config_mode();
	return __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);
}

/* Nothing is logged until the settings are published. */
struct odc_log_target odc_config_log(void)
{
	const struct odc_settings *s = odc_config_settings();

	if (!s)
		return (struct odc_log_target){ .kind = ODC_LOG_NONE };
	return (struct odc_log_target){ .kind = odc_log_kind_of(s->log), .path = s->log,
					.facility = s->facility };
}
