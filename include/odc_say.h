/*
 * The command's and the watcher's messages (src/direct/say.c), folded
 * for a terminal (odc_fold.h) and written at once, so that nothing else
 * lands inside one. The library, which has no stdio, has none of these.
 */
#ifndef ODC_SAY_H
#define ODC_SAY_H

#include <stddef.h>
#include <stdio.h>

/* FORMAT's message on standard error (odc_say) or output (odc_tell). */
void odc_say(const char *format, ...) __attribute__((format(printf, 1, 2)));
void odc_tell(const char *format, ...) __attribute__((format(printf, 1, 2)));

/*
 * TEXT, LEN bytes of lines, onto OUT folded, and ended by a newline;
 * where it does not fit a line (odc_line.h), as it is.
 */
void odc_say_text(FILE *out, const char *text, size_t len);

#endif
