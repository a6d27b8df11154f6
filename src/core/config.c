/*
 * The settings, read once, at the first call that needs them:
 * /etc/odcreat.conf (src/core/conf.c), then ODCREAT_MODE, ODCREAT_LOG and
 * ODCREAT_LOG_FACILITY over it, where set. The first caller may be another
 * library's constructor or a signal handler, so this takes no lock and
 * allocates nothing from the heap: the first reader reads for everyone
 * (odc_config_first).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

#include "odc_conf.h"
#include "odc_config.h"
#include "odc_line.h"
#include "odc_log_socket.h"
#include "odc_sys.h"

/* How much of a bad value the warning repeats: enough to recognise it. */
#define ODC_SHOWN_MAX 40

/* Set by the one first reader that reads for everyone, and publishes what it read. */
static int odc_config_claimed;
static const struct odc_settings *odc_config_published;

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
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

/*
 * The file's settings for this program, which it names by AT_EXECFN and
 * by /proc/self/exe: false where the file could not be looked at just now
 * (no descriptor free, no memory), and must be read again.
 */
static bool odc_config_file(struct odc_settings *s, int out)
{
	long fd = odc_conf_open(ODC_CONFIG_FILE, out);
	if (fd < 0)
		return fd != -EAGAIN;
	char exe[PATH_MAX];
	long len = odc_sys_readlinkat(AT_FDCWD, "/proc/self/exe", exe, sizeof exe - 1);
	exe[len > 0 ? len : 0] = '\0';
	const struct odc_conf_program program = {
		{ (const char *)getauxval(AT_EXECFN), len > 0 ? exe : NULL },
	};
	odc_conf_parse((int)fd, ODC_CONFIG_FILE, &program, s, out);
	odc_sys_close((int)fd);
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

/* A first reader that another is reading for: its own reading, for its own call. */
__attribute__((noinline)) static enum odc_mode odc_config_unpublished(void)
{
	struct odc_settings own;

	odc_config_read(&own, false);
	return (enum odc_mode)own.mode;
}

/*
 * The first reader claims the reading, into memory mapped for it (the
 * settings hold a path, too big to sit in every process's data), and
 * publishes it. Anyone else reading meanwhile, a signal handler that
 * interrupted the claimant too, reads for itself and waits for nobody.
 */
__attribute__((noinline)) static enum odc_mode odc_config_first(void)
{
	int saved_errno = errno;
	enum odc_mode mode;

	if (__atomic_exchange_n(&odc_config_claimed, 1, __ATOMIC_ACQUIRE)) {
		mode = odc_config_unpublished();
	} else {
		struct odc_settings *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
					      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (s == MAP_FAILED) {
			mode = odc_config_unpublished();
		} else if (odc_config_read(s, true)) {
			mode = (enum odc_mode)s->mode;
			__atomic_store_n(&odc_config_published, s, __ATOMIC_RELEASE);
			errno = saved_errno;
			return mode;
		} else {
			mode = (enum odc_mode)s->mode;
			munmap(s, sizeof *s);
		}
		/* Nothing was published: a later call claims and reads again. */
		__atomic_store_n(&odc_config_claimed, 0, __ATOMIC_RELEASE);
	}
	errno = saved_errno;
	return mode;
}

enum odc_mode odc_config_mode(void)
{
	const struct odc_settings *s = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);

	return s ? (enum odc_mode)s->mode : odc_config_first();
}

/* Nothing is logged until the settings are published: a first reader's own reading lived on its stack. */
const char *odc_config_log(void)
{
	odc_config_mode();
	const struct odc_settings *s = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);
	return s ? s->log : NULL;
}

int odc_config_facility(void)
{
	odc_config_mode();
	const struct odc_settings *s = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);
	return s ? s->facility : ODC_FACILITY_USER;
}
