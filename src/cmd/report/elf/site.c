/*
 * A call site as where= writes it, MODULE+0xOFFSET, the module's name in
 * the log's escaping (\xHH): the path and the offset, less one (a return
 * address is after its call); and where a module's separate debug
 * information lies.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_resolve_read.h"

/* A name as the report writes it (its \xHH escapes) as the raw bytes it stands for, into OUT. */
static bool odc_unescape(const char *s, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned hex;
		if (n + 1 >= size)
			return false;
		if (s[i] == '\\' && i + 3 < len && s[i + 1] == 'x' && sscanf(s + i + 2, "%2x", &hex) == 1) {
			out[n++] = (char)hex;
			i += 3;
		} else if (s[i] == '\\') {
			return false;	/* the mark of a name cut short */
		} else {
			out[n++] = s[i];
		}
	}
	out[n] = '\0';
	return n > 0 && strlen(out) == n;
}

bool odc_site_parse(const char *site, char *path, size_t size, uint64_t *offset)
{
	const char *plus = strstr(site, "+0x");
	char *end;

	for (const char *p = plus; p; p = strstr(p + 1, "+0x"))
		plus = p;
	if (!plus || !odc_unescape(site, (size_t)(plus - site), path, size))
		return false;
	errno = 0;
	unsigned long long at = strtoull(plus + 3, &end, 16);
	if (*end || errno || !at || plus[3] == '-' || plus[3] == '+')
		return false;
	*offset = at - 1;
	return true;
}

void odc_debug_path(const unsigned char *id, size_t len, char *path, size_t size)
{
	size_t n = (size_t)snprintf(path, size, "/usr/lib/debug/.build-id/%02x/", id[0]);

	for (size_t i = 1; i < len && n + 3 < size; i++)
		n += (size_t)snprintf(path + n, size - n, "%02x", id[i]);
	snprintf(path + n, size - n, ".debug");
}
