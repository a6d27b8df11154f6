/* odcreat report: records tallied per row, and each sender's losses (odc_report.h). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "odc_exit.h"
#include "odc_predict.h"
#include "odc_report.h"

static void *odc_grow(void *p, size_t size)
{
	void *q = realloc(p, size);

	if (!q) {
		perror("odcreat report");
		exit(ODC_EXIT_FAILED);
	}
	return q;
}

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
 * SipHash-1-3 of S under the set's key: a log cannot choose names that
 * collide without knowing the key, so every lookup stays O(1) on average
 * whatever the input (an unkeyed hash let chosen names make it quadratic).
 */
static uint64_t odc_hash(const struct odc_report_set *set, const char *s, size_t len)
{
	uint64_t v[4] = {
		set->key[0] ^ 0x736f6d6570736575ULL, set->key[1] ^ 0x646f72616e646f6dULL,
		set->key[0] ^ 0x6c7967656e657261ULL, set->key[1] ^ 0x7465646279746573ULL,
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

/* A key from the kernel; where it has none to give, the time and pid, which a log cannot know either. */
static void odc_random_key(unsigned long long key[2])
{
	struct timespec now;

	if (syscall(SYS_getrandom, key, 2 * sizeof key[0], 0) == (long)(2 * sizeof key[0]))
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	key[0] = (unsigned long long)now.tv_nsec * 0x9e3779b97f4a7c15ULL ^ (unsigned long long)getpid();
	key[1] = (unsigned long long)now.tv_sec * 0xc2b2ae3d27d4eb4fULL ^ (uintptr_t)key;
}

/* REP's sets, for odc_report_init and odc_report_free. */
#define ODC_REPORT_SETS(rep) \
	{ &(rep)->names, &(rep)->paths, &(rep)->pairs, &(rep)->hosts, &(rep)->programs, &(rep)->senders }

void odc_report_init(struct odc_report *rep, unsigned by)
{
	*rep = (struct odc_report){ .by = by, .last.pair = SIZE_MAX };
	struct odc_report_set *sets[] = ODC_REPORT_SETS(rep);
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		odc_random_key(sets[i]->key);
}

void odc_report_free(struct odc_report *rep)
{
	struct odc_report_set *sets[] = ODC_REPORT_SETS(rep);

	for (size_t i = 0; i < rep->names.count; i++) {
		free(rep->progs[i].name);
		free(rep->progs[i].host);
	}
	free(rep->progs);
	free(rep->streams);
	free(rep->pair_rows);
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
		free(sets[i]->slots);
		free(sets[i]->text);
	}
}

static size_t *odc_set_slot(const struct odc_report_set *set, const char *key, size_t len,
			    uint64_t h)
{
	for (size_t i = h & (set->cap - 1);; i = (i + 1) & (set->cap - 1)) {
		size_t *slot = &set->slots[i];
		if (!*slot)
			return slot;
		const char *at = set->text + *slot - 1;
		size_t at_len;
		memcpy(&at_len, at, sizeof at_len);
		if (at_len == len && memcmp(at + sizeof at_len, key, len) == 0)
			return slot;
	}
}

static void odc_set_rehash(struct odc_report_set *set)
{
	size_t *old = set->slots, old_cap = set->cap;

	set->cap = old_cap ? old_cap * 2 : 1024;
	set->slots = odc_grow(NULL, set->cap * sizeof *set->slots);
	memset(set->slots, 0, set->cap * sizeof *set->slots);
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i])
			continue;
		const char *at = set->text + old[i] - 1;
		size_t len;
		memcpy(&len, at, sizeof len);
		*odc_set_slot(set, at + sizeof len, len, odc_hash(set, at + sizeof len, len)) = old[i];
	}
	free(old);
}

size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added)
{
	if (set->count * 2 >= set->cap)
		odc_set_rehash(set);
	size_t *slot = odc_set_slot(set, key, len, odc_hash(set, key, len));
	*added = !*slot;
	if (*added) {
		size_t need = set->len + sizeof len + len + sizeof set->count;
		if (need > set->text_cap) {
			set->text_cap = need * 2;
			set->text = odc_grow(set->text, set->text_cap);
		}
		*slot = set->len + 1;
		memcpy(set->text + set->len, &len, sizeof len);
		memcpy(set->text + set->len + sizeof len, key, len);
		memcpy(set->text + set->len + sizeof len + len, &set->count, sizeof set->count);
		set->len = need;
		set->count++;
	}
	size_t number;
	memcpy(&number, set->text + *slot - 1 + sizeof len + len, sizeof number);
	return number;
}

static int odc_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * S (LEN bytes; ESCAPED: written as the log writes, its \xHH escapes
 * read) as the log writes it, into OUT of SIZE bytes, NUL-terminated,
 * cut short before a whole escape and marked with "\..." where it does
 * not fit: its length. Only printable ASCII comes out.
 */
static size_t odc_canon(char *out, size_t size, const char *s, size_t len, bool escaped)
{
	static const char mark[] = "\\...";
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (escaped && ch == '\\' && i + 3 < len && s[i + 1] == 'x' &&
		    odc_hex(s[i + 2]) >= 0 && odc_hex(s[i + 3]) >= 0) {
			ch = (unsigned char)(odc_hex(s[i + 2]) << 4 | odc_hex(s[i + 3]));
			i += 3;
		}
		bool plain = ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\';
		size_t need = plain ? 1 : 4;
		if (n + need + sizeof mark > size) {
			memcpy(out + n, mark, sizeof mark);
			return n + sizeof mark - 1;
		}
		if (plain)
			out[n++] = (char)ch;
		else
			n += (size_t)snprintf(out + n, 5, "\\x%02x", ch);
	}
	out[n] = '\0';
	return n;
}

static char *odc_strndup(const char *s, size_t len)
{
	char *copy = odc_grow(NULL, len + 1);

	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}

/* A and B, each LEN bytes long, one after the other with a NUL between, into OUT: the length. */
static size_t odc_pair(char *out, const char *a, size_t a_len, const char *b, size_t b_len)
{
	memcpy(out, a, a_len);
	out[a_len] = '\0';
	memcpy(out + a_len + 1, b, b_len);
	return a_len + 1 + b_len;
}

/* Whether ROW's number and S (at most 4096 bytes of it) together are new in SET. */
static bool odc_new_in_row(struct odc_report_set *set, size_t row, const char *s, size_t len)
{
	char key[sizeof row + 4096];
	bool added;

	len = len < 4096 ? len : 4096;
	memcpy(key, &row, sizeof row);
	memcpy(key + sizeof row, s, len);
	odc_report_set_add(set, key, sizeof row + len, &added);
	return added;
}

/*
 * The row of program NAME on HOST, a pair seen for the first time: a new
 * host in a row keyed by program, a new program in one keyed by host, and
 * each one seen anywhere, counted.
 */
static size_t odc_new_pair_row(struct odc_report *rep, const char *host, size_t host_len,
			       const char *name, size_t name_len)
{
	char key[sizeof rep->last.key];
	size_t key_len = odc_pair(key, rep->by & ODC_BY_HOST ? host : "",
				  rep->by & ODC_BY_HOST ? host_len : 0,
				  rep->by & ODC_BY_PROGRAM ? name : "",
				  rep->by & ODC_BY_PROGRAM ? name_len : 0);
	bool added;
	size_t n = odc_report_set_add(&rep->names, key, key_len, &added);
	if (added) {
		if (n >= rep->progs_cap) {
			rep->progs_cap = rep->progs_cap ? rep->progs_cap * 2 : 64;
			rep->progs = odc_grow(rep->progs, rep->progs_cap * sizeof *rep->progs);
		}
		rep->progs[n] = (struct odc_report_prog){
			.name = odc_strndup(name, name_len), .host = odc_strndup(host, host_len),
		};
	}
	rep->progs[n].hosts += rep->by & ODC_BY_HOST ? added : 1;
	rep->progs[n].programs += rep->by & ODC_BY_PROGRAM ? added : 1;
	odc_report_set_add(&rep->hosts, host, host_len, &added);
	odc_report_set_add(&rep->programs, name, name_len, &added);
	return n;
}

/*
 * The pair of program NAME on HOST a call came from: its number, which
 * indexes pair_rows. The last record's pair is tried first.
 */
static size_t odc_pair_of(struct odc_report *rep, const char *host, size_t host_len,
			  const char *name, size_t name_len)
{
	struct odc_report_last *last = &rep->last;
	char key[sizeof last->key];
	size_t key_len = odc_pair(key, host, host_len, name, name_len);

	if (last->pair != SIZE_MAX && key_len == last->key_len && !memcmp(key, last->key, key_len))
		return last->pair;
	bool added;
	size_t pair = odc_report_set_add(&rep->pairs, key, key_len, &added);
	if (added) {
		if (pair >= rep->pair_rows_cap) {
			rep->pair_rows_cap = rep->pair_rows_cap ? rep->pair_rows_cap * 2 : 64;
			rep->pair_rows = odc_grow(rep->pair_rows,
						  rep->pair_rows_cap * sizeof *rep->pair_rows);
		}
		rep->pair_rows[pair] = odc_new_pair_row(rep, host, host_len, name, name_len);
	}
	last->pair = pair;
	last->key_len = key_len;
	memcpy(last->key, key, key_len);
	return pair;
}

static bool odc_is(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* would= as "MODE=OUTCOME[+made] ...", each mode against the result the call got. */
static void odc_tally_would(struct odc_report_prog *p, const struct odc_record *r)
{
	bool got_fd = r->result[0] >= '0' && r->result[0] <= '9';
	const char *s = r->would, *end = r->would + r->would_len;

	while (s < end) {
		const char *space = memchr(s, ' ', (size_t)(end - s)), *stop = space ? space : end;
		const char *eq = memchr(s, '=', (size_t)(stop - s));
		if (eq) {
			int mode = odc_mode_parse_len(s, (size_t)(eq - s));
			const char *out = eq + 1, *plus = memchr(out, '+', (size_t)(stop - out));
			size_t out_len = (size_t)((plus ? plus : stop) - out);
			bool same = got_fd ? odc_is(out, out_len, "fd")
					   : out_len == r->result_len && !memcmp(out, r->result, out_len);
			if (mode >= 0) {
				p->differ[mode] += !same;
				p->made[mode] += plus != NULL;
				p->predicted |= 1u << mode;
			}
		}
		s = stop + 1;
	}
}

/* AT's LEN bytes, at most ODC_SENDER_MAX of them, then a NUL, into KEY: its new length. */
static size_t odc_key_part(char *key, size_t at, const char *s, size_t len)
{
	len = len < ODC_SENDER_MAX ? len : ODC_SENDER_MAX;
	memcpy(key + at, s, len);
	key[at + len] = '\0';
	return at + len + 1;
}

/* The run of R, of a process of PAIR (a pid is reused): its lines counted. */
static void odc_sender(struct odc_report *rep, const struct odc_record *r, size_t pair)
{
	struct odc_report_last *last = &rep->last;
	char key[sizeof last->sender];
	size_t n = last->stream;

	memcpy(key, &pair, sizeof pair);
	size_t len = odc_key_part(key, sizeof pair, r->sender, r->sender_len);
	len = odc_key_part(key, len, r->run ? r->run : "", r->run_len) - 1;
	if (len != last->sender_len || memcmp(key, last->sender, len)) {
		bool added;
		n = odc_report_set_add(&rep->senders, key, len, &added);
		if (added && n >= rep->streams_cap) {
			rep->streams_cap = rep->streams_cap ? rep->streams_cap * 2 : 64;
			rep->streams = odc_grow(rep->streams, rep->streams_cap * sizeof *rep->streams);
		}
		if (added)
			rep->streams[n] = (struct odc_report_stream){ .row = rep->pair_rows[pair],
								     .first = r->seq };
		last->stream = n;
		last->sender_len = len;
		memcpy(last->sender, key, len);
	}
	struct odc_report_stream *s = &rep->streams[n];
	s->got++;
	s->first = r->seq < s->first ? r->seq : s->first;
	s->seq = r->seq > s->seq ? r->seq : s->seq;
	s->lost = r->lost > s->lost ? r->lost : s->lost;
}

/*
 * A run's numbers that never arrived, between the lowest and the highest
 * seen, or the count it gave of those it could not deliver, whichever is
 * more (each number taken once: a run whose numbers repeat shows no gap).
 */
void odc_report_count_lost(struct odc_report *rep)
{
	rep->lost = 0;
	for (size_t i = 0; i < rep->names.count; i++)
		rep->progs[i].lost = 0;
	for (size_t i = 0; i < rep->senders.count; i++) {
		const struct odc_report_stream *s = &rep->streams[i];
		unsigned long span = s->seq - s->first + 1, gap = span > s->got ? span - s->got : 0;
		long lost = (long)(gap > s->lost ? gap : s->lost);
		rep->progs[s->row].lost += lost;
		rep->lost += lost;
	}
}

void odc_report_add(struct odc_report *rep, const struct odc_record *r)
{
	char name[ODC_REPORT_NAME_MAX], host[ODC_REPORT_NAME_MAX] = ODC_REPORT_NO_HOST;
	size_t name_len = odc_canon(name, sizeof name, r->prog, r->prog_len, r->prog_escaped);
	size_t host_len = r->host_len ? odc_canon(host, sizeof host, r->host, r->host_len, false)
				      : sizeof ODC_REPORT_NO_HOST - 1;
	size_t pair = odc_pair_of(rep, host, host_len, name, name_len), row = rep->pair_rows[pair];
	struct odc_report_prog *p = &rep->progs[row];

	rep->records++;
	rep->claimed += r->claimed;
	p->calls++;
	p->claimed += r->claimed;
	if (r->seq && r->sender)	/* a number without its sender says nothing */
		odc_sender(rep, r, pair);
	p->paths += odc_new_in_row(&rep->paths, row, r->path, r->path_len);
	for (int s = ODC_STATE_MISSING; r->state && s <= ODC_STATE_ERROR; s++)
		if (odc_is(r->state, r->state_len, odc_state_name(s)))
			p->states |= 1u << s;
	if (r->would)
		odc_tally_would(p, r);
}

void odc_report_unparsed(struct odc_report *rep, const char *name, long line)
{
	long n = rep->unparsed++;

	if (n >= (long)(sizeof rep->where / sizeof rep->where[0]))
		return;
	char *at = rep->where[n];
	size_t len = odc_canon(at, sizeof rep->where[n] - 21, name, strlen(name), false);
	snprintf(at + len, sizeof rep->where[n] - len, ":%ld", line);
}
