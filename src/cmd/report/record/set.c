/*
 * Distinct strings, each numbered in the order first seen (odc_report_set.h):
 * open addressing over SipHash-1-3 keyed at random for each set, so that
 * no log can choose names that collide and make a lookup slow.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "odc_report_grow.h"
#include "odc_report_set.h"

#define ODC_ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

static inline void odc_sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = ODC_ROTL(v[1], 13) ^ v[0];
	v[0] = ODC_ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = ODC_ROTL(v[3], 16) ^ v[2];
	v[0] += v[3];
	v[3] = ODC_ROTL(v[3], 21) ^ v[0];
	v[2] += v[1];
	v[1] = ODC_ROTL(v[1], 17) ^ v[2];
	v[2] = ODC_ROTL(v[2], 32);
}

/* One 8-byte word of the message into the state (SipHash-1-3: one round a word). */
static void odc_sip_word(uint64_t v[4], uint64_t m)
{
	v[3] ^= m;
	odc_sip_round(v);
	v[0] ^= m;
}

/*
 * SipHash-1-3: a log cannot choose names that collide without knowing the
 * key, so every lookup stays O(1) on average whatever the input (an
 * unkeyed hash let chosen names make it quadratic).
 */
uint64_t odc_report_hash(const unsigned long long key[2], const char *s, size_t len)
{
	uint64_t v[4] = {
		key[0] ^ 0x736f6d6570736575ULL, key[1] ^ 0x646f72616e646f6dULL,
		key[0] ^ 0x6c7967656e657261ULL, key[1] ^ 0x7465646279746573ULL,
	};
	size_t whole = len & ~(size_t)7;
	uint64_t m;

	/* Words in the host's byte order: the hash never leaves this process. */
	for (size_t i = 0; i < whole; i += 8) {
		memcpy(&m, s + i, sizeof m);
		odc_sip_word(v, m);
	}
	m = (uint64_t)len << 56;
	for (size_t i = whole; i < len; i++)
		m |= (uint64_t)(unsigned char)s[i] << (8 * (i - whole));
	odc_sip_word(v, m);
	v[2] ^= 0xff;
	for (int i = 0; i < 3; i++)
		odc_sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/* Where the kernel has no random key to give: the time and pid, which a log cannot know either. */
void odc_report_key(unsigned long long key[2])
{
	struct timespec now;

	if (syscall(SYS_getrandom, key, 2 * sizeof key[0], 0) == (long)(2 * sizeof key[0]))
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	key[0] = (unsigned long long)now.tv_nsec * 0x9e3779b97f4a7c15ULL ^ (unsigned long long)getpid();
	key[1] = (unsigned long long)now.tv_sec * 0xc2b2ae3d27d4eb4fULL ^ (uintptr_t)key;
}

void odc_report_set_init(struct odc_report_set *set)
{
	*set = (struct odc_report_set){ 0 };
	odc_report_key(set->key);
}

void odc_report_set_free(struct odc_report_set *set)
{
	free(set->slots);
	free(set->text);
}

static struct odc_report_slot *odc_set_slot(const struct odc_report_set *set, const char *key,
					    size_t len, uint64_t h)
{
	for (size_t i = h & (set->cap - 1);; i = (i + 1) & (set->cap - 1)) {
		struct odc_report_slot *slot = &set->slots[i];
		if (!slot->at)
			return slot;
		if (slot->hash != h)
			continue;
		const char *at = set->text + slot->at - 1;
		uint32_t at_len;
		memcpy(&at_len, at, sizeof at_len);
		if (at_len == len && memcmp(at + sizeof at_len, key, len) == 0)
			return slot;
	}
}

static void odc_set_rehash(struct odc_report_set *set)
{
	struct odc_report_slot *old = set->slots;
	size_t old_cap = set->cap;

	set->cap = old_cap ? old_cap * 2 : 1024;
	set->slots = odc_report_grow(NULL, set->cap * sizeof *set->slots);
	memset(set->slots, 0, set->cap * sizeof *set->slots);
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i].at)
			continue;
		size_t j = old[i].hash & (set->cap - 1);
		while (set->slots[j].at)
			j = (j + 1) & (set->cap - 1);
		set->slots[j] = old[i];
	}
	free(old);
}

size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added)
{
	if (set->count * 2 >= set->cap)
		odc_set_rehash(set);
	uint64_t h = odc_report_hash(set->key, key, len);
	struct odc_report_slot *slot = odc_set_slot(set, key, len, h);
	*added = !slot->at;
	/* A string's length and number in 32 bits each: no set holds 4 G strings, nor one of 4 GB. */
	uint32_t len32 = (uint32_t)len, number;
	if (*added) {
		size_t need = set->len + sizeof len32 + len + sizeof number;
		if (need > set->text_cap) {
			set->text_cap = need + need / 2;
			set->text = odc_report_grow(set->text, set->text_cap);
		}
		*slot = (struct odc_report_slot){ .at = set->len + 1, .hash = h };
		number = (uint32_t)set->count++;
		memcpy(set->text + set->len, &len32, sizeof len32);
		memcpy(set->text + set->len + sizeof len32, key, len);
		memcpy(set->text + set->len + sizeof len32 + len, &number, sizeof number);
		set->len = need;
	}
	memcpy(&number, set->text + slot->at - 1 + sizeof len32 + len, sizeof number);
	return number;
}
