/*
 * Words for a person at a terminal, 80 columns wide. A message names
 * paths and values of any length, so it is written whole and folded where
 * it is printed, not broken by hand in every format: each line longer
 * than 80 columns is broken at the spaces before the word that would pass
 * column 80, its continuations indented four columns deeper than the line
 * starts: deeper than the two a line of its own steps in by (odcreat survey
 * status).
 */
#ifndef ODC_SAY_H
#define ODC_SAY_H

#include "odc_line.h"

#define ODC_SAY_COLUMNS 80

/*
 * L's text, lines each ended by a newline, folded in place (the library's
 * messages, src/core/text/fold.c). A word longer than a line keeps one of
 * its own; where the line has no room left for an indent, a continuation
 * goes without.
 */
void odc_line_fold(struct odc_line *l);

/*
 * The command's and the watcher's messages, formatted and folded, on
 * standard error (odc_say) or output (odc_tell), in one write each
 * (src/cmd/say.c; the library, which has no stdio, has neither).
 */
void odc_say(const char *format, ...) __attribute__((format(printf, 1, 2)));
void odc_tell(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
