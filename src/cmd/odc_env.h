/* The environment the command runs in (src/cmd/env.c). */
#ifndef ODC_ENV_H
#define ODC_ENV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include <limits.h>
#include <stdbool.h>

/* The directory this program's executable is in, as the kernel names it, into DIR: whether it is known. */
bool odc_self_dir(char dir[PATH_MAX]);

/*
 * The library's file name, wherever it is installed; under each ABI's
 * library directory, in one of its own (a preload-only plugin); and its
 * path under a prefix, for this program's ABI.
 */
#define ODC_SHIM_NAME "libodcreat.so"
#define ODC_SHIM_DIR "odcreat"
#define ODC_SHIM_PATH ODC_LIB_SUBDIR "/" ODC_SHIM_DIR "/" ODC_SHIM_NAME

/*
 * The prefix whose ODC_SHIM_PATH is readable, in BASE: this program's own
 * directory (the build tree), else the prefix it is installed in, else the
 * PREFIX it was built for. False where none has it (BASE: that PREFIX).
 */
bool odc_shim_base(char base[PATH_MAX]);

/*
 * The library under odc_shim_base's prefix, as LD_PRELOAD names it, in
 * OUT; exits saying so where there is none.
 */
void odc_find_shim(char *out, size_t len);

/* Whether ENTRY, LEN bytes of a preload list, names the library (any copy of it). */
bool odc_is_shim(const char *entry, size_t len);

/* SHIM first in LD_PRELOAD (none: NULL), then what it held, less any other copy of the library. */
void odc_set_preload(const char *shim);

/* ODCREAT_LOG for LOG, named absolutely; exits on a log that cannot be opened. */
void odc_set_log(const char *log);

#endif
