/*
 * The log's counts (odc_log_seq.h). A run is the lines one process image
 * writes under one effective uid: a forked or vfork child, an exec and a
 * change of euid each start another, whose lines go to other files (a log
 * directory has one per user) or other rows, and are counted apart. A
 * run's tag is a hash of the pid, the euid and this image's nonce; its
 * numbers and losses are 64-bit words, the tag in the high half and the
 * count in the low one, changed by compare-and-swap: no lock, so a signal
 * handler may log too, and threads never lose an update.
 *
 * The first run of an image keeps its words to itself; every other run
 * shares a second pair, and starts it again from nothing when it finds
 * another's tag there. So a vfork child, which shares its parent's memory,
 * and a turn under another euid leave the first run's count alone, and
 * the parent goes on from where it was.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/time.h>
#include <unistd.h>

#include "odc_log_seq.h"

struct odc_run_words {
	uint64_t seq, lost;
};

static struct odc_run_words odc_runs[2];	/* the image's first run, then any other */
static uint64_t odc_image_nonce;

/*
 * What tells this image's runs from those of an image with the same pid
 * before or after it (an exec, a pid reused): the time of its first line,
 * in microseconds. It needs to be unique, not secret: the report trusts
 * only what the kernel says of a line's writer.
 */
static uint64_t odc_nonce(void)
{
	uint64_t nonce = __atomic_load_n(&odc_image_nonce, __ATOMIC_RELAXED), none = 0;
	struct timeval now;

	if (nonce)
		return nonce;
	gettimeofday(&now, NULL);
	nonce = (uint64_t)now.tv_sec * 1000000 + (uint64_t)now.tv_usec;
	if (!__atomic_compare_exchange_n(&odc_image_nonce, &none, nonce, false, __ATOMIC_RELAXED,
					 __ATOMIC_RELAXED))
		nonce = none;
	return nonce;
}

/* The tag of the run of PID under EUID: never 0, which marks words no run has used. */
static uint32_t odc_run_tag(pid_t pid, uid_t euid)
{
	uint64_t x = ((uint64_t)(uint32_t)pid << 32 | (uint32_t)euid) ^ odc_nonce();

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return (uint32_t)x ? (uint32_t)x : 1;
}

/* The words of the run TAG: the first run's, claimed by the first to come, or the shared pair. */
static struct odc_run_words *odc_run_words(uint32_t tag)
{
	uint64_t first = __atomic_load_n(&odc_runs[0].seq, __ATOMIC_RELAXED);

	if (!first && __atomic_compare_exchange_n(&odc_runs[0].seq, &first, (uint64_t)tag << 32, false,
						  __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return &odc_runs[0];
	return first >> 32 == tag ? &odc_runs[0] : &odc_runs[1];
}

/* WORD's count for the run TAG, after adding ADD to it: from nothing where another run left it. */
static unsigned long odc_count(uint64_t *word, uint32_t tag, unsigned add)
{
	uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED), new;

	do {
		uint64_t count = old >> 32 == tag ? old & 0xffffffffULL : 0;
		new = (uint64_t)tag << 32 | (uint32_t)(count + add);
	} while (add && !__atomic_compare_exchange_n(word, &old, new, true, __ATOMIC_RELAXED,
						     __ATOMIC_RELAXED));
	return (unsigned long)(new & 0xffffffffULL);
}

struct odc_log_count odc_log_count_next(pid_t pid, uid_t euid)
{
	uint32_t tag = odc_run_tag(pid, euid);
	struct odc_run_words *run = odc_run_words(tag);

	return (struct odc_log_count){
		.run = tag,
		.seq = odc_count(&run->seq, tag, 1),
		.lost = odc_count(&run->lost, tag, 0),
	};
}

void odc_log_lost_add(const struct odc_log_count *line)
{
	odc_count(&odc_run_words(line->run)->lost, line->run, 1);
}
