/*
 * The resolving of odcreat report --program --resolve
 * (src/cmd/report/resolve/): each call site the drill-down shows, its
 * module read by a child of its own, confined, with its lines' writer's
 * rights (the reading: src/cmd/report/elf/).
 */
#ifndef ODC_REPORT_RESOLVE_H
#define ODC_REPORT_RESOLVE_H

#include <stddef.h>

/*
 * Where --resolve finds a call site in its module's code
 * (resolve/run.c): the function and the source file and line,
 * or why not (then FUNCTION is empty; WHY points into REASON).
 */
struct odc_resolved {
	char function[256], source[512], reason[384];
	const char *why;	/* NULL where resolved */
};

/*
 * A site to resolve, and whose rights its module is read with: the user
 * its lines are from, on the kernel's word or journald's, or
 * ODC_REPORT_NOBODY where none vouches for them.
 */
struct odc_site_rights {
	const char *site;	/* as the drill-down keys it */
	long long uid;
};

/*
 * Every one of the N SITES resolved, within one deadline for them all
 * (30 s, or fewer where the environment's ODCREAT_RESOLVE_SECONDS says),
 * each answer kept for odc_resolve. One drill-down a run.
 */
void odc_resolve_all(const struct odc_site_rights *sites, size_t n);
/* SITE's answer, as odc_resolve_all found it. */
void odc_resolve(const char *site, struct odc_resolved *out);

#endif
