/*
 * odcreat report --program=NAME, its records counted (odc_report_drill.h):
 * those of the programs NAME names (odc_report_want.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_report_drill.h"
#include "odc_report_grow.h"
#include "odc_report_resolve.h"
#include "odc_would.h"

static void odc_drill_prog_free(void *data)
{
	struct odc_drill_prog *p = data;

	odc_top_free(&p->scripts);
	odc_top_free(&p->sites);
	odc_top_free(&p->names);
	free(p);
}

void odc_drill_init(struct odc_drill *d, const char *want, bool resolve)
{
	*d = (struct odc_drill){ .resolve = resolve };
	odc_want_init(&d->want, want);
	odc_top_init(&d->programs, ODC_DRILL_PROGRAMS, odc_drill_prog_free);
}

void odc_drill_free(struct odc_drill *d)
{
	odc_want_free(&d->want);
	odc_top_free(&d->programs);
}

/* S (LEN bytes, as the log writes it) as printable ASCII at OUT, with its NUL: the bytes taken. */
static size_t odc_drill_put(char *out, size_t size, const char *s, size_t len)
{
	return odc_report_canon(out, size, s ? s : "", s ? len : 0, true) + 1;
}

/*
 * R's name and what it found and got, as a name's key, into KEY: the path,
 * after its directory where it is relative; the state, the result, and
 * each mode's answer.
 */
static size_t odc_drill_case_key(char *key, const struct odc_record *r)
{
	size_t n = 0;
	bool relative = r->path_len && r->path[0] != '/' && r->dir_len && r->path[0] != '(';

	if (relative) {
		n = odc_drill_put(key, ODC_REPORT_NAME_MAX, r->dir, r->dir_len) - 1;
		key[n++] = '/';
	}
	n += odc_drill_put(key + n, ODC_REPORT_NAME_MAX, r->path, r->path_len);
	n += odc_drill_put(key + n, 32, r->state ? r->state : "-", r->state ? r->state_len : 1);
	n += odc_drill_put(key + n, 32, r->result, r->result_len);

	const char *answer[ODC_MODE_COUNT] = { 0 };
	size_t answer_len[ODC_MODE_COUNT] = { 0 };
	bool made[ODC_MODE_COUNT] = { 0 };
	const char *s = r->would, *end = r->would ? r->would + r->would_len : NULL;
	struct odc_would_item w = { .mode = -1 };
	while (s && odc_would_next(&s, end, &w)) {
		if (w.mode < 0 || answer[w.mode])
			continue;
		answer[w.mode] = w.answer;
		answer_len[w.mode] = w.answer_len;
		made[w.mode] = w.made;
	}
	ODC_FOR_EACH_MODE(m) {
		n += odc_drill_put(key + n, 24, answer[m] ? answer[m] : "-", answer[m] ? answer_len[m] : 1) - 1;
		if (made[m]) {
			memcpy(key + n, ODC_WOULD_MADE, sizeof ODC_WOULD_MADE - 1);
			n += sizeof ODC_WOULD_MADE - 1;
		}
		key[n++] = '\0';
	}
	return n;
}

void odc_drill_case(const struct odc_top_entry *e, struct odc_drill_case *c)
{
	const char *s = e->key;

	c->name = s;
	c->state = s += strlen(s) + 1;
	c->result = s += strlen(s) + 1;
	ODC_FOR_EACH_MODE(m)
		c->would[m] = s += strlen(s) + 1;
}

/* A list's entry for the LEN bytes at S, "-" where there are none. */
static struct odc_top_entry *odc_drill_count(struct odc_top *t, const char *s, size_t len)
{
	char key[ODC_REPORT_NAME_MAX];

	if (!len)
		s = "-", len = 1;
	return odc_top_add(t, key, odc_report_canon(key, sizeof key, s, len, true));
}

/*
 * A site's entry, counted for R: whose rights its module is read with,
 * R's user; where the lines of two users name it, nobody's.
 */
static void odc_drill_site(struct odc_top_entry *e, const struct odc_record *r)
{
	long long *uid = e->data;

	if (!uid) {
		uid = e->data = odc_report_grow(NULL, sizeof *uid);
		*uid = r->as_uid;
	} else if (*uid != r->as_uid) {
		*uid = ODC_REPORT_NOBODY;
	}
}

void odc_drill_add(struct odc_drill *d, const struct odc_record *r)
{
	char name[2 * ODC_REPORT_NAME_MAX];

	if (!odc_want_names(&d->want, r))
		return;
	size_t exe_len = strnlen(name, odc_report_program(name, r));
	struct odc_top_entry *e = odc_top_add(&d->programs, name, exe_len);
	struct odc_drill_prog *p = e->data;
	if (!p) {
		p = e->data = odc_report_grow(NULL, sizeof *p);
		odc_top_init(&p->scripts, ODC_DRILL_SCRIPTS * ODC_DRILL_KEEP, NULL);
		odc_top_init(&p->sites, ODC_DRILL_SITES * ODC_DRILL_KEEP, free);
		odc_top_init(&p->names, ODC_DRILL_NAMES * ODC_DRILL_KEEP, NULL);
	}
	odc_drill_count(&p->scripts, r->script, r->script_len);
	odc_drill_site(odc_drill_count(&p->sites, r->where, r->where_len), r);
	char key[2 * ODC_REPORT_NAME_MAX + 128 + ODC_MODE_COUNT * 32];	/* see odc_drill_case_key */
	odc_top_add(&p->names, key, odc_drill_case_key(key, r));
}

/* The site KEY (LEN bytes) with the rights UID in SITES (N of them), merged where it is there. */
static size_t odc_drill_want(struct odc_site_rights *sites, size_t n, char (*keys)[ODC_REPORT_NAME_MAX + 1],
			     const char *key, size_t len, long long uid)
{
	snprintf(keys[n], ODC_REPORT_NAME_MAX + 1, "%.*s", (int)len, key);
	if (strcmp(keys[n], "-") == 0)
		return n;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(sites[i].site, keys[n]) == 0) {
			sites[i].uid = sites[i].uid == uid ? uid : ODC_REPORT_NOBODY;
			return n;
		}
	}
	sites[n] = (struct odc_site_rights){ keys[n], uid };
	return n + 1;
}

void odc_drill_resolve(const struct odc_drill *d)
{
	const struct odc_top_entry *progs[ODC_DRILL_PROGRAMS], *sorted[ODC_DRILL_SITES * ODC_DRILL_KEEP];
	static struct odc_site_rights sites[ODC_DRILL_PROGRAMS * ODC_DRILL_SITES];
	static char keys[ODC_DRILL_PROGRAMS * ODC_DRILL_SITES][ODC_REPORT_NAME_MAX + 1];
	size_t programs = odc_top_sorted(&d->programs, progs), n = 0;

	for (size_t i = 0; i < programs && i < ODC_DRILL_PROGRAMS; i++) {
		const struct odc_drill_prog *p = progs[i]->data;
		size_t shown = odc_top_sorted(&p->sites, sorted);
		for (size_t j = 0; j < shown && j < ODC_DRILL_SITES; j++)
			n = odc_drill_want(sites, n, keys, sorted[j]->key, sorted[j]->len,
					   *(const long long *)sorted[j]->data);
	}
	odc_resolve_all(sites, n);
}
