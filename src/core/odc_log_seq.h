/*
 * The log's own count of its lines, per process: each line carries its
 * number and how many lines before it could not be delivered, so that a
 * report can tell what is missing (a gap in the numbers) and what the
 * sender knew it lost.
 */
#ifndef ODC_LOG_SEQ_H
#define ODC_LOG_SEQ_H

/* The next line's number in this process: 1 for its first. */
unsigned long odc_log_seq_next(void);

/* Lines this process could not deliver so far. */
unsigned long odc_log_lost(void);

/* One more line this process could not deliver. */
void odc_log_lost_add(void);

#endif
