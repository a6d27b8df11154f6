/*
 * odcreat report --program=NAME as CSV or JSON: the same lists as the text
 * (drill_text.c), each entry whole. CSV has a row for each entry, its kind
 * first (script, site, name), and one for each list cut short (more_scripts,
 * more_sites, more_names, more_programs: how many it left out, in calls);
 * at_least says a count is a bound.
 */
#include <stdio.h>
#include <string.h>

#include "odc_report_resolve.h"
#include "odc_report_rows.h"

#define ODC_SORTED_MAX (ODC_DRILL_NAMES * ODC_DRILL_KEEP)
/* A CSV row's empty cells after at_least: the state, the result, each mode, and the three of a site. */
#define ODC_CSV_REST ",,,,,,,,,,,"

static void odc_data_put(enum odc_report_format f, const char *s)
{
	if (f == ODC_REPORT_CSV)
		odc_report_put_csv(s);
	else
		odc_report_put_json(s);
}

/* The LEN bytes at S, NUL-terminated, into OUT. */
static const char *odc_key(const struct odc_top_entry *e, char out[ODC_REPORT_NAME_MAX + 1])
{
	snprintf(out, ODC_REPORT_NAME_MAX + 1, "%.*s", (int)e->len, e->key);
	return out;
}

/* A site's function and source, as CSV's last three cells or JSON's members. */
static void odc_put_resolved(enum odc_report_format f, const char *site)
{
	struct odc_resolved r;
	bool csv = f == ODC_REPORT_CSV;

	odc_resolve(site, &r);
	printf(csv ? "," : ",\"function\":");
	r.why ? printf(csv ? "" : "null") : odc_data_put(f, r.function);
	printf(csv ? "," : ",\"source\":");
	r.why ? printf(csv ? "" : "null") : odc_data_put(f, r.source);
	printf(csv ? "," : ",\"unresolved\":");
	r.why ? odc_data_put(f, r.why) : (void)printf(csv ? "" : "null");
}

/* CSV: a row of PROGRAM's, of KIND, for ITEM with COUNT; the cells after it empty where C is NULL. */
static void odc_csv_row(const char *program, const char *kind, const char *item, long count,
			bool at_least, const struct odc_drill_case *c)
{
	odc_report_put_csv(program);
	printf(",%s,", kind);
	odc_report_put_csv(item);
	printf(",%ld,%s,", count, at_least ? "true" : "false");
	if (c) {
		odc_report_put_csv(c->state), putchar(',');
		odc_report_put_csv(c->result);
	} else {
		putchar(',');
	}
	ODC_FOR_EACH_MODE(m) {
		putchar(',');
		if (c)
			odc_report_put_csv(c->would[m]);
	}
}

/* List T of PROGRAM's, its first MAX entries and how many more, as KIND. */
static void odc_data_list(const struct odc_drill *d, enum odc_report_format f, const char *program,
			  const struct odc_top *t, size_t max, const char *kind)
{
	const struct odc_top_entry *sorted[ODC_SORTED_MAX];
	size_t n = odc_top_sorted(t, sorted), shown = n < max ? n : max;
	bool names = strcmp(kind, "name") == 0, sites = strcmp(kind, "site") == 0, exact;
	char key[ODC_REPORT_NAME_MAX + 1];

	if (f == ODC_REPORT_JSON)
		printf(",\"%ss\":[", kind);
	for (size_t i = 0; i < shown; i++) {
		const struct odc_top_entry *e = sorted[i];
		struct odc_drill_case c;
		if (names)
			odc_drill_case(e, &c);
		const char *item = names ? c.name : odc_key(e, key);
		bool none = !names && strcmp(item, "-") == 0;	/* no script, or no site logged */
		if (f == ODC_REPORT_CSV) {
			odc_csv_row(program, kind, none ? "" : item, e->count - e->error, e->error,
				    names ? &c : NULL);
			if (sites && d->resolve && !none)
				odc_put_resolved(f, item);
			else
				printf(",,,");
			putchar('\n');
			continue;
		}
		printf("%s{\"%s\":", i ? "," : "", kind);
		none ? (void)printf("null") : odc_data_put(f, item);
		printf(",\"calls\":%ld,\"at_least\":%s", e->count - e->error, e->error ? "true" : "false");
		if (names) {
			printf(",\"state\":"), odc_data_put(f, c.state);
			printf(",\"result\":"), odc_data_put(f, c.result);
			printf(",\"would\":{");
			ODC_FOR_EACH_MODE(m)
				printf("%s\"%s\":", m ? "," : "", odc_mode_name((enum odc_mode)m)),
					odc_data_put(f, c.would[m]);
			printf("}");
		}
		if (sites && d->resolve && !none)
			odc_put_resolved(f, item);
		printf("}");
	}
	long more = odc_top_more(t, shown, &exact);
	if (f == ODC_REPORT_JSON) {
		printf("],\"more_%ss\":%ld,\"more_%ss_at_least\":%s", kind, more, kind,
		       exact ? "false" : "true");
	} else if (more) {
		odc_report_put_csv(program);
		printf(",more_%ss,,%ld,%s%s\n", kind, more, exact ? "false" : "true", ODC_CSV_REST);
	}
}

static void odc_drill_print_data(const struct odc_drill *d, enum odc_report_format f)
{
	const struct odc_top_entry *progs[ODC_DRILL_PROGRAMS];
	size_t n = odc_top_sorted(&d->programs, progs);
	bool csv = f == ODC_REPORT_CSV, exact;
	char name[ODC_REPORT_NAME_MAX + 1];

	if (csv) {
		printf("program,kind,item,calls,at_least,state,result");
		ODC_FOR_EACH_MODE(m)
			printf(",%s", odc_mode_name((enum odc_mode)m));
		printf(",function,source,unresolved\n");
	} else {
		printf("{\"programs\":[");
	}
	for (size_t i = 0; i < n; i++) {
		const struct odc_drill_prog *p = progs[i]->data;
		odc_key(progs[i], name);
		if (!csv) {
			printf("%s{\"program\":", i ? "," : "");
			odc_data_put(f, name);
			printf(",\"calls\":%ld,\"at_least\":%s", progs[i]->count - progs[i]->error,
			       progs[i]->error ? "true" : "false");
		}
		odc_data_list(d, f, name, &p->scripts, ODC_DRILL_SCRIPTS, "script");
		odc_data_list(d, f, name, &p->sites, ODC_DRILL_SITES, "site");
		odc_data_list(d, f, name, &p->names, ODC_DRILL_NAMES, "name");
		printf(csv ? "" : "}");
	}
	long more = odc_top_more(&d->programs, n, &exact);
	if (!csv)
		printf("],\"more_programs\":%ld,\"more_programs_at_least\":%s,\"unparsed\":%ld}\n",
		       more, exact ? "false" : "true", d->unparsed);
	else if (more)
		printf(",more_programs,,%ld,%s%s\n", more, exact ? "false" : "true", ODC_CSV_REST);
}

void odc_drill_print(const struct odc_drill *d, enum odc_report_format format)
{
	if (d->resolve)
		odc_drill_resolve(d);
	if (format == ODC_REPORT_TEXT)
		odc_drill_print_text(d);
	else
		odc_drill_print_data(d, format);
}
