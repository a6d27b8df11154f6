/*
 * The semantics odcreat can give to open(O_CREAT|O_DIRECTORY), each written
 * once here: X(ID, FN, NAME, SYSTEMS) for the enum constant ODC_ID, the
 * function odc_FN of src/core/open/semantics.c (and of src/core/open/predict.c, its
 * prediction), the name ODCREAT_MODE takes, and the systems it reproduces
 * (within 69 columns: --list-modes prints each after its name in 80).
 * The enum, the names, the semantics and prediction tables and
 * --list-modes all come from this list.
 */
#ifndef ODC_MODE_H
#define ODC_MODE_H

#include <stddef.h>

#define ODC_MODES(X)                                                                          \
	X(EINVAL, einval, "einval", "Linux >= 6.4 and 6.1.30+, NetBSD, macOS")                \
	X(FREEBSD, freebsd, "freebsd", "FreeBSD >= 11, illumos")                              \
	X(MKDIR, mkdir, "mkdir",                                                              \
	  "the series (v6, in no released kernel): the directory made and opened")            \
	X(LEGACY, legacy, "legacy",                                                            \
	  "Linux <= 5.6: a regular file made and opened, EISDIR for a directory")             \
	X(LINUX57, linux57, "linux-5.7",                                                      \
	  "Linux 5.7-6.3, unfixed 5.10/5.15, OpenBSD <= 7.6: stray file, ENOTDIR")            \
	X(NATIVE, native, "native", "whatever the running kernel does")

enum odc_mode {
#define ODC_MODE_ENUM(id, fn, name, systems) ODC_##id,
	ODC_MODES(ODC_MODE_ENUM)
#undef ODC_MODE_ENUM
	ODC_MODE_COUNT
};

#define ODC_MODE_DEFAULT ODC_EINVAL

/* " einval freebsd ...": every mode's name, each after a space, for messages. */
#define ODC_MODE_SPACED_NAME(id, fn, name, systems) " " name
#define ODC_MODE_NAMES ODC_MODES(ODC_MODE_SPACED_NAME)

/* The mode called NAME, or -1. */
int odc_mode_parse(const char *name);
/* The same for the LEN bytes at NAME, which need not end there. */
int odc_mode_parse_len(const char *name, size_t len);
/*
 * The same, trying mode FROM first and those after it next: where names
 * come in the list's order (would=), the first try finds each.
 */
int odc_mode_parse_from(const char *name, size_t len, int from);
const char *odc_mode_name(enum odc_mode mode);
/* The systems MODE reproduces, in a phrase. */
const char *odc_mode_systems(enum odc_mode mode);

#endif
