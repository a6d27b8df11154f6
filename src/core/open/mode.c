/* Mode names and the systems each reproduces, from include/odc_mode.h's list. */
#include <stdbool.h>
#include <string.h>

#include "odc_mode.h"

#define ODC_MODE_NAME(id, fn, name, systems) [ODC_##id] = name,
#define ODC_MODE_SYSTEMS(id, fn, name, systems) [ODC_##id] = systems,

static const char *const odc_mode_names[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_NAME) };
static const char *const odc_mode_systems_of[ODC_MODE_COUNT] = { ODC_MODES(ODC_MODE_SYSTEMS) };

/* Whether the LEN bytes at S are mode M's name. (Not memcmp: the library's only user of it.) */
static bool odc_mode_is(const char *s, size_t len, int m)
{
	const char *name = odc_mode_names[m];
	size_t i = 0;

	while (i < len && name[i] && name[i] == s[i])
		i++;
	return i == len && name[i] == '\0';
}

int odc_mode_parse_from(const char *name, size_t len, int from)
{
	for (int i = 0; i < ODC_MODE_COUNT; i++) {
		int m = (from + i) % ODC_MODE_COUNT;
		if (odc_mode_is(name, len, m))
			return m;
	}
	return -1;
}

int odc_mode_parse_len(const char *name, size_t len)
{
	return odc_mode_parse_from(name, len, 0);
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
