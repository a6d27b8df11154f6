/* odcreat report: the tally printed as CSV or JSON, or as text (print_text.c). */
#include <stdio.h>
#include <string.h>

#include "odc_predict.h"
#include "odc_report_rows.h"

static void odc_print_csv(const struct odc_report *rep)
{
	struct odc_count counts[6];
	size_t n = odc_count_names(rep, counts);

	printf("%s%s", rep->by & ODC_BY_HOST ? "host," : "", rep->by & ODC_BY_PROGRAM ? "program," : "");
	for (size_t c = 0; c < n; c++)
		printf("%s,", counts[c].name);
	printf("states");
	ODC_FOR_EACH_MODE(m)
		printf(",%s_differ,%s_made", odc_mode_name((enum odc_mode)m),
		       odc_mode_name((enum odc_mode)m));
	/* Last, where a column added keeps the others where they were. */
	printf("%s,eyes\n", rep->by & ODC_BY_PROGRAM ? ",script" : "");
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		if (rep->by & ODC_BY_HOST)
			odc_report_put_csv(p->host), putchar(',');
		if (rep->by & ODC_BY_PROGRAM)
			odc_report_put_csv(p->name), putchar(',');
		odc_row_counts(rep, p, counts);
		for (size_t c = 0; c < n; c++)
			printf("%s%ld,", counts[c].more ? ">" : "", counts[c].value);
		char states[ODC_STATES_TEXT_MAX];
		fputs(odc_states_text(p, ";", states), stdout);
		ODC_FOR_EACH_MODE(m) {
			if (odc_predicted(p, m))
				printf(",%ld,%ld", p->differ[m], p->made[m]);
			else
				printf(",,");
		}
		if (rep->by & ODC_BY_PROGRAM)
			putchar(','), odc_report_put_csv(p->script);
		char eyes[ODC_EYES_TEXT_MAX];
		printf(",%s\n", odc_eyes_text(p, true, ";", eyes));
	}
}

static void odc_print_json(const struct odc_report *rep)
{
	struct odc_count counts[6];

	printf("{\"calls\":%ld,\"programs\":%zu,\"hosts\":%zu,\"lost\":%ld,\"claimed\":%ld,"
	       "\"disowned\":%ld,\"unparsed\":%ld,\"unparsed_at\":[",
	       rep->records, odc_report_programs(rep), odc_report_hosts(rep), rep->lost, rep->claimed,
	       rep->disowned, rep->unparsed);
	for (long i = 0; i < rep->unparsed && i < 10; i++) {
		printf(i ? "," : "");
		odc_report_put_json(rep->where[i]);
	}
	printf("],\"rows\":[");
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		const char *sep = "";
		printf("%s{", i ? "," : "");
		if (rep->by & ODC_BY_HOST) {
			printf("\"host\":");
			odc_report_put_json(p->host);
			sep = ",";
		}
		if (rep->by & ODC_BY_PROGRAM) {
			printf("%s\"program\":", sep);
			odc_report_put_json(p->name);
			printf(",\"script\":");
			if (p->script[0])
				odc_report_put_json(p->script);
			else
				printf("null");
		}
		size_t n = odc_row_counts(rep, p, counts);
		for (size_t c = 0; c < n; c++)
			printf(",\"%s\":%ld", counts[c].name, counts[c].value);
		printf(",\"paths_more\":%s", p->paths_more ? "true" : "false");
		printf(",\"states\":[");
		sep = "";
		for (int s = ODC_STATE_MISSING; s <= ODC_STATE_ERROR; s++)
			if (p->states & 1u << s)
				printf("%s\"%s\"", sep, odc_state_name(s)), sep = ",";
		printf("],\"eyes\":[");
		char eyes[ODC_EYES_TEXT_MAX];
		odc_eyes_text(p, true, ",", eyes);
		for (const char *e = eyes, *comma; *e; e = comma ? comma + 1 : e + strlen(e)) {
			comma = strchr(e, ',');
			printf("%s\"%.*s\"", e == eyes ? "" : ",", (int)(comma ? comma - e : (long)strlen(e)), e);
		}
		printf("],\"modes\":{");
		sep = "";
		ODC_FOR_EACH_MODE(m) {
			printf("%s\"%s\":", sep, odc_mode_name((enum odc_mode)m));
			if (odc_predicted(p, m))
				printf("{\"differ\":%ld,\"made\":%ld}", p->differ[m], p->made[m]);
			else
				printf("null");
			sep = ",";
		}
		printf("}}");
	}
	printf("]}\n");
}

void odc_report_print(const struct odc_report *rep, enum odc_report_format format)
{
	if (format == ODC_REPORT_CSV)
		odc_print_csv(rep);
	else if (format == ODC_REPORT_JSON)
		odc_print_json(rep);
	else
		odc_report_print_text(rep);
}
