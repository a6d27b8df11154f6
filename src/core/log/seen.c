/*
 * The fields of a call odcreat-watch saw (odc_log_seen.h): how the kernel
 * saw it and who made it, each the kernel's word, and why the name's state
 * was not read, the watcher's.
 */
#include <limits.h>
#include <string.h>

#include "odc_log_about.h"
#include "odc_log_seen.h"

bool odc_seen_field(enum odc_log_field f)
{
	return f >= ODC_FIELD_SEEN && f < ODC_FIELD_COUNT;
}

bool odc_seen_said(enum odc_log_field f, const struct odc_log_seen *s)
{
	switch (f) {
	case ODC_FIELD_CGROUP:
		return s->cgroup[0] != '\0';
	case ODC_FIELD_STATE_UNREAD:
		return s->unread != NULL;
	default:
		return true;
	}
}

bool odc_seen_lost_line_says(enum odc_log_field f)
{
	switch (f) {
	case ODC_FIELD_DIRFD:
	case ODC_FIELD_FLAGS:
	case ODC_FIELD_MODE:
	case ODC_FIELD_RESOLVE:
	case ODC_FIELD_SEMANTICS:
	case ODC_FIELD_RESULT:
	case ODC_FIELD_STATE:
	case ODC_FIELD_WOULD:
	case ODC_FIELD_DIR:
	case ODC_FIELD_STATE_UNREAD:
		return false;
	default:
		return true;
	}
}

void odc_seen_value(struct odc_line *l, enum odc_log_field f, const struct odc_log_seen *s)
{
	switch (f) {
	case ODC_FIELD_SEEN: odc_put(l, s->how); break;
	case ODC_FIELD_ABI: odc_put(l, s->abi); break;
	case ODC_FIELD_TID: odc_put_uint(l, s->tid, 10, 1); break;
	case ODC_FIELD_NSPID: odc_put_uint(l, s->nspid, 10, 1); break;
	case ODC_FIELD_RUID: odc_put_uint(l, s->ruid, 10, 1); break;
	case ODC_FIELD_EGID: odc_put_uint(l, s->egid, 10, 1); break;
	case ODC_FIELD_CGROUP: odc_put_escaped_within(l, s->cgroup, PATH_MAX, ODC_CGROUP_ROOM); break;
	case ODC_FIELD_CGROUP_ID: odc_put_uint(l, s->cgroup_id, 10, 1); break;
	case ODC_FIELD_MNTNS: odc_put_uint(l, s->mntns, 10, 1); break;
	case ODC_FIELD_PIDNS: odc_put_uint(l, s->pidns, 10, 1); break;
	case ODC_FIELD_USERNS: odc_put_uint(l, s->userns, 10, 1); break;
	case ODC_FIELD_STATE_UNREAD: odc_put(l, s->unread); break;
	default: break;
	}
}

void odc_seen_time(const struct odc_log_seen *s, struct timeval *at)
{
	at->tv_sec = (time_t)(s->time_ns / 1000000000);
	at->tv_usec = (suseconds_t)(s->time_ns % 1000000000 / 1000);
}

void odc_seen_exe(struct odc_line *l, const struct odc_log_seen *s)
{
	odc_put_escaped_within(l, s->exe, PATH_MAX, ODC_EXE_ROOM);
}

void odc_seen_script(struct odc_line *l, const struct odc_log_seen *s)
{
	odc_put_escaped_within(l, s->script, PATH_MAX, ODC_SCRIPT_ROOM);
}

size_t odc_seen_path_room(const struct odc_log_seen *s, const char *path, size_t room)
{
	if (!s || !s->path_cut)
		return room;	/* a caller's own path may be a bad pointer: never read it here */
	size_t len = strlen(path);	/* the watcher's copy */

	return room < len ? room : len ? len - 1 : 0;
}
