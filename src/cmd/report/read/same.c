/*
 * What the library's line of a call and the watcher's say alike
 * (odc_report_join.h): the host; the program, as a row names it (its
 * script aside: the watcher may not have decided it); the process, as its
 * own pid namespace numbers it (the library's pid=, the watcher's
 * nspid=); the kind of call (the library's open, open64, openat, openat64
 * and syscall()'s are the kernel's open or openat); the path; the flags.
 * join.c hashes them with a key drawn at random, so that no log can make
 * two calls one, and takes two lines of one hash, at nearly one time, for
 * one call.
 */
#include <stdint.h>
#include <string.h>

#include "odc_report_join.h"
#include "odc_report_set.h"

/* The kinds of call: the library's open, open64, openat... are the kernel's open or openat. */
enum { ODC_KIND_OPEN = 1, ODC_KIND_OPENAT2, ODC_KIND_URING };

static int odc_kind(const struct odc_record *r)
{
	const char *c = r->call ? r->call : "";
	size_t len = r->call_len;

	if (len >= 8 && memcmp(c, "io_uring", 8) == 0)
		return ODC_KIND_URING;	/* the library never sees one */
	for (size_t i = 0; i + 7 <= len; i++)
		if (memcmp(c + i, "openat2", 7) == 0)
			return ODC_KIND_OPENAT2;
	return ODC_KIND_OPEN;
}

/*
 * R's flags at OUT, O_LARGEFILE left out (open64 adds it, and the kernel
 * adds it itself on 64-bit), each ended by a bar: past them.
 */
static char *odc_flags(char *out, const struct odc_record *r)
{
	const char *s = r->flags ? r->flags : "", *end = s + r->flags_len;

	for (const char *word = s, *bar; word < end; word = bar + 1) {
		bar = memchr(word, '|', (size_t)(end - word));
		bar = bar ? bar : end;
		size_t len = (size_t)(bar - word);
		if (len == 11 && memcmp(word, "O_LARGEFILE", 11) == 0)
			continue;
		memcpy(out, word, len);
		out[len] = '|';
		out += len + 1;
	}
	return out;
}

/* LEN bytes at S, then a NUL (no string of a record holds one), at OUT: past them. */
static char *odc_part(char *out, const char *s, size_t len)
{
	memcpy(out, s ? s : "", len);
	out[len] = '\0';
	return out + len + 1;
}

size_t odc_join_text(char out[ODC_JOIN_TEXT_MAX], const struct odc_record *r)
{
	char *end = odc_part(out, r->host, r->host_len);

	end = odc_part(end, r->prog, r->prog_len);
	end = odc_part(end, r->caller, r->caller_len);
	end = odc_part(end, r->path, r->path_len);
	*end++ = (char)odc_kind(r);
	end = odc_flags(end, r);
	return (size_t)(end - out);
}

bool odc_joinable(const struct odc_record *r)
{
	return odc_record_is_call(r) && r->time_ns && odc_kind(r) != ODC_KIND_URING;
}
