/* odcreat report: records tallied per program (odc_report.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

static uint64_t odc_hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
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
		*odc_set_slot(set, at + sizeof len, len, odc_hash(at + sizeof len, len)) = old[i];
	}
	free(old);
}

size_t odc_report_set_add(struct odc_report_set *set, const char *key, size_t len, bool *added)
{
	if (set->count * 2 >= set->cap)
		odc_set_rehash(set);
	size_t *slot = odc_set_slot(set, key, len, odc_hash(key, len));
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

static struct odc_report_prog *odc_prog(struct odc_report *rep, const char *name, size_t len)
{
	bool added;
	size_t n = odc_report_set_add(&rep->names, name, len, &added);

	if (added) {
		if (n >= rep->progs_cap) {
			rep->progs_cap = rep->progs_cap ? rep->progs_cap * 2 : 64;
			rep->progs = odc_grow(rep->progs, rep->progs_cap * sizeof *rep->progs);
		}
		rep->progs[n] = (struct odc_report_prog){ .name = odc_grow(NULL, len + 1) };
		memcpy(rep->progs[n].name, name, len);
		rep->progs[n].name[len] = '\0';
	}
	return &rep->progs[n];
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
			char mode_name[16];
			size_t n = (size_t)(eq - s) < sizeof mode_name ? (size_t)(eq - s) : 0;
			memcpy(mode_name, s, n);
			mode_name[n] = '\0';
			int mode = odc_mode_parse(mode_name);
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

void odc_report_add(struct odc_report *rep, const struct odc_record *r)
{
	struct odc_report_prog *p = odc_prog(rep, r->prog, r->prog_len);
	size_t number = (size_t)(p - rep->progs);
	char key[sizeof number + 4096];

	rep->records++;
	p->calls++;
	size_t path_len = r->path_len < 4096 ? r->path_len : 4096;
	memcpy(key, &number, sizeof number);
	memcpy(key + sizeof number, r->path, path_len);
	bool added;
	odc_report_set_add(&rep->paths, key, sizeof number + path_len, &added);
	p->paths += added;
	for (int s = ODC_STATE_MISSING; r->state && s <= ODC_STATE_ERROR; s++)
		if (odc_is(r->state, r->state_len, odc_state_name(s)))
			p->states |= 1u << s;
	if (r->would)
		odc_tally_would(p, r);
}

void odc_report_unparsed(struct odc_report *rep, const char *name, long line)
{
	long n = rep->unparsed++;

	if (n < (long)(sizeof rep->where / sizeof rep->where[0]))
		snprintf(rep->where[n], sizeof rep->where[n], "%.40s:%ld", name, line);
}
