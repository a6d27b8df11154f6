/*
 * The fuzz harness's parts (tests/fuzz/): the model of what each mode must
 * do (model.c), the bad input a step may pass (bad.c), the model checked
 * against tests/table.txt (table.c), and the harness (fuzz_semantics.c).
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "odc_abi.h"
#include "odc_mode.h"

enum fz_state {
	S_MISSING, S_DIR, S_FILE, S_LINKDIR, S_LINKFILE, S_DANGLING, S_SLASH, S_NOPARENT,
	S_STICKYDIR, S_STICKYLINKDIR,	/* uid 1's, in a 1777 directory of root's */
	S_COUNT
};

extern const char *const fz_state_names[S_COUNT];
extern const char *const fz_state_setup[S_COUNT];
extern const char *const fz_state_path[S_COUNT];

enum fz_kind { K_NONE, K_DIR, K_FILE, K_DATA, K_LINK };

/* What the disk holds: the kinds of a, p and t (nothing else may appear). */
struct fz_disk {
	enum fz_kind a, p, t;
};

struct fz_expect {
	int err;		/* 0: a descriptor */
	enum fz_kind fd;	/* K_DIR or K_FILE when err == 0 */
	struct fz_disk disk;
	char made;		/* 'p' or 't': the object the call created, 0 if none */
};

/* model.c */
struct fz_disk fz_disk_before(enum fz_state s);
struct fz_expect fz_fail(struct fz_expect e, int err);
int fz_flags_verdict(enum odc_mode mode, int flags);
struct fz_expect model(enum odc_mode mode, enum fz_state s, int flags);
enum odc_mode fz_mode_of(const char *value, bool *warn);
const char *fz_errno_name(int err);
void fz_render_expect(const struct fz_expect *e, char *out, size_t len);
void fz_render_flags(int flags, char *out, size_t len);

/* bad.c: what a step passes besides a good call. The open_how kinds apply to openat2 alone. */
enum fz_bad {
	B_NONE,
	B_PATH_NULL, B_PATH_UNMAPPED, B_PATH_CROSS, B_PATH_KERNEL,
	B_HOW_NULL, B_HOW_UNMAPPED, B_HOW_CROSS, B_HOW_KERNEL,
	B_HOW_FLAG, B_HOW_FLAG64, B_HOW_RESOLVE, B_HOW_SCOPES, B_HOW_MODE, B_HOW_CACHED,
	B_COUNT
};

extern const char *const fz_bad_names[B_COUNT];
bool fz_bad_path(enum fz_bad b);
bool fz_bad_how_pointer(enum fz_bad b);
void fz_map_gap(void);
void fz_bad_apply(enum fz_bad b, const char **path, struct odc_open_how **how);

/* table.c: check model() against tests/table.txt (ODC_FUZZ_TABLE), or exit. */
void fz_check_table(void);

/* fuzz_semantics.c: reports, and a broken harness or environment (not a finding). */
void fz_say(const char *fmt, ...);
void fz_fatal(const char *what);
void fz_cleanup(void);

#endif
