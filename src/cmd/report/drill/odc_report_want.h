/*
 * What --program=NAME names (src/cmd/report/drill/want.c): any name a person
 * sees of a program. The row as the table writes it (its executable, a
 * blank and its script); the executable's path (without "[uid N] ") or
 * its last part; the name it was started by (prog=); its script's path
 * or last part; a path as typed here (./mkd, ../tools/x.py), made
 * absolute with its symlinks resolved, as the logs name executables and
 * scripts. Any of a program's names, a blank, then any of its script's,
 * names that script's calls alone. Where none is NAME's, the closest
 * names seen are kept, a few, to be said.
 */
#ifndef ODC_REPORT_WANT_H
#define ODC_REPORT_WANT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "odc_report_record.h"

/* The most ways NAME is split at a blank into a program's name and its script's. */
#define ODC_WANT_SPLITS 8
/* The closest names kept, and the longest compared (a name is cut there). */
#define ODC_WANT_CLOSEST 5
#define ODC_WANT_COMPARED 128
/* The names compared lately, one slot a hash: a log's names repeat. */
#define ODC_WANT_LATELY 1024

/* NAME, or a part of it, as given and as a path here (NULL where it is none). */
struct odc_want_name {
	char *as_given, *as_path;
};

struct odc_want {
	struct odc_want_name whole;
	struct odc_want_name program[ODC_WANT_SPLITS], script[ODC_WANT_SPLITS];
	size_t splits;
	struct {
		char name[ODC_WANT_COMPARED + 1];
		unsigned distance;
	} closest[ODC_WANT_CLOSEST];
	size_t closest_count;
	uint64_t lately[ODC_WANT_LATELY];
	unsigned long long key[2];
};

void odc_want_init(struct odc_want *w, const char *name);
void odc_want_free(struct odc_want *w);

/* Whether W names R's program, or R's script's calls; where not, R's names weighed for the closest. */
bool odc_want_names(struct odc_want *w, const struct odc_record *r);

/* That no program is named NAME, and the closest names seen, on standard error. */
void odc_want_say_none(const struct odc_want *w);

#endif
