/* odcreat --probe's calls, one path state at a time (probe_call.c). */
#ifndef ODC_PROBE_CALL_H
#define ODC_PROBE_CALL_H

#include <stddef.h>

/* The path states, in the order the table shows them. */
#define ODC_PROBE_STATES 8
/* The most a "RESULT DISK" takes. */
#define ODC_PROBE_TEXT 64

/* STATE's name, as the log's state= names it. */
const char *odc_probe_state_name(size_t state);

/*
 * The call with FLAGS in STATE, made in the empty directory DIR by the
 * kernel (MODE < 0) or by MODE, and what it gave and left, "RESULT DISK",
 * into OUT: 0, or -1 where the state could not be made (said on stderr).
 * DIR is empty again after.
 */
int odc_probe_one(int dir, size_t state, int flags, int mode, char *out, size_t len);

/* Everything in DIR removed, what a call made too. */
void odc_probe_clear(int dir);

#endif
