/*
 * An argument's inputs read together (odc_report_source.h): each in its
 * own order, the next record always the earliest call's among their next
 * ones, so that a log directory's files meet where their calls do
 * (join.c); the watcher's placed ODC_JOIN_LATE_NS late, so that the
 * library's line of a call, which has what it saw before the call, comes
 * first. A record without a time keeps its input's place. The inputs are
 * a heap by their next record's place: a directory of many users' files
 * costs each record a few comparisons.
 */
#include <limits.h>
#include <stdlib.h>

#include "odc_report_grow.h"
#include "odc_report_join.h"
#include "odc_report_source.h"

/* S's next record, and its place: false at its end. */
static bool odc_next(struct odc_report *rep, struct odc_source *s)
{
	if (!odc_source_next(rep, s))
		return false;
	if (s->r.time_ns)
		s->at = s->r.time_ns + (s->r.eyes == ODC_EYE_WATCHER ? ODC_JOIN_LATE_NS : 0);
	return true;
}

/* HEAP's element I moved down to its place among the N. */
static void odc_sift(struct odc_source **heap, size_t n, size_t i)
{
	for (;;) {
		size_t first = i, left = 2 * i + 1, right = left + 1;
		if (left < n && heap[left]->at < heap[first]->at)
			first = left;
		if (right < n && heap[right]->at < heap[first]->at)
			first = right;
		if (first == i)
			return;
		struct odc_source *s = heap[i];
		heap[i] = heap[first];
		heap[first] = s;
		i = first;
	}
}

int odc_report_read_sources(struct odc_report *rep, struct odc_source *s, size_t n)
{
	struct odc_source **heap = odc_report_grow(NULL, (n ? n : 1) * sizeof *heap);
	size_t live = 0;
	int status = 0;

	for (size_t i = 0; i < n; i++) {
		s[i].at = LLONG_MIN;
		if (odc_next(rep, &s[i]))
			heap[live++] = &s[i];
	}
	for (size_t i = live / 2; i-- > 0;)
		odc_sift(heap, live, i);
	while (live) {
		odc_join_add(rep, &heap[0]->r, heap[0]->at);
		if (!odc_next(rep, heap[0]))
			heap[0] = heap[--live];
		odc_sift(heap, live, 0);
	}
	odc_join_end(rep);
	for (size_t i = 0; i < n; i++)
		status |= odc_source_end(&s[i]);
	free(heap);
	return status;
}
