/* The log's destinations and syslog's facilities, by name (odc_log_name.h). */
#include <stddef.h>
#include <string.h>

#include "odc_log_name.h"

enum odc_log_kind odc_log_kind_of(const char *value)
{
	static const struct {
		const char *name;
		enum odc_log_kind kind;
	} named[] = {
		{ "stderr", ODC_LOG_STDERR },
		{ "syslog", ODC_LOG_SYSLOG },
		{ "journal", ODC_LOG_JOURNAL },
	};

	if (!value || !*value)
		return ODC_LOG_NONE;
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (strcmp(value, named[i].name) == 0)
			return named[i].kind;
	return value[strlen(value) - 1] == '/' ? ODC_LOG_DIR : ODC_LOG_FILE;
}

static const struct {
	const char *name;
	int code;
} odc_facilities[] = {
	{ "kern", 0 },	  { "user", 1 },    { "mail", 2 },    { "daemon", 3 },
	{ "auth", 4 },	  { "syslog", 5 },  { "lpr", 6 },     { "news", 7 },
	{ "uucp", 8 },	  { "cron", 9 },    { "authpriv", 10 }, { "ftp", 11 },
	{ "local0", 16 }, { "local1", 17 }, { "local2", 18 }, { "local3", 19 },
	{ "local4", 20 }, { "local5", 21 }, { "local6", 22 }, { "local7", 23 },
};

int odc_log_facility_parse(const char *name)
{
	for (size_t i = 0; i < sizeof odc_facilities / sizeof odc_facilities[0]; i++)
		if (strcmp(name, odc_facilities[i].name) == 0)
			return odc_facilities[i].code;
	return -1;
}
