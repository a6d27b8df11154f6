/*
 * ODCREAT_MODE and ODCREAT_LOG, read once. The first caller may be another
 * library's constructor or a signal handler, so this takes no lock and
 * allocates nothing: racing first readers compute the same answers and one
 * publishes the mode, after the log destination.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_line.h"

#define ODC_MODE_UNREAD (-1)

/* How much of a bad value the warning repeats: enough to recognise it. */
#define ODC_SHOWN_MAX 40

static int odc_config_state = ODC_MODE_UNREAD;
/* Points into the environment, which glibc never frees. */
static const char *odc_config_log_dest;

/* One write(2), so the line cannot interleave with other output; escaped as the log escapes. */
static void odc_config_warn(const char *value)
{
	struct odc_line l;

	odc_line_start(&l);
	odc_put(&l, "odcreat: unknown ODCREAT_MODE ");
	odc_put_quoted(&l, value, ODC_SHOWN_MAX);
	if (strlen(value) > ODC_SHOWN_MAX)
		odc_put(&l, "...");
	odc_put(&l, "; valid modes:" ODC_MODE_NAMES "; using einval");
	odc_line_end(&l);
	ssize_t ignored = write(STDERR_FILENO, l.text, l.len);
	(void)ignored;
}

static int odc_config_parse(const char **bad)
{
	*bad = NULL;
	/* Setuid, setgid and file-capability programs never obey the caller's environment. */
	if (getauxval(AT_SECURE))
		return ODC_MODE_DEFAULT;
	const char *log = getenv("ODCREAT_LOG");
	if (log && *log)
		__atomic_store_n(&odc_config_log_dest, log, __ATOMIC_RELAXED);
	const char *value = getenv("ODCREAT_MODE");
	if (!value || !*value)
		return ODC_MODE_DEFAULT;
	int mode = odc_mode_parse(value);
	if (mode >= 0)
		return mode;
	*bad = value;
	return ODC_MODE_DEFAULT;
}

enum odc_mode odc_config_mode(void)
{
	int mode = __atomic_load_n(&odc_config_state, __ATOMIC_ACQUIRE);
	if (mode != ODC_MODE_UNREAD)
		return mode;

	int saved_errno = errno;
	const char *bad;
	int unread = ODC_MODE_UNREAD;
	mode = odc_config_parse(&bad);
	if (__atomic_compare_exchange_n(&odc_config_state, &unread, mode, false,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE) && bad)
		odc_config_warn(bad);
	errno = saved_errno;
	return mode;
}

const char *odc_config_log(void)
{
	odc_config_mode();
	return __atomic_load_n(&odc_config_log_dest, __ATOMIC_RELAXED);
}
