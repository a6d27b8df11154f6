/*
 * odcreat report: what a row says, the same for every format (print.c,
 * print_text.c): its counts, its states, the modes its calls predicted.
 */
#include <stdio.h>

#include "odc_predict.h"
#include "odc_report_rows.h"

bool odc_predicted(const struct odc_report_prog *p, int mode)
{
	return p->predicted & 1u << mode;
}

const char *odc_states_text(const struct odc_report_prog *p, const char *sep,
			    char out[ODC_STATES_TEXT_MAX])
{
	size_t n = 0;

	out[0] = '\0';
	for (int s = ODC_STATE_MISSING; s <= ODC_STATE_ERROR; s++)
		if (p->states & 1u << s)
			n += (size_t)snprintf(out + n, ODC_STATES_TEXT_MAX - n, "%s%s", n ? sep : "",
					      odc_state_name(s));
	return out;
}

const char *odc_eyes_text(const struct odc_report_prog *p, bool words, const char *sep,
			  char out[ODC_EYES_TEXT_MAX])
{
	bool lib = p->eyes & ODC_EYE_LIBRARY, seen = p->eyes & ODC_EYE_WATCHER;

	snprintf(out, ODC_EYES_TEXT_MAX, "%s%s%s", lib ? words ? "library" : "L" : "",
		 lib && seen && words ? sep : "", seen ? words ? "watcher" : "W" : "");
	return out;
}

size_t odc_row_counts(const struct odc_report *rep, const struct odc_report_prog *p,
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

size_t odc_report_programs(const struct odc_report *rep)
{
	return rep->by == ODC_BY_PROGRAM ? rep->names.count : rep->programs.count;
}

size_t odc_report_hosts(const struct odc_report *rep)
{
	return rep->by == ODC_BY_HOST ? rep->names.count : rep->hosts.count;
}

size_t odc_count_names(const struct odc_report *rep, struct odc_count out[6])
{
	return odc_row_counts(rep, &(struct odc_report_prog){ 0 }, out);
}
