/*
 * A log directory (log = DIR/, ODCREAT_LOG=DIR/): every process appends to
 * DIR/EUID.log, a file of its own user's, so that every user's calls are
 * recorded and the file's owner, which the kernel vouches for, says whose
 * they are (src/core/dest/dir.c).
 */
#ifndef ODC_LOG_DIR_H
#define ODC_LOG_DIR_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

struct odc_line;

/*
 * DIR opened O_PATH, its own last component never a symlink, and ST filled
 * from the descriptor (not from the name, which a racer may rename): a
 * descriptor, or a negative errno.
 */
long odc_log_dir_open(const char *dir, struct stat *st);

/* Why the directory ST describes may hold no user's log, or NULL where it may. */
const char *odc_log_dir_refusal(const struct stat *st);

/* Why the file ST describes is not UID's own log, or NULL where it is. */
const char *odc_log_dir_file_refusal(const struct stat *st, uid_t uid);

/*
 * UID's file name in the directory, "UID.log", into NAME: its length. (A
 * private name, "UID-KEY.log", fills NAME to its last byte.)
 */
#define ODC_LOG_DIR_NAME_MAX 32
size_t odc_log_dir_name(char name[ODC_LOG_DIR_NAME_MAX], uid_t uid);

/*
 * The uid a file NAME is the log of, as the library names it ("N.log", or
 * "N-KEY.log" where N.log is another's; N with no leading zero), or -1.
 */
long long odc_log_dir_name_uid(const char *name);

/*
 * L appended to DIR/EUID.log, created if need be, where every check
 * holds, or else to this image's private name for EUID: whether it was
 * written.
 */
bool odc_log_dir_send(const char *dir, const struct odc_line *l, uid_t euid);

#endif
