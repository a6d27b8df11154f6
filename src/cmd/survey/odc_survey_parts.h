/*
 * The parts of odcreat survey (src/cmd/survey/): the README's survey done
 * by the program, as root. start puts this installation's library in
 * /etc/ld.so.preload, the survey's settings in /etc/odcreat.conf and the
 * log in place; stop takes out exactly what start put in /etc; status says
 * what runs. What start did is kept in a root-only state file.
 */
#ifndef ODC_SURVEY_PARTS_H
#define ODC_SURVEY_PARTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#define ODC_SURVEY_ETC "/etc"
#define ODC_SURVEY_PRELOAD "ld.so.preload"
#define ODC_SURVEY_SETTINGS "odcreat.conf"
#define ODC_SURVEY_STATE_DIR "/var/lib/odcreat"
#define ODC_SURVEY_STATE "survey"
#define ODC_SURVEY_LOG "/var/log/odcreat/"

#define ODC_PRELOAD_PATH ODC_SURVEY_ETC "/" ODC_SURVEY_PRELOAD
#define ODC_SETTINGS_PATH ODC_SURVEY_ETC "/" ODC_SURVEY_SETTINGS

/* Every message starts so; a refusal is one line. */
#define ODC_SURVEY_SAYS "odcreat survey: "

/* Why a file was not replaced: it changed between its reading and the rename. */
#define ODC_SURVEY_RACED "another hand changed it meanwhile; try again"

/* A file of a directory as read: whether it exists, its bytes, and its fstat. */
struct odc_file {
	bool exists;
	char *data;
	size_t len;
	struct stat st;
};

/*
 * NAME in DIRFD read into F, never following a symlink: NULL, or why it
 * cannot be ("a symlink", "not a regular file", an errno's text). A name
 * that does not exist is read as absent.
 */
const char *odc_file_read(int dirfd, const char *name, struct odc_file *f);

void odc_file_free(struct odc_file *f);

/*
 * NAME in DIRFD replaced by LEN bytes of DATA, by a new file in DIRFD
 * renamed over it: with the mode and owner of WAS, and only while NAME is
 * still the file WAS read; where WAS is absent, root's with MODE, and only
 * while nothing has taken the name. 0, or a negative errno (-ESTALE: NAME
 * changed since).
 */
int odc_file_replace(int dirfd, const char *name, const char *data, size_t len,
		     const struct odc_file *was, mode_t mode);

/* NAME in DIRFD removed, only while it is still the file WAS read: 0 or a negative errno. */
int odc_file_remove(int dirfd, const char *name, const struct odc_file *was);

/* How /etc/ld.so.preload was before start, which stop restores. */
enum odc_preload_was {
	ODC_PRELOAD_ABSENT,	/* no file: stop removes one left empty */
	ODC_PRELOAD_ENDED,	/* empty, or its last line ended by a newline */
	ODC_PRELOAD_UNENDED,	/* its last line had none: start wrote one before its own */
};

/* What start did, kept for stop and status. */
struct odc_survey_state {
	long long since;		/* seconds since the epoch */
	enum odc_preload_was preload;
	char line[PATH_MAX];		/* the line start added to /etc/ld.so.preload */
	char log[PATH_MAX];		/* the settings' log = */
};

/*
 * The state's directory, made root's and 0700 where missing (MAKE), and
 * locked against another odcreat survey: a descriptor, or -1 after saying
 * why; without MAKE, -2 where it is missing.
 */
int odc_state_open(bool make);

/* The state in S: 1, 0 where no survey runs, -1 after saying why it cannot be read. */
int odc_state_read(int dirfd, struct odc_survey_state *s);

/* S kept, or removed: 0, or -1 after saying why. */
int odc_state_write(int dirfd, const struct odc_survey_state *s);
int odc_state_remove(int dirfd);

/* The settings start writes for S, into OUT: their length. */
size_t odc_settings_text(char *out, size_t len, const struct odc_survey_state *s);

/* TIME as "YYYY-MM-DD HH:MM:SS UTC" into OUT. */
void odc_survey_time(char out[32], long long time);

/* Whether DATA, LEN bytes of ld.so.preload, has an entry naming any libodcreat.so: it, in ENTRY. */
bool odc_preload_has_shim(const char *data, size_t len, char entry[PATH_MAX]);

/*
 * F with LINE added as a last line of its own, in a buffer to free; *LEN
 * its length, *WAS how F was.
 */
char *odc_preload_add(const struct odc_file *f, const char *line, size_t *len,
		      enum odc_preload_was *was);

/* The offset in F of its last line that is LINE alone, or -1. */
long odc_preload_line(const struct odc_file *f, const char *line);

/*
 * F less the last line that is LINE alone, and less the newline start
 * wrote before it (WAS UNENDED) where it is still the last: into F's own
 * buffer, F->len shortened. Whether the line was there.
 */
bool odc_preload_remove(struct odc_file *f, const char *line, enum odc_preload_was was);

/*
 * This installation's library, for every ABI whose programs run here:
 * found, under directories no one but root may change, and loaded by a
 * trivial program first. The ld.so.preload line in LINE, and what was
 * checked in CHECKED; 0, or an exit status after saying why not.
 */
int odc_survey_library(char line[PATH_MAX], char checked[128]);

/* Whether a survey may log to LOG (an absolute DIR/, journal, syslog): 0, or a status, said. */
int odc_survey_log_check(const char *log);

/*
 * LOG as the survey's log: DIR/ made root's, 1733, where missing, or
 * checked that it records every user; journal and syslog taken as they
 * are. 0, or an exit status after saying why not. *MADE: DIR/ was made.
 */
int odc_survey_log_prepare(const char *log, bool *made);

/* The lines and files LOG, a log directory, holds: 0, or an errno. */
int odc_survey_log_lines(const char *log, long long *lines, long long *files);

/* "N line(s) in N file(s)", into OUT. */
void odc_survey_lines_text(char out[64], long long lines, long long files);

int odc_survey_start(const char *log);
int odc_survey_stop(void);
int odc_survey_status(void);

#endif
