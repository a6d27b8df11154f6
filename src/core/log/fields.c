/*
 * The log line's fields, from include/odc_log_fields.h's list. Switches,
 * not tables of pointers, which the loader would relocate in every
 * process at start-up.
 */
#include "odc_log_fields.h"

const char *odc_log_field_key(enum odc_log_field f)
{
	switch (f) {
#define ODC_LOG_FIELD_KEY(id, key, journal, quoted, room) case ODC_FIELD_##id: return key;
		ODC_LOG_FIELDS(ODC_LOG_FIELD_KEY)
#undef ODC_LOG_FIELD_KEY
	default:
		return "";
	}
}

const char *odc_log_field_journal(enum odc_log_field f)
{
	switch (f) {
#define ODC_LOG_FIELD_JOURNAL(id, key, journal, quoted, room) case ODC_FIELD_##id: return journal;
		ODC_LOG_FIELDS(ODC_LOG_FIELD_JOURNAL)
#undef ODC_LOG_FIELD_JOURNAL
	default:
		return NULL;
	}
}

bool odc_log_field_quoted(enum odc_log_field f)
{
	switch (f) {
#define ODC_LOG_FIELD_QUOTED(id, key, journal, quoted, room) case ODC_FIELD_##id: return quoted;
		ODC_LOG_FIELDS(ODC_LOG_FIELD_QUOTED)
#undef ODC_LOG_FIELD_QUOTED
	default:
		return false;
	}
}
