/*
 * glob_test: src/core/config/glob.c against the C library's fnmatch(FNM_PATHNAME),
 * on chosen cases and on a million random patterns and names made of the
 * bytes that matter: a, b, '/', '*', '?', '[', ']', '!', '^' and '-'. (Not
 * '\\', where glibc has quirks of its own: "*\\/" does not match "a/".)
 * Nor a '[' that no ']' closes, which glibc matches as itself only where
 * no '*' came before it. Prints each disagreement; exits 1 if there is any.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_glob.h"

static int odc_disagree(const char *pattern, const char *name)
{
	int want = fnmatch(pattern, name, FNM_PATHNAME) == 0;
	int got = odc_glob_match(pattern, name);

	if (want == got)
		return 0;
	printf("pattern \"%s\", name \"%s\": fnmatch %d, odcreat %d\n", pattern, name, want, got);
	return 1;
}

static void odc_random(char *out, int max, const char *alphabet, int size)
{
	int len = rand() % max;

	for (int i = 0; i < len; i++)
		out[i] = alphabet[rand() % size];
	out[len] = '\0';
}

/* Whether every '[' of PATTERN has a ']' after it (at least as a set's first member). */
static int odc_closed(const char *pattern)
{
	const char *open = strrchr(pattern, '[');

	return !open || strchr(open + 1, ']');
}

int main(void)
{
	static const char *const chosen[][2] = {
		{ "/opt/legacy/bin/*", "/opt/legacy/bin/tool" },
		{ "/opt/legacy/bin/*", "/opt/legacy/bin/sub/tool" },
		{ "/usr/bin/python3*", "/usr/bin/python3.11" },
		{ "/usr/*/python3", "/usr/bin/python3" },
		{ "/a/[a-c]d", "/a/bd" },
		{ "/a/[!b]d", "/a/bd" },
		{ "*", "/a" },
		{ "\\*", "*" },
		{ "[", "[" },
	};
	int bad = 0;

	for (size_t i = 0; i < sizeof chosen / sizeof chosen[0]; i++)
		bad |= odc_disagree(chosen[i][0], chosen[i][1]);
	srand(1);
	for (int i = 0; i < 1000000; i++) {
		char pattern[12], name[12];
		odc_random(pattern, 11, "ab/*?[]!^-", 10);
		odc_random(name, 11, "ab/[]-", 6);
		if (odc_closed(pattern))
			bad |= odc_disagree(pattern, name);
	}
	return bad;
}
