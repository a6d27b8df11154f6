/*
 * The values the log is made of, shared by its line and by journald's
 * fields: the time, the flags by name, a result, a path.
 */
#include <errno.h>
#include <limits.h>
#include <sys/time.h>

#include "odc_arch.h"
#include "odc_call.h"
#include "odc_errname.h"
#include "odc_log_put.h"

/* A path the kernel could not copy is not read here either. */
void odc_put_path(struct odc_line *l, const char *path, long readable, bool quoted, size_t room)
{
	if (readable != 0 && readable != -ENAMETOOLONG && readable != -ENOENT)
		odc_put(l, "(unreadable)");
	else if (quoted)
		odc_put_quoted_within(l, path, PATH_MAX, room);
	else
		odc_put_escaped_within(l, path, PATH_MAX, room);
}

/* Civil date from days since 1970-01-01, in the proleptic Gregorian calendar. */
void odc_put_time(struct odc_line *l, const struct timeval *at)
{
	struct timeval now;

	/* Not clock_gettime: its GLIBC_2.17 version would cost every process a check at start-up. */
	if (!at) {
		gettimeofday(&now, NULL);
		at = &now;
	}
	long long last = 253402300799LL;	/* 9999-12-31T23:59:59Z */
	long long sec = at->tv_sec < 0 ? 0 : at->tv_sec > last ? last : at->tv_sec;
	long long days = sec / 86400, secs = sec % 86400;
	long long era_day = days + 719468;	/* days since 0000-03-01 */
	long long era = era_day / 146097;
	long long doe = era_day - era * 146097;
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long mp = (5 * doy + 2) / 153;
	long long day = doy - (153 * mp + 2) / 5 + 1;
	long long month = mp < 10 ? mp + 3 : mp - 9;
	long long year = yoe + era * 400 + (month <= 2);

	odc_put_uint(l, (unsigned long long)year, 10, 4);
	odc_put(l, "-");
	odc_put_uint(l, (unsigned long long)month, 10, 2);
	odc_put(l, "-");
	odc_put_uint(l, (unsigned long long)day, 10, 2);
	odc_put(l, "T");
	odc_put_uint(l, (unsigned long long)(secs / 3600), 10, 2);
	odc_put(l, ":");
	odc_put_uint(l, (unsigned long long)(secs / 60 % 60), 10, 2);
	odc_put(l, ":");
	odc_put_uint(l, (unsigned long long)(secs % 60), 10, 2);
	odc_put(l, ".");
	odc_put_uint(l, (unsigned long long)at->tv_usec % 1000000, 10, 6);
	odc_put(l, "Z");
}

/* O_LARGEFILE by the kernel's value for this architecture (io_uring sets it): a 64-bit C library's is 0. */
static const struct odc_flag_name odc_open_flags[] = {
	{ O_CREAT, "O_CREAT" },		{ O_EXCL, "O_EXCL" },
	{ O_NOCTTY, "O_NOCTTY" },	{ O_TRUNC, "O_TRUNC" },
	{ O_APPEND, "O_APPEND" },	{ O_NONBLOCK, "O_NONBLOCK" },
	{ O_SYNC, "O_SYNC" },		{ O_DSYNC, "O_DSYNC" },
	{ O_DIRECT, "O_DIRECT" },	{ ODC_O_LARGEFILE, "O_LARGEFILE" },
	{ O_DIRECTORY, "O_DIRECTORY" }, { O_NOFOLLOW, "O_NOFOLLOW" },
	{ O_NOATIME, "O_NOATIME" },	{ O_CLOEXEC, "O_CLOEXEC" },
	{ O_PATH, "O_PATH" },		{ ODC_TMPFILE_BIT, "__O_TMPFILE" },
	{ 0, NULL }
};

const struct odc_flag_name odc_resolve_flags[] = {
	{ ODC_RESOLVE_NO_XDEV, "RESOLVE_NO_XDEV" },
	{ ODC_RESOLVE_NO_MAGICLINKS, "RESOLVE_NO_MAGICLINKS" },
	{ ODC_RESOLVE_NO_SYMLINKS, "RESOLVE_NO_SYMLINKS" },
	{ ODC_RESOLVE_BENEATH, "RESOLVE_BENEATH" },
	{ ODC_RESOLVE_IN_ROOT, "RESOLVE_IN_ROOT" },
	{ ODC_RESOLVE_CACHED, "RESOLVE_CACHED" },
	{ 0, NULL }
};

/* Names for the bits of VALUE, then any unnamed rest in octal. */
void odc_put_bits(struct odc_line *l, unsigned long long value,
			 const struct odc_flag_name *names, const char *sep)
{
	for (; names->name; names++) {
		if ((value & names->bit) != names->bit)
			continue;
		value &= ~names->bit;
		odc_put(l, sep);
		odc_put(l, names->name);
		sep = "|";
	}
	if (value) {
		odc_put(l, sep);
		odc_put(l, "0");
		odc_put_uint(l, value, 8, 1);
	}
}

void odc_put_flags(struct odc_line *l, int flags)
{
	static const char *const access[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };

	odc_put(l, access[flags & O_ACCMODE]);
	odc_put_bits(l, (unsigned)flags & ~(unsigned)O_ACCMODE, odc_open_flags, "|");
}

void odc_put_result(struct odc_line *l, long ret)
{
	if (ret >= 0) {
		odc_put_int(l, ret);
		return;
	}
	/* An errno is below 4096, the kernel's MAX_ERRNO; a result more negative is a number. */
	const char *name = ret >= -4095 ? odc_errname((int)-ret) : NULL;
	if (name)
		odc_put(l, name);
	else
		odc_put_int(l, ret);
}

void odc_put_where(struct odc_line *l, const struct odc_where *w)
{
	size_t room = ODC_WHERE_ROOM - (w->file ? sizeof "+0x" - 1 + 16 : 0);

	/* Too little room for the whole where the maps' name was longer, so that the mark shows. */
	if (w->cut && w->len - 1 < room)
		room = w->len - 1;
	odc_put_escaped_within(l, w->path, w->len, room);
	if (!w->file)
		return;
	odc_put(l, "+0x");
	odc_put_uint(l, w->offset, 16, 1);
}
