/*
 * The log's own count of its lines, per run (src/core/log/seq.c): each
 * line carries its run's tag, its number in the run and how many lines
 * of the run before it could not be delivered, so that a report can tell
 * what is missing (a gap in the numbers) and what the sender knew it lost.
 */
#ifndef ODC_LOG_SEQ_H
#define ODC_LOG_SEQ_H

#include <stdint.h>
#include <sys/types.h>

struct odc_log_count {
	uint32_t run;		/* the run's tag */
	unsigned long seq;	/* this line's number in it: 1 for its first */
	unsigned long lost;	/* its lines not delivered so far */
};

/* The next line's count, this process being PID under EUID. */
struct odc_log_count odc_log_count_next(pid_t pid, uid_t euid);

/* LINE, counted by odc_log_count_next, could not be delivered. */
void odc_log_lost_add(const struct odc_log_count *line);

#endif
