/*
 * When a logged call was made, from its line's first word, as the log
 * writes it (src/core/log/put.c): YYYY-MM-DDTHH:MM:SS.FFFFFFZ, UTC. The
 * report joins a call's lines by it (join.c), and reads its inputs
 * together in its order (merge.c).
 */
#include <string.h>

#include "odc_report_parse.h"

/* The LEN digits at S, or -1 where one is not a digit. */
static long long odc_digits(const char *s, size_t len)
{
	long long n = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		n = n * 10 + (s[i] - '0');
	}
	return n;
}

/* Days since 1970-01-01 of a date of the proleptic Gregorian calendar (the log's put.c's, backwards). */
static long long odc_days(long long year, long long month, long long day)
{
	year -= month <= 2;
	long long era = year / 400;	/* the log's years are 0 to 9999 */
	long long yoe = year - era * 400;
	long long doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
	long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + doe - 719468;
}

/* The minute YYYY-MM-DDTHH:MM at S, in s since the epoch, or -1 (before 1970, or after 2200: ns overflow). */
static long long odc_minute(const char *s)
{
	static const char marks[] = "--T:";
	static const unsigned char at[] = { 4, 7, 10, 13 };	/* their places */

	for (size_t i = 0; i < sizeof at; i++)
		if (s[at[i]] != marks[i])
			return -1;
	long long year = odc_digits(s, 4), month = odc_digits(s + 5, 2), day = odc_digits(s + 8, 2);
	long long hour = odc_digits(s + 11, 2), min = odc_digits(s + 14, 2);
	if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 ||
	    min < 0 || min > 59)
		return -1;
	return ((odc_days(year, month, day) * 24 + hour) * 60 + min) * 60;
}

long long odc_report_time(const char *s, size_t len)
{
	/* A log's lines come minutes at a time: the last minute read is read once. */
	static char last[16];
	static long long last_s = -1;

	if (len < 22 || len > 30 || s[len - 1] != 'Z' || s[16] != ':' || s[19] != '.')
		return 0;
	if (last_s < 0 || memcmp(s, last, sizeof last) != 0) {
		last_s = odc_minute(s);
		memcpy(last, s, sizeof last);
	}
	long long sec = odc_digits(s + 17, 2), frac = odc_digits(s + 20, len - 21);
	if (last_s < 0 || sec < 0 || sec > 60 || frac < 0)
		return 0;
	for (size_t i = len - 21; i < 9; i++)
		frac *= 10;
	return (last_s + sec) * 1000000000LL + frac;
}
