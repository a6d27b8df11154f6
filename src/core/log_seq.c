/*
 * The log's counts (odc_log_seq.h). Each is one 64-bit word, the pid in its
 * high half and the count in its low one, changed by compare-and-swap: a
 * forked child, which inherits its parent's words, finds another pid there
 * and starts again from nothing, and threads never lose an update. No lock,
 * so a signal handler may log too. (A vfork child that logs restarts its
 * parent's count; a report then sees numbers repeat and reports no loss for
 * that process rather than a false one.)
 */
#include <stdbool.h>
#include <stdint.h>
#include <unistd.h>

#include "odc_log_seq.h"

static uint64_t odc_seq_word, odc_lost_word;

/* WORD's count for this process, after adding ADD to it. */
static unsigned long odc_count(uint64_t *word, unsigned add)
{
	uint64_t pid = (uint64_t)(uint32_t)getpid() << 32;
	uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED), new;

	do {
		uint64_t count = (old & ~0xffffffffULL) == pid ? old & 0xffffffffULL : 0;
		new = pid | (uint32_t)(count + add);
	} while (add && !__atomic_compare_exchange_n(word, &old, new, true, __ATOMIC_RELAXED,
						     __ATOMIC_RELAXED));
	return (unsigned long)(new & 0xffffffffULL);
}

unsigned long odc_log_seq_next(void)
{
	return odc_count(&odc_seq_word, 1);
}

unsigned long odc_log_lost(void)
{
	return odc_count(&odc_lost_word, 0);
}

void odc_log_lost_add(void)
{
	odc_count(&odc_lost_word, 1);
}
