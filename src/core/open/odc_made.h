/* What a call made or found, handed over to its caller, or undone. */
#ifndef ODC_MADE_H
#define ODC_MADE_H

#include "odc_at.h"
#include "odc_call.h"

/* FD, found by this call, as the caller's descriptor: see odc_caller.give. */
long odc_give(const struct odc_call *c, long fd);

/*
 * Hand FD, which this call made at AT (NULL: at C's path), to the caller;
 * if that fails, undo the create.
 */
long odc_give_made(const struct odc_call *c, const struct odc_at *at, long fd);

/*
 * Open, with FLAGS, the directory this call just made at AT, and hand it
 * over: the creator gets it even when its mode forbids reading. If it
 * cannot, what was made goes.
 */
long odc_open_made(const struct odc_call *c, struct odc_at *at, int flags);

/*
 * FD, this call's result, moved down to the lowest free descriptor now
 * that AT, held while it was opened and left since, no longer takes one.
 */
long odc_lowest(const struct odc_call *c, const struct odc_at *at, long fd);

#endif
