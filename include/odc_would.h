/*
 * The survey's would= field: "einval=EINVAL freebsd=fd+made ... native=EINVAL",
 * each mode's predicted answer, written by the log and read by odcreat
 * report (src/core/log/would.c).
 */
#ifndef ODC_WOULD_H
#define ODC_WOULD_H

#include <stdbool.h>
#include <stddef.h>

#include "odc_line.h"
#include "odc_predict.h"

/* The answer that is a descriptor, and the mark of a mode that would make something. */
#define ODC_WOULD_FD "fd"
#define ODC_WOULD_MADE "+made"

/* Each mode's answer to a call with FLAGS on F; native's where the kernel's meaning is known. */
void odc_put_would(struct odc_line *l, int flags, const struct odc_found *f);

/* One mode's answer in would=. */
struct odc_would_item {
	int mode;		/* -1: a mode this odcreat does not know */
	const char *answer;	/* ODC_WOULD_FD or an errno's name, not NUL-terminated */
	size_t answer_len;
	bool made;
};

/*
 * The item at *P (before END) into ITEM, *P past it: false where none is
 * left. ITEM's mode, -1 before the first, is where the next is looked for first.
 */
bool odc_would_next(const char **p, const char *end, struct odc_would_item *item);

#endif
