/* Words for a terminal, 80 columns wide (src/cmd/wrap.c). */
#ifndef ODC_WRAP_H
#define ODC_WRAP_H

#include <stddef.h>
#include <stdio.h>

#define ODC_WRAP_COLUMNS 80

/*
 * LINE, LEN bytes without its newline, onto OUT, broken before each word
 * that would pass column 80 and continued after INDENT; a word longer
 * than a line keeps one of its own. Ended by a newline.
 */
void odc_wrap_line(FILE *out, const char *line, size_t len, const char *indent);

/*
 * FN(ARG), whatever it writes to standard output (by stdio or by the
 * descriptor itself) held back and then written wrapped: FN's status.
 */
int odc_wrapped(int (*fn)(const char *), const char *arg);

#endif
