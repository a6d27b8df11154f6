/*
 * Distinct strings, each numbered in the order first seen
 * (src/cmd/report/record/set.c). The hash is keyed at random per set, so that no
 * log can choose names that collide.
 */
#ifndef ODC_REPORT_SET_H
#define ODC_REPORT_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A slot: 0 empty, else the string's offset in text + 1, with its hash, so
 * that a probe reads the text only where the hashes agree.
 */
struct odc_report_slot {
	size_t at;
	uint64_t hash;
};

struct odc_report_set {
	struct odc_report_slot *slots;	/* open addressing */
	size_t cap;
	char *text;		/* each string, its length before it */
	size_t len, text_cap, count;
	unsigned long long key[2];
};

/* A key at random, from the kernel. */
void odc_report_key(unsigned long long key[2]);
/* S's hash under KEY (SipHash-1-3). */
uint64_t odc_report_hash(const unsigned long long key[2], const char *s, size_t len);

/* SET, empty, with a key of its own. */
void odc_report_set_init(struct odc_report_set *set);
void odc_report_set_free(struct odc_report_set *set);

/* The number of the string KEY of LEN bytes in SET; *ADDED says whether it is new. */
size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added);

#endif
