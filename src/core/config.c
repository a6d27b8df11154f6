/*
 * The settings, read once, at the first call that needs them:
 * /etc/odcreat.conf (src/core/conf.c), then ODCREAT_MODE, ODCREAT_LOG and
 * ODCREAT_LOG_FACILITY over it, where set. The first caller may be another
 * library's constructor or a signal handler, so this takes no lock and
 * allocates nothing: each racing first reader fills a slot of its own,
 * and the first to finish publishes it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "odc_conf.h"
#include "odc_config.h"
#include "odc_line.h"
#include "odc_log_socket.h"
#include "odc_sys.h"

/* How much of a bad value the warning repeats: enough to recognise it. */
#define ODC_SHOWN_MAX 40

/* Racing first readers beyond this many use their own reading for their own call only. */
#define ODC_CONFIG_SLOTS 4

struct odc_config_slot {
	struct odc_settings s;
	char exe[PATH_MAX];	/* /proc/self/exe, which the file's sections match */
};

static struct odc_config_slot odc_config_slots[ODC_CONFIG_SLOTS];
static unsigned odc_config_slots_taken;
static const struct odc_settings *odc_config_published;
/* Set by the one first reader that says what is wrong, so that it is said once. */
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
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

/* The file's settings for this program, which it names by AT_EXECFN and by /proc/self/exe. */
static void odc_config_file(struct odc_config_slot *slot, int out)
{
	int fd = odc_conf_open(ODC_CONFIG_FILE, out);
	if (fd < 0)
		return;
	long len = odc_sys_readlinkat(AT_FDCWD, "/proc/self/exe", slot->exe, sizeof slot->exe - 1);
	slot->exe[len > 0 ? len : 0] = '\0';
	const struct odc_conf_program program = {
		{ (const char *)getauxval(AT_EXECFN), len > 0 ? slot->exe : NULL },
	};
	odc_conf_parse(fd, ODC_CONFIG_FILE, &program, &slot->s, out);
	odc_sys_close(fd);
}

static const char *odc_config_env(const char *name)
{
	const char *value = getenv(name);

	return value && *value ? value : NULL;
}

/* The environment over the file; setuid, setgid and file-capability programs never obey it. */
static void odc_config_read(struct odc_config_slot *slot, bool speak)
{
	struct odc_settings *s = &slot->s;

	*s = (struct odc_settings){ .mode = ODC_MODE_DEFAULT, .facility = ODC_FACILITY_USER };
	odc_config_file(slot, speak ? STDERR_FILENO : -1);
	if (getauxval(AT_SECURE))
		return;
	const char *log = odc_config_env("ODCREAT_LOG");
	if (log)
		s->log = log;
	const char *facility = odc_config_env("ODCREAT_LOG_FACILITY");
	if (facility) {
		s->facility = odc_log_facility_parse(facility);
		if (s->facility < 0) {
			s->facility = ODC_FACILITY_USER;
			if (speak)
				odc_config_warn("ODCREAT_LOG_FACILITY", facility, "; using user");
		}
	}
	const char *mode = odc_config_env("ODCREAT_MODE");
	if (mode) {
		s->mode = odc_mode_parse(mode);
		if (s->mode < 0) {
			s->mode = ODC_MODE_DEFAULT;
			if (speak)
				odc_config_warn("ODCREAT_MODE", mode,
						"; valid modes:" ODC_MODE_NAMES "; using einval");
		}
	}
}

/*
 * The published settings, or NULL while none are: then OWN, of which a
 * reader that finds no free slot makes do with its own reading.
 */
static const struct odc_settings *odc_config(struct odc_config_slot *own)
{
	int saved_errno = errno;
	unsigned taken = __atomic_fetch_add(&odc_config_slots_taken, 1, __ATOMIC_RELAXED);
	struct odc_config_slot *slot = taken < ODC_CONFIG_SLOTS ? &odc_config_slots[taken] : own;
	odc_config_read(slot, !__atomic_exchange_n(&odc_config_speaker, 1, __ATOMIC_RELAXED));
	errno = saved_errno;
	if (slot == own)
		return NULL;
	const struct odc_settings *unset = NULL;
	if (__atomic_compare_exchange_n(&odc_config_published, &unset, &slot->s, false,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
		return &slot->s;
	return unset;
}

/* Apart, so that only the first reading has a slot's worth of stack. */
__attribute__((noinline)) static enum odc_mode odc_config_first(void)
{
	struct odc_config_slot own;
	const struct odc_settings *s = odc_config(&own);

	return (enum odc_mode)(s ? s->mode : own.s.mode);
}

enum odc_mode odc_config_mode(void)
{
	const struct odc_settings *s = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);

	return s ? (enum odc_mode)s->mode : odc_config_first();
}

/* A reader without a slot of its own logs nothing: its log name lived on its stack. */
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
