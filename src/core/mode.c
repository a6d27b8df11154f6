/* Mode names and the systems each reproduces, from include/odc_mode.h's list. */
#include <string.h>

#include "odc_mode.h"

#define ODC_MODE_NAME(id, fn, name, systems) [ODC_##id] = name,
#define ODC_MODE_SYSTEMS(id, fn, name, systems) [ODC_##id] = systems,
#define ODC_MODE_NAME_LEN(id, fn, name, systems) [ODC_##id] = sizeof name - 1,

static const char *const odc_mode_names[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_NAME) };
static const char *const odc_mode_systems_of[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_SYSTEMS) };
static const size_t odc_mode_name_lens[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_NAME_LEN) };

int odc_mode_parse_len(const char *name, size_t len)
{
	for (int m = 0; m < ODC_MODE_COUNT; m++)
		if (len == odc_mode_name_lens[m] && memcmp(name, odc_mode_names[m], len) == 0)
			return m;
	return -1;
}

int odc_mode_parse(const char *name)
{
	return odc_mode_parse_len(name, strlen(name));
}

const char *odc_mode_name(enum odc_mode mode)
{
	return odc_mode_names[mode];
}

const char *odc_mode_systems(enum odc_mode mode)
{
	return odc_mode_systems_of[mode];
}
