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
#include "odc_log_socket.h"

#define ODC_MODE_UNREAD (-1)

/* How much of a bad value the warning repeats: enough to recognise it. */
#define ODC_SHOWN_MAX 40

static int odc_config_state = ODC_MODE_UNREAD;
static int odc_config_facility_code = ODC_FACILITY_USER;
/* Points into the environment, which glibc never frees. */
static const char *odc_config_log_dest;

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

/* What the first reader found: the mode, and the values it could not use. */
struct odc_config_found {
	int mode;
	const char *bad_mode;
	const char *bad_facility;
};

static void odc_config_parse(struct odc_config_found *f)
{
	*f = (struct odc_config_found){ .mode = ODC_MODE_DEFAULT };
	/* Setuid, setgid and file-capability programs never obey the caller's environment. */
	if (getauxval(AT_SECURE))
		return;
	const char *log = getenv("ODCREAT_LOG");
	if (log && *log)
		__atomic_store_n(&odc_config_log_dest, log, __ATOMIC_RELAXED);
	const char *facility = getenv("ODCREAT_LOG_FACILITY");
	if (facility && *facility) {
		int code = odc_log_facility_parse(facility);
		if (code >= 0)
			__atomic_store_n(&odc_config_facility_code, code, __ATOMIC_RELAXED);
		else
			f->bad_facility = facility;
	}
	const char *mode = getenv("ODCREAT_MODE");
	if (!mode || !*mode)
		return;
	f->mode = odc_mode_parse(mode);
	if (f->mode < 0) {
		f->mode = ODC_MODE_DEFAULT;
		f->bad_mode = mode;
	}
}

/* Racing first readers all parse; the one that publishes the mode warns. */
enum odc_mode odc_config_mode(void)
{
	int mode = __atomic_load_n(&odc_config_state, __ATOMIC_ACQUIRE);
	if (mode != ODC_MODE_UNREAD)
		return mode;

	int saved_errno = errno;
	struct odc_config_found f;
	int unread = ODC_MODE_UNREAD;
	odc_config_parse(&f);
	if (__atomic_compare_exchange_n(&odc_config_state, &unread, f.mode, false,
					__ATOMIC_RELEASE, __ATOMIC_ACQUIRE)) {
		if (f.bad_mode)
			odc_config_warn("ODCREAT_MODE", f.bad_mode,
					"; valid modes:" ODC_MODE_NAMES "; using einval");
		if (f.bad_facility)
			odc_config_warn("ODCREAT_LOG_FACILITY", f.bad_facility,
					"; using user");
	}
	errno = saved_errno;
	return f.mode;
}

const char *odc_config_log(void)
{
	odc_config_mode();
	return __atomic_load_n(&odc_config_log_dest, __ATOMIC_RELAXED);
}

int odc_config_facility(void)
{
	odc_config_mode();
	return __atomic_load_n(&odc_config_facility_code, __ATOMIC_RELAXED);
}
