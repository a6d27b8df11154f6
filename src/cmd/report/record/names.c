/*
 * Names as the report holds and prints them (odc_report_record.h): the
 * log's escaping read back and written again, printable ASCII alone, and
 * each output format's quoting, so that no name a log holds can forge a
 * row, reach a terminal's escapes or break a string.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "odc_report_record.h"

static int odc_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

size_t odc_report_canon(char *out, size_t size, const char *s, size_t len, bool escaped)
{
	static const char mark[] = "\\...";
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (escaped && ch == '\\' && i + 3 < len && s[i + 1] == 'x' &&
		    odc_hex(s[i + 2]) >= 0 && odc_hex(s[i + 3]) >= 0) {
			ch = (unsigned char)(odc_hex(s[i + 2]) << 4 | odc_hex(s[i + 3]));
			i += 3;
		}
		bool plain = ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\';
		size_t need = plain ? 1 : 4;
		if (n + need + sizeof mark > size) {
			memcpy(out + n, mark, sizeof mark);
			return n + sizeof mark - 1;
		}
		if (plain)
			out[n++] = (char)ch;
		else
			n += (size_t)snprintf(out + n, 5, "\\x%02x", ch);
	}
	out[n] = '\0';
	return n;
}

size_t odc_report_program(char out[2 * ODC_REPORT_NAME_MAX], const struct odc_record *r)
{
	size_t n = odc_report_canon(out, ODC_REPORT_NAME_MAX, r->prog, r->prog_len, r->prog_escaped);

	if (!r->script_len)
		return n;
	out[n++] = '\0';
	return n + odc_report_canon(out + n, ODC_REPORT_NAME_MAX, r->script, r->script_len, true);
}

size_t odc_report_uid_prefix(const char *name)
{
	size_t n = sizeof "[uid " - 1;

	if (strncmp(name, "[uid ", n) != 0)
		return 0;
	n += strncmp(name + n, "unknown", 7) == 0 ? 7 : strspn(name + n, "0123456789");
	return n > sizeof "[uid " - 1 && name[n] == ']' && name[n + 1] == ' ' ? n + 2 : 0;
}

void odc_report_put_json(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/*
 * A cell a spreadsheet would take for a formula (it begins with =, +, -,
 * @, a tab or a carriage return) begins with a quote, as OWASP advises.
 */
void odc_report_put_csv(const char *s)
{
	putchar('"');
	if (*s && strchr("=+-@\t\r", *s))
		putchar('\'');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}
