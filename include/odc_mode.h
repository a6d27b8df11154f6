/* The semantics odcreat can give to open(O_CREAT|O_DIRECTORY). */
#ifndef ODC_MODE_H
#define ODC_MODE_H

enum odc_mode {
	ODC_EINVAL,	/* Linux >= 6.4, NetBSD, macOS */
	ODC_FREEBSD,	/* FreeBSD >= 11, illumos */
	ODC_MKDIR,	/* the 2026 upstream Linux series */
	ODC_LEGACY,	/* Linux <= 5.6 */
	ODC_LINUX57,	/* Linux 5.7 to 6.3 and unpatched LTS kernels */
	ODC_NATIVE,	/* whatever the running kernel does */
	ODC_MODE_COUNT
};

#define ODC_MODE_DEFAULT ODC_EINVAL

/* Space-separated names of every mode, for messages. */
#define ODC_MODE_NAMES "einval freebsd mkdir legacy linux-5.7 native"

/* The mode called NAME, or -1. */
int odc_mode_parse(const char *name);
const char *odc_mode_name(enum odc_mode mode);
/* The systems MODE reproduces, in a phrase. */
const char *odc_mode_systems(enum odc_mode mode);

#endif
