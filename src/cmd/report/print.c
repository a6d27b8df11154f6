/* odcreat report: the tally printed as text, CSV or JSON (odc_report_parts.h). */
#include <stdio.h>
#include <string.h>

#include "odc_predict.h"
#include "odc_report_parts.h"

/* Native's predictions are the running kernel's meaning: a log may have none. */
#define ODC_FOR_EACH_MODE(m) for (int m = 0; m < ODC_MODE_COUNT; m++)

static bool odc_predicted(const struct odc_report_prog *p, int mode)
{
	return p->predicted & 1u << mode;
}

/* The states P's calls found, joined by SEP: the width printed. */
static int odc_print_states(const struct odc_report_prog *p, const char *sep)
{
	const char *before = "";
	int width = 0;

	for (int s = ODC_STATE_MISSING; s <= ODC_STATE_ERROR; s++) {
		if (!(p->states & 1u << s))
			continue;
		width += printf("%s%s", before, odc_state_name(s));
		before = sep;
	}
	return width;
}

/* Mode M's column of a text row, which ends with the last. */
static void odc_print_column(int m, const char *cell)
{
	printf(m < ODC_MODE_COUNT - 1 ? " %-11s" : " %s\n", cell);
}

struct odc_count {
	const char *name;
	long value;
	bool more;	/* more than the value: a count that stops there */
};

/*
 * The counts every format prints after a row's key, in order, into OUT:
 * how many hosts a row's program ran on and how many programs ran on its
 * host, each only where it is not part of the key (there it is always 1).
 */
static size_t odc_row_counts(const struct odc_report *rep, const struct odc_report_prog *p,
			     struct odc_count out[6])
{
	size_t n = 0;

	out[n++] = (struct odc_count){ .name = "calls", .value = p->calls };
	if (!(rep->by & ODC_BY_HOST))
		out[n++] = (struct odc_count){ .name = "hosts", .value = p->hosts };
	if (!(rep->by & ODC_BY_PROGRAM))
		out[n++] = (struct odc_count){ .name = "programs", .value = p->programs };
	out[n++] = (struct odc_count){ .name = "lost", .value = p->lost };
	out[n++] = (struct odc_count){ .name = "claimed", .value = p->claimed };
	out[n++] = (struct odc_count){ .name = "paths", .value = p->paths, .more = p->paths_more };
	return n;
}

/* The names of those counts, for a header. */
static size_t odc_count_names(const struct odc_report *rep, struct odc_count out[6])
{
	return odc_row_counts(rep, &(struct odc_report_prog){ 0 }, out);
}

/* A row's name in a sentence: its program, its host, or HOST:PROGRAM. */
static void odc_print_label(const struct odc_report *rep, const struct odc_report_prog *p)
{
	if (rep->by == (ODC_BY_HOST | ODC_BY_PROGRAM))
		printf(" %s:%s", p->host, p->name);
	else
		printf(" %s", rep->by & ODC_BY_HOST ? p->host : p->name);
}

static void odc_print_text(const struct odc_report *rep)
{
	struct odc_count counts[6];
	size_t n = odc_count_names(rep, counts);

	if (rep->by & ODC_BY_HOST)
		printf("%-24s ", "host");
	if (rep->by & ODC_BY_PROGRAM)
		printf("%-32s ", "program");
	for (size_t c = 0; c < n; c++)
		printf("%9s", counts[c].name);
	printf("  %-24s", "states");
	ODC_FOR_EACH_MODE(m)
		odc_print_column(m, odc_mode_name((enum odc_mode)m));
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		if (rep->by & ODC_BY_HOST)
			printf("%-24s ", p->host);
		if (rep->by & ODC_BY_PROGRAM)
			printf("%-32s ", p->name);
		odc_row_counts(rep, p, counts);
		for (size_t c = 0; c < n; c++) {
			char value[24];
			snprintf(value, sizeof value, "%s%ld", counts[c].more ? ">" : "", counts[c].value);
			printf(" %8s", value);
		}
		printf("  ");
		int width = odc_print_states(p, ",");
		printf("%*s", width < 24 ? 24 - width : 0, "");
		ODC_FOR_EACH_MODE(m) {
			char cell[48] = "-";
			if (odc_predicted(p, m))
				snprintf(cell, sizeof cell, "%ld/%ld", p->differ[m], p->made[m]);
			odc_print_column(m, cell);
		}
	}
	printf("\nEach mode: calls that would have got another result / calls that would have\n"
	       "left something new on disk; - where the log has no predictions. lost: calls\n"
	       "whose lines never arrived; claimed: calls named by the sender's word alone.\n"
	       "Those that would notice a change from the results they got, to each mode:\n");
	ODC_FOR_EACH_MODE(m) {
		printf("  %-10s", odc_mode_name((enum odc_mode)m));
		int named = 0;
		for (size_t i = 0; i < rep->names.count; i++)
			if (rep->progs[i].differ[m] || rep->progs[i].made[m])
				odc_print_label(rep, &rep->progs[i]), named++;
		printf("%s\n", named ? "" : " none");
	}
	printf("%ld calls from %zu programs on %zu hosts; %ld lost, %ld claimed", rep->records,
	       rep->programs.count, rep->hosts.count, rep->lost, rep->claimed);
	if (rep->unparsed) {
		printf("; %ld line%s could not be read:", rep->unparsed, rep->unparsed == 1 ? "" : "s");
		for (long i = 0; i < rep->unparsed && i < 10; i++)
			printf(" %s", rep->where[i]);
		if (rep->unparsed > 10)
			printf(" ...");
	}
	if (rep->disowned)
		printf("; %ld line%s not counted: %s uid= is not %s file's owner", rep->disowned,
		       rep->disowned == 1 ? "" : "s", rep->disowned == 1 ? "its" : "their",
		       rep->disowned == 1 ? "its" : "their");
	putchar('\n');
}

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
	putchar('\n');
	for (size_t i = 0; i < rep->names.count; i++) {
		const struct odc_report_prog *p = &rep->progs[i];
		if (rep->by & ODC_BY_HOST)
			odc_report_put_csv(p->host), putchar(',');
		if (rep->by & ODC_BY_PROGRAM)
			odc_report_put_csv(p->name), putchar(',');
		odc_row_counts(rep, p, counts);
		for (size_t c = 0; c < n; c++)
			printf("%s%ld,", counts[c].more ? ">" : "", counts[c].value);
		odc_print_states(p, ";");
		ODC_FOR_EACH_MODE(m) {
			if (odc_predicted(p, m))
				printf(",%ld,%ld", p->differ[m], p->made[m]);
			else
				printf(",,");
		}
		putchar('\n');
	}
}

static void odc_print_json(const struct odc_report *rep)
{
	struct odc_count counts[6];

	printf("{\"calls\":%ld,\"programs\":%zu,\"hosts\":%zu,\"lost\":%ld,\"claimed\":%ld,"
	       "\"disowned\":%ld,\"unparsed\":%ld,\"unparsed_at\":[",
	       rep->records, rep->programs.count, rep->hosts.count, rep->lost, rep->claimed,
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
		odc_print_text(rep);
}
