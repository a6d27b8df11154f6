/*
 * What --program=NAME names (odc_report_want.h). Every name is compared
 * as the report prints it (printable ASCII, the log's escapes), so that
 * a row copied from the table names its program.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odc_report_grow.h"
#include "odc_report_set.h"
#include "odc_say.h"
#include "odc_report_want.h"

/* A record's names, as the report prints them. */
struct odc_names {
	char row[2 * ODC_REPORT_NAME_MAX], started[ODC_REPORT_NAME_MAX];
	const char *exe, *bare, *base, *script, *script_base;
};

/* S's last part: after its last slash. */
static const char *odc_last_part(const char *s)
{
	const char *slash = strrchr(s, '/');

	return slash ? slash + 1 : s;
}

/* The LEN bytes at S as given, and where they are a path to a file here, its name from the root. */
static struct odc_want_name odc_name_of(const char *s, size_t len)
{
	struct odc_want_name n = { .as_given = odc_report_copy(s, len) };
	char path[PATH_MAX], canon[ODC_REPORT_NAME_MAX];

	if (!strchr(n.as_given, '/') || !realpath(n.as_given, path))
		return n;
	n.as_path = odc_report_copy(canon, odc_report_canon(canon, sizeof canon, path, strlen(path), false));
	return n;
}

/*
 * NAME with each \x20 a blank again: the text writes a name's blanks so,
 * and a row copied from it names its program.
 */
static char *odc_want_unescaped(const char *name)
{
	char *copy = odc_report_copy(name, strlen(name)), *to = copy;

	for (const char *from = copy; *from;) {
		bool blank = strncmp(from, "\\x20", 4) == 0;
		*to++ = blank ? ' ' : *from;
		from += blank ? 4 : 1;
	}
	*to = '\0';
	return copy;
}

void odc_want_init(struct odc_want *w, const char *given)
{
	char *name = odc_want_unescaped(given);

	*w = (struct odc_want){ .whole = odc_name_of(name, strlen(name)) };
	for (const char *blank = name; (blank = strchr(blank, ' ')) && w->splits < ODC_WANT_SPLITS; blank++) {
		w->program[w->splits] = odc_name_of(name, (size_t)(blank - name));
		w->script[w->splits++] = odc_name_of(blank + 1, strlen(blank + 1));
	}
	free(name);
	odc_report_key(w->key);
}

static void odc_name_free(struct odc_want_name *n)
{
	free(n->as_given);
	free(n->as_path);
}

void odc_want_free(struct odc_want *w)
{
	odc_name_free(&w->whole);
	for (size_t i = 0; i < w->splits; i++) {
		odc_name_free(&w->program[i]);
		odc_name_free(&w->script[i]);
	}
}

/* R's names into N. */
static void odc_names_of(const struct odc_record *r, struct odc_names *n)
{
	size_t len = odc_report_program(n->row, r), exe_len = strnlen(n->row, len);

	n->row[len] = '\0';
	n->exe = n->bare = n->row;
	if (n->exe[0] == '[' && strstr(n->exe, "] "))
		n->bare = strstr(n->exe, "] ") + 2;	/* "[uid N] PATH" */
	n->base = odc_last_part(n->bare);
	n->script = exe_len < len ? n->row + exe_len + 1 : "";
	n->script_base = odc_last_part(n->script);
	n->started[0] = '\0';
	if (r->started)
		odc_report_canon(n->started, sizeof n->started, r->started, r->started_len, true);
}

static bool odc_program_named(const struct odc_want_name *w, const struct odc_names *n)
{
	const char *s = w->as_given;

	return strcmp(s, n->exe) == 0 || strcmp(s, n->bare) == 0 || strcmp(s, n->base) == 0 ||
	       (n->started[0] && strcmp(s, n->started) == 0) || (w->as_path && strcmp(w->as_path, n->bare) == 0);
}

static bool odc_script_named(const struct odc_want_name *w, const struct odc_names *n)
{
	const char *s = w->as_given;

	return n->script[0] && (strcmp(s, n->script) == 0 || strcmp(s, n->script_base) == 0 ||
				(w->as_path && strcmp(w->as_path, n->script) == 0));
}

/* The edit distance between A and B, each cut at ODC_WANT_COMPARED bytes. */
static unsigned odc_distance(const char *a, const char *b)
{
	unsigned row[ODC_WANT_COMPARED + 1], a_len = (unsigned)strnlen(a, ODC_WANT_COMPARED);
	unsigned b_len = (unsigned)strnlen(b, ODC_WANT_COMPARED);

	for (unsigned i = 0; i <= a_len; i++)
		row[i] = i;
	for (unsigned j = 1; j <= b_len; j++) {
		unsigned diagonal = row[0];
		row[0] = j;
		for (unsigned i = 1; i <= a_len; i++) {
			unsigned above = row[i], best = diagonal + (a[i - 1] != b[j - 1]);
			best = above + 1 < best ? above + 1 : best;
			best = row[i - 1] + 1 < best ? row[i - 1] + 1 : best;
			diagonal = above;
			row[i] = best;
		}
	}
	return row[a_len];
}

/* NAME weighed against W's for the closest, unless it was lately. */
static void odc_weigh(struct odc_want *w, const char *name)
{
	uint64_t hash = odc_report_hash(w->key, name, strlen(name)) | 1;
	uint64_t *lately = &w->lately[hash % ODC_WANT_LATELY];

	if (!name[0] || *lately == hash)
		return;
	*lately = hash;
	unsigned distance = odc_distance(odc_last_part(w->whole.as_given), name);
	size_t at = w->closest_count;
	for (size_t i = 0; i < w->closest_count; i++)
		if (strncmp(w->closest[i].name, name, ODC_WANT_COMPARED) == 0)
			return;
	while (at > 0 && (w->closest[at - 1].distance > distance ||
			  (w->closest[at - 1].distance == distance && strcmp(w->closest[at - 1].name, name) > 0)))
		at--;
	if (at == ODC_WANT_CLOSEST)
		return;
	size_t keep = w->closest_count < ODC_WANT_CLOSEST ? w->closest_count : ODC_WANT_CLOSEST - 1;
	memmove(&w->closest[at + 1], &w->closest[at], (keep - at) * sizeof w->closest[0]);
	snprintf(w->closest[at].name, sizeof w->closest[at].name, "%s", name);
	w->closest[at].distance = distance;
	w->closest_count = keep + 1;
}

bool odc_want_names(struct odc_want *w, const struct odc_record *r)
{
	struct odc_names n;

	odc_names_of(r, &n);
	if (odc_program_named(&w->whole, &n) || odc_script_named(&w->whole, &n))
		return true;
	for (size_t i = 0; i < w->splits; i++)
		if (odc_program_named(&w->program[i], &n) && odc_script_named(&w->script[i], &n))
			return true;
	odc_weigh(w, n.base);
	odc_weigh(w, n.started);
	odc_weigh(w, n.script_base);
	return false;
}

/* NAME on lines of its own, two blanks in, of at most 80 columns, all but the last ended by a backslash. */
static void odc_say_name(const char *name)
{
	size_t len = strlen(name);

	for (; len > 77; name += 77, len -= 77)
		odc_say("  %.77s\\\n", name);
	odc_say("  %s\n", name);
}

void odc_want_say_none(const struct odc_want *w)
{
	char name[ODC_REPORT_NAME_MAX];

	odc_report_canon(name, sizeof name, w->whole.as_given, strlen(w->whole.as_given), false);
	odc_say("odcreat report: no program of the inputs is named\n");
	odc_say_name(name);
	if (!w->closest_count) {
		odc_say("They hold no call.\n");
		return;
	}
	odc_say("The closest names they hold:\n");
	for (size_t i = 0; i < w->closest_count; i++)
		odc_say_name(w->closest[i].name);
}
