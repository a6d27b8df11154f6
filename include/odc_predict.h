/*
 * The survey: what a call's name held just before the call, and what each
 * mode answers for such a call. The answer is predicted from the flags and
 * that state alone, without a second run of the call: the README's table
 * as code.
 */
#ifndef ODC_PREDICT_H
#define ODC_PREDICT_H

#include <stdbool.h>
#include <sys/stat.h>

#include "odc_call.h"
#include "odc_mode.h"

/*
 * What the name held. LINK_FILE is a symlink to anything but a directory;
 * OTHER a FIFO, socket or device. ERROR: the name could not be looked at
 * (a missing parent, EACCES, a bad pointer); every mode that acts meets
 * that errno once its flag checks pass. INVALID: the call's own arguments
 * are refused (an open_how openat2 rejects) before any mode looks.
 */
#define ODC_STATES(X) X(UNREAD, "unread") X(MISSING, "missing") X(DIR, "dir") X(FILE, "file") \
	X(LINK_DIR, "link-dir") X(LINK_FILE, "link-file") X(DANGLING, "dangling")            \
	X(OTHER, "other") X(ERROR, "error") X(INVALID, "error")

enum odc_state {
#define ODC_STATE_ENUM(id, name) ODC_STATE_##id,
	ODC_STATES(ODC_STATE_ENUM)
#undef ODC_STATE_ENUM
};

struct odc_found {
	enum odc_state state;
	long readable;	/* the kernel's answer to a copy of the path: 0, or an errno */
	int error;	/* ERROR, INVALID: the errno */
	bool slash;	/* the name ends in '/' */
	bool sticky;	/* the sticky-directory rule refuses an O_CREAT open of what is there */
};

struct odc_outcome {
	int error;	/* 0: the caller gets a descriptor */
	bool made;	/* the mode leaves something new on disk */
};

/* C's state, read without following its last symlink and without changing anything. */
void odc_found_read(const struct odc_call *c, struct odc_found *f);
/*
 * The directory C's name is in, as odc_found_read finds it, described in
 * ST: 0, or a negative errno. Its change time tells whether the state
 * read now is still what it was at an earlier moment.
 */
long odc_found_dir_stat(const struct odc_call *c, struct stat *st);
const char *odc_state_name(enum odc_state state);
/* The state the LEN bytes at NAME name, as state= writes it, or -1. */
int odc_state_parse_len(const char *name, size_t len);

/* What MODE answers a call with FLAGS on a name in state F. Not for native. */
struct odc_outcome odc_predict(enum odc_mode mode, int flags, const struct odc_found *f);

#endif
