/* Mode names and the systems each reproduces: shared by the library and the command. */
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

static const char *const odc_mode_systems_of[ODC_MODE_COUNT] = {
	[ODC_EINVAL] = "Linux >= 6.4 and 6.1.30+, NetBSD, macOS",
	[ODC_FREEBSD] = "FreeBSD >= 11, illumos",
	[ODC_MKDIR] = "the 2026 upstream Linux series: make the directory, return it open",
	[ODC_LEGACY] = "Linux <= 5.6: open a directory or create a regular file",
	[ODC_LINUX57] = "Linux 5.7 to 6.3, unpatched 5.10/5.15 LTS, OpenBSD <= 7.6: "
			"a stray regular file, then ENOTDIR",
	[ODC_NATIVE] = "whatever the running kernel does",
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

const char *odc_mode_systems(enum odc_mode mode)
{
	return odc_mode_systems_of[mode];
}
