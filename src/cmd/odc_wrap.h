/* A command's output, folded for a terminal (src/cmd/wrap.c, say.c). */
#ifndef ODC_WRAP_H
#define ODC_WRAP_H

#include <stddef.h>
#include <stdio.h>

/*
 * TEXT, LEN bytes of lines, onto OUT folded (odc_say.h), and ended by a
 * newline; where it does not fit a line (odc_line.h), as it is.
 */
void odc_say_text(FILE *out, const char *text, size_t len);

/*
 * FN(ARG), whatever it writes to standard output (by stdio or by the
 * descriptor itself) held back and then written folded, line by line:
 * FN's status.
 */
int odc_wrapped(int (*fn)(const char *), const char *arg);

#endif
