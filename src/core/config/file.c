/*
 * Reading /etc/odcreat.conf (odc_config_file.h): line by line through a small
 * buffer, with no allocation, so that the first open(2) of any program may
 * do it, in a signal handler too.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "odc_config.h"
#include "odc_config_file.h"
#include "odc_config_say.h"
#include "odc_glob.h"
#include "odc_line.h"
#include "odc_log_name.h"

struct odc_conf_parser {
	const char *file;
	const struct odc_config_program *program;
	struct odc_settings *s;
	int out;
	unsigned line;
	int bad;
	bool applies;	/* the section the parser is in applies to the program */
};

static void odc_conf_bad(struct odc_conf_parser *p, const char *problem, const char *text)
{
	p->bad++;
	odc_config_say(p->out, p->file, p->line, problem, text);
}

static bool odc_conf_section_applies(const struct odc_config_program *program, const char *pattern)
{
	for (int i = 0; program && i < 2; i++)
		if (program->paths[i] && odc_glob_match(pattern, program->paths[i]))
			return true;
	return false;
}

static char *odc_conf_trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* A destination by name, or an absolute path. */
static bool odc_conf_log_valid(const char *value)
{
	enum odc_log_kind kind = odc_log_kind_of(value);

	if (kind == ODC_LOG_FILE || kind == ODC_LOG_DIR)
		return value[0] == '/' && strlen(value) < PATH_MAX;
	return kind != ODC_LOG_NONE;
}

/* One KEY = VALUE line: checked always, applied where the section applies. */
static void odc_conf_setting(struct odc_conf_parser *p, const char *key, const char *value)
{
	struct odc_settings *s = p->s;

	if (strcmp(key, "mode") == 0) {
		int mode = odc_mode_parse(value);
		if (mode < 0) {
			odc_conf_bad(p, "unknown mode, using einval; valid modes:" ODC_MODE_NAMES, value);
			mode = ODC_EINVAL;
		}
		if (p->applies)
			s->mode = mode;
	} else if (strcmp(key, "log") == 0) {
		if (!odc_conf_log_valid(value)) {
			odc_conf_bad(p, "log is syslog, journal, stderr or an absolute path", value);
			return;
		}
		if (s->on_log)
			s->on_log(s->on_log_arg, p->line, value);
		if (p->applies) {
			odc_copy(s->log_path, value, strlen(value) + 1);
			s->log = s->log_path;
		}
	} else if (strcmp(key, "log_facility") == 0) {
		int facility = odc_log_facility_parse(value);
		if (facility < 0) {
			odc_conf_bad(p, "unknown log_facility, using user", value);
			facility = ODC_FACILITY_USER;
		}
		if (p->applies)
			s->facility = facility;
	} else {
		odc_conf_bad(p, "unknown setting; there are mode, log and log_facility", key);
	}
}

/*
 * A line too long to keep, of which TEXT is the start: if it is a header,
 * no section is valid there, and the settings below it apply nowhere.
 */
static void odc_conf_overlong(struct odc_conf_parser *p, char *text)
{
	if (odc_conf_trim(text)[0] == '[') {
		p->applies = false;
		odc_conf_bad(p, "longer than 1023 bytes, a section whose settings are ignored", NULL);
	} else {
		odc_conf_bad(p, "longer than 1023 bytes, ignored", NULL);
	}
}

static void odc_conf_line(struct odc_conf_parser *p, char *text)
{
	char *s = odc_conf_trim(text);
	size_t n = strlen(s);

	if (n == 0 || s[0] == '#')
		return;
	if (s[0] == '[') {
		p->applies = false;
		if (n < 3 || s[n - 1] != ']') {
			odc_conf_bad(p, "a section is [PATTERN]; its settings are ignored", s);
			return;
		}
		s[n - 1] = '\0';
		p->applies = odc_conf_section_applies(p->program, s + 1);
		return;
	}
	char *eq = strchr(s, '=');
	if (!eq) {
		odc_conf_bad(p, "not SETTING = VALUE", s);
		return;
	}
	*eq = '\0';
	char *key = odc_conf_trim(s), *value = odc_conf_trim(eq + 1);
	if (!*value)
		odc_conf_bad(p, "no value", key);
	else
		odc_conf_setting(p, key, value);
}

int odc_config_file_parse(int fd, const char *file, const struct odc_config_program *program,
		   struct odc_settings *s, int out)
{
	struct odc_conf_parser p = {
		.file = file, .program = program, .s = s, .out = out, .line = 1, .applies = true,
	};
	char chunk[512], line[ODC_CONFIG_LINE_MAX];
	size_t len = 0;
	bool overlong = false;
	ssize_t got;

	while ((got = read(fd, chunk, sizeof chunk)) > 0 || (got < 0 && errno == EINTR)) {
		for (ssize_t i = 0; i < got; i++) {
			if (chunk[i] != '\n') {
				if (len < sizeof line - 1)
					line[len++] = chunk[i] ? chunk[i] : ' ';
				else
					overlong = true;
				continue;
			}
			line[len] = '\0';
			if (overlong)
				odc_conf_overlong(&p, line);
			else
				odc_conf_line(&p, line);
			p.line++;
			len = 0;
			overlong = false;
		}
	}
	line[len] = '\0';
	if (overlong)
		odc_conf_overlong(&p, line);
	else
		odc_conf_line(&p, line);
	return p.bad;
}
