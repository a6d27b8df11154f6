/*
 * One call, one count, whoever saw it (src/cmd/report/join.c). In native
 * mode the library passes the pair on and the kernel sees it: the call
 * arrives twice, as the library's line and as the watcher's. The inputs
 * are read in the order of the calls' times (merge.c), the watcher's
 * lines placed ODC_JOIN_LATE_NS late, so that the library's line of a
 * call comes first, wherever each is. The first line of a call is
 * counted, and a print of it kept, for ODC_JOIN_HOLD_NS of the order; the
 * other eye's line of the same call, met in that time, adds what that eye
 * alone saw to it (odc_report_also), and is no call of its own. The
 * prints are bounded: ODC_JOIN_HELD of 64 bytes, and their index, 2.5 MiB.
 */
#ifndef ODC_REPORT_JOIN_H
#define ODC_REPORT_JOIN_H

#include <stdbool.h>
#include <stdint.h>

#include "odc_report_parts.h"

/*
 * The most the two lines' times of one call differ: the watcher's is
 * taken as the call enters the kernel, the library's once it returns.
 */
#define ODC_JOIN_WITHIN_NS 1000000000LL
/*
 * How late the watcher's lines are placed: that, and how far behind its
 * time a line may stand in its file (a process stamps its line, then
 * writes it; the watcher writes a call's once it has looked).
 */
#define ODC_JOIN_LATE_NS (2 * ODC_JOIN_WITHIN_NS)
/* How long a line's print is kept, in the order, for the other eye's line of its call. */
#define ODC_JOIN_HOLD_NS (2 * ODC_JOIN_LATE_NS)
/* The most prints kept at once: past them, the oldest is forgotten. */
#define ODC_JOIN_HELD 32768

/*
 * R, read at AT in the order of the inputs' times (merge.c): counted
 * where it is the first line of its call met, its print kept; else what
 * its eye alone saw added to the call.
 */
void odc_join_add(struct odc_report *rep, const struct odc_record *r, long long at);
/* The prints forgotten: an argument's inputs are read. */
void odc_join_end(struct odc_report *rep);
void odc_join_free(struct odc_report *rep);

/*
 * The join's parts (same.c). Whether R may have been seen by both eyes:
 * a call on a name, at a time, not io_uring's (the library never sees it).
 */
bool odc_joinable(const struct odc_record *r);
/*
 * What both lines of R's call say alike, hashed under KEY: the host, the
 * program as a row names it, its process as its own pid namespace numbers
 * it, the kind of call, the path and the flags.
 */
uint64_t odc_join_hash(const unsigned long long key[2], const struct odc_record *r);

#endif
