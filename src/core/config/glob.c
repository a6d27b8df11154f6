/*
 * Pattern matching for program sections (odc_glob.h). libc's fnmatch may
 * allocate and consult the locale, which an open(2) in a signal handler
 * must not; this does neither.
 */
#include <stddef.h>

#include "odc_glob.h"

/*
 * Whether C is in the set that starts after '[' at *P; *P is left past the
 * closing ']'. A set that never closes is a literal '['.
 */
static bool odc_glob_set(const char **p, unsigned char c, bool *closed)
{
	const char *s = *p;
	bool negate = *s == '!' || *s == '^', found = false;

	if (negate)
		s++;
	for (bool first = true; *s && (*s != ']' || first); first = false) {
		unsigned char lo = (unsigned char)*s++, hi = lo;
		if (*s == '-' && s[1] && s[1] != ']') {
			hi = (unsigned char)s[1];
			s += 2;
		}
		found |= c >= lo && c <= hi;
	}
	*closed = *s == ']';
	if (*closed)
		*p = s + 1;
	return found != negate;
}

bool odc_glob_match(const char *pattern, const char *name)
{
	const char *star = NULL, *resume = NULL;

	while (*name) {
		const char *p = pattern;
		bool closed = true, ok;
		switch (*p) {
		case '*':
			star = ++pattern;
			resume = name;
			continue;
		case '?':
			ok = *name != '/';
			p++;
			break;
		case '[':
			p++;
			ok = *name != '/' && odc_glob_set(&p, (unsigned char)*name, &closed);
			if (!closed) {
				p = pattern + 1;
				ok = *name == '[';
			}
			break;
		case '\\':
			if (p[1])
				p++;
			/* fall through */
		default:
			ok = *p && *p == *name;
			p += *p != '\0';
		}
		if (ok) {
			pattern = p;
			name++;
			continue;
		}
		/* Let the last '*' take one more byte, never a '/'. */
		if (!star || *resume == '/')
			return false;
		pattern = star;
		name = ++resume;
	}
	while (*pattern == '*')
		pattern++;
	return *pattern == '\0';
}
