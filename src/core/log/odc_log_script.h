/*
 * The script an interpreter runs (src/core/log/script.c), for the line's
 * script= field: a Python, Perl, Ruby or Node program, or a shell's, is
 * otherwise one row in a report, whatever script it runs.
 */
#ifndef ODC_LOG_SCRIPT_H
#define ODC_LOG_SCRIPT_H

#include <stddef.h>

#include "odc_log_fields.h"

/*
 * Where the executable whose last name is BASE (LEN bytes) is an
 * interpreter, the script this process runs, escaped, into OUT
 * (ODC_SCRIPT_ROOM bytes): its length, 0 where there is none. Reads
 * /proc/self/cmdline, and names the script as the kernel does, an
 * absolute name with every symlink followed; never keeps or returns any
 * argument but the script's.
 */
size_t odc_script_read(const char *base, size_t len, char out[ODC_SCRIPT_ROOM]);

#endif
