/* Mode names: shared by the library and the odcreat command. */
#include <string.h>

#include "odc_mode.h"

static const char *const odc_mode_names[ODC_MODE_COUNT] = {
	[ODC_EINVAL] = "einval",
	[ODC_FREEBSD] = "freebsd",
	[ODC_MKDIR] = "mkdir",
	[ODC_LEGACY] = "legacy",
	[ODC_LINUX57] = "linux-5.7",
	[ODC_NATIVE] = "native",
};

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
