/* The values the log is made of (src/core/log/put.c). */
#ifndef ODC_LOG_PUT_H
#define ODC_LOG_PUT_H

#include <stdbool.h>
#include <sys/time.h>

#include "odc_line.h"
#include "odc_log_fields.h"
#include "odc_log_where.h"

struct odc_flag_name {
	unsigned long long bit;
	const char *name;
};

extern const struct odc_flag_name odc_resolve_flags[];

/*
 * AT (NULL: now), in UTC, as RFC 3339 with microseconds:
 * 2026-12-04T10:00:00.000000Z, ODC_TIME_LEN bytes; a time before 1970 or
 * after 9999 (a clock set so) as the nearest that is not.
 */
#define ODC_TIME_LEN (sizeof "2026-12-04T10:00:00.000000Z" - 1)
void odc_put_time(struct odc_line *l, const struct timeval *at);
/* Names for the bits of VALUE (after SEP, then '|'), then any unnamed rest in octal. */
void odc_put_bits(struct odc_line *l, unsigned long long value,
		  const struct odc_flag_name *names, const char *sep);
/* Open flags by name: O_RDONLY|O_CREAT|... */
void odc_put_flags(struct odc_line *l, int flags);
/* A descriptor, or the errno's name for a negative RET. */
void odc_put_result(struct odc_line *l, long ret);
/*
 * PATH escaped, QUOTED or not, in no more than ROOM bytes (cut short and
 * marked where it does not fit); "(unreadable)" where the kernel could not
 * copy it.
 */
void odc_put_path(struct odc_line *l, const char *path, long readable, bool quoted, size_t room);
/*
 * Where a call came from: its module's path escaped, in no more than
 * ODC_WHERE_ROOM bytes, and for a file "+0x" and the offset in it.
 */
void odc_put_where(struct odc_line *l, const struct odc_where *w);

#endif
