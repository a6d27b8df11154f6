/* fuzz_report's JSON, parsed just enough to know that it parses: RFC 8259's grammar. */
#include <string.h>

#include "fuzz_report.h"

static const char *json_value(const char *p, int depth);

static const char *json_space(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *json_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	for (; *p != '"'; p++) {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p != '\\')
			continue;
		p++;
		if (*p == 'u') {
			for (int i = 1; i <= 4; i++)
				if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
					return NULL;
			p += 4;
		} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
			return NULL;
		}
	}
	return p + 1;
}

static const char *json_number(const char *p)
{
	const char *start = p;

	p += *p == '-';
	if (*p == '0')
		p++;
	else
		while (*p >= '0' && *p <= '9')
			p++;
	return p > start && p[-1] != '-' ? p : NULL;
}

/* A list of values (or of "key":value when MEMBERS) up to CLOSE. */
static const char *json_list(const char *p, char close, int members, int depth)
{
	p = json_space(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (members) {
			p = json_string(p);
			if (!p || *(p = json_space(p)) != ':')
				return NULL;
			p++;
		}
		p = json_value(p, depth + 1);
		if (!p)
			return NULL;
		p = json_space(p);
		if (*p == close)
			return p + 1;
		if (*p != ',')
			return NULL;
		p = json_space(p + 1);
	}
}

static const char *json_value(const char *p, int depth)
{
	p = json_space(p);
	if (depth > 16)
		return NULL;
	if (*p == '{')
		return json_list(p, '}', 1, depth);
	if (*p == '[')
		return json_list(p, ']', 0, depth);
	if (*p == '"')
		return json_string(p);
	if (strncmp(p, "null", 4) == 0 || strncmp(p, "true", 4) == 0)
		return p + 4;
	if (strncmp(p, "false", 5) == 0)
		return p + 5;
	return json_number(p);
}

bool fuzz_json(const char *s)
{
	const char *end = json_value(s, 0);

	return end && *json_space(end) == '\0';
}
