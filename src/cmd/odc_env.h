/* The environment the command runs in (src/cmd/env.c). */
#ifndef ODC_ENV_H
#define ODC_ENV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* The library's file name, wherever it is installed. */
#define ODC_SHIM_NAME "libodcreat.so"

/* The directory this program's executable is in, as the kernel names it, into DIR: whether it is known. */
bool odc_self_dir(char dir[PATH_MAX]);

/*
 * The library in this program's own directory (the build tree), else in
 * the prefix this program is installed in, else under the PREFIX it was
 * built for, as LD_PRELOAD names it, in OUT; exits saying so where none is.
 */
void odc_find_shim(char *out, size_t len);

/* SHIM first in LD_PRELOAD (none: NULL), then what it held, less any other copy of the library. */
void odc_set_preload(const char *shim);

/* ODCREAT_LOG for LOG, named absolutely; exits on a log that cannot be opened. */
void odc_set_log(const char *log);

#endif
