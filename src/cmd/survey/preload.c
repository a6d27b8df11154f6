/*
 * /etc/ld.so.preload as ld.so reads it: entries separated by spaces, tabs,
 * colons or newlines, "#" no comment (debian/libodcreat.prerm says why).
 * start adds its line after everything else, as a line of its own; stop
 * takes out that line alone, wherever the administrator's edits have moved
 * it, and leaves every other byte as it is.
 */
#include <stdlib.h>
#include <string.h>

#include "odc_env.h"
#include "odc_survey_parts.h"

#define ODC_PRELOAD_SEPARATORS " \t:\n"

bool odc_preload_has_shim(const char *data, size_t len, char entry[PATH_MAX])
{
	for (size_t at = 0; at < len;) {
		size_t n = 0;
		while (at + n < len && !memchr(ODC_PRELOAD_SEPARATORS, data[at + n], 4))
			n++;
		if (n && odc_is_shim(data + at, n)) {
			size_t keep = n < PATH_MAX ? n : PATH_MAX - 1;
			memcpy(entry, data + at, keep);
			entry[keep] = '\0';
			return true;
		}
		at += n + 1;
	}
	return false;
}

char *odc_preload_add(const struct odc_file *f, const char *line, size_t *len,
		      enum odc_preload_was *was)
{
	size_t old = f->exists ? f->len : 0, add = strlen(line);
	char *out = malloc(old + add + 2);

	*was = !f->exists ? ODC_PRELOAD_ABSENT
	       : old && f->data[old - 1] != '\n' ? ODC_PRELOAD_UNENDED : ODC_PRELOAD_ENDED;
	if (!out)
		return NULL;
	memcpy(out, f->data, old);
	*len = old;
	if (*was == ODC_PRELOAD_UNENDED)
		out[(*len)++] = '\n';
	memcpy(out + *len, line, add);
	*len += add;
	out[(*len)++] = '\n';
	return out;
}

long odc_preload_line(const struct odc_file *f, const char *line)
{
	size_t want = strlen(line);
	long found = -1;

	for (size_t at = 0; at < f->len;) {
		const char *nl = memchr(f->data + at, '\n', f->len - at);
		size_t n = nl ? (size_t)(nl - (f->data + at)) : f->len - at;
		if (n == want && memcmp(f->data + at, line, n) == 0)
			found = (long)at;
		at += n + 1;
	}
	return found;
}

bool odc_preload_remove(struct odc_file *f, const char *line, enum odc_preload_was was)
{
	long at = odc_preload_line(f, line);

	if (at < 0)
		return false;
	size_t start = (size_t)at, end = start + strlen(line);
	if (end < f->len)
		end++;	/* its newline */
	/* Last again, after a line that had no newline before start wrote one: as it was. */
	if (end == f->len && was == ODC_PRELOAD_UNENDED && start > 0)
		start--;
	memmove(f->data + start, f->data + end, f->len - end);
	f->len -= end - start;
	return true;
}
