/* Mode names and the systems each reproduces, from include/odc_mode.h's list. */
#include <string.h>

#include "odc_mode.h"

#define ODC_MODE_NAME(id, fn, name, systems) [ODC_##id] = name,
#define ODC_MODE_SYSTEMS(id, fn, name, systems) [ODC_##id] = systems,

static const char *const odc_mode_names[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_NAME) };
static const char *const odc_mode_systems_of[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_SYSTEMS) };

int odc_mode_parse(const char *name)
{
	for (int m = 0; m < ODC_MODE_COUNT; m++)
		if (strcmp(name, odc_mode_names[m]) == 0)
			return m;
	return -1;
}

const char *odc_mode_name(enum odc_mode mode)
{
	return odc_mode_names[mode];
}

const char *odc_mode_systems(enum odc_mode mode)
{
	return odc_mode_systems_of[mode];
}
