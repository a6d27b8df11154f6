/*
 * /etc/odcreat.conf: the settings an administrator gives every program,
 * and per program, read by src/core/config/settings.c and checked by
 * odcreat --config-check.
 *
 *   # a comment
 *   mode = native
 *   log = journal
 *   log_facility = local3
 *   [/opt/legacy/bin/legacy-*]
 *   mode = legacy
 *
 * A section's settings apply where its pattern (odc_glob.h) matches the
 * program's path; the last setting that applies wins.
 */
#ifndef ODC_CONFIG_FILE_H
#define ODC_CONFIG_FILE_H

#include <limits.h>
#include <stdbool.h>

#include "odc_mode.h"

struct odc_settings {
	int mode;
	int facility;
	const char *log;		/* NULL: no log */
	char log_path[PATH_MAX];	/* a log named by the file; log points here */
	/* Where set (--config-check), told of every valid log = VALUE at LINE, applying or not. */
	void (*on_log)(void *arg, unsigned line, const char *value);
	void *on_log_arg;
};

/* The program sections are matched against: up to two paths, NULL where absent. */
struct odc_config_program {
	const char *paths[2];
};

/*
 * FILE opened where it counts: a regular file, no symlink, owned by root and
 * writable by neither group nor others, in a directory likewise. Otherwise
 * -EAGAIN where it could not be looked at just now (no descriptor or memory
 * free), or -ENOENT, with the reason written to OUT where there is one
 * besides its absence or a permission it lacks. Where TRUSTED is given, it
 * says whether FILE counts, and a regular file that fails only the rules of
 * ownership is opened all the same (for --config-check).
 */
long odc_config_file_open(const char *file, int out, bool *trusted);

/*
 * Apply the settings of the file open at FD that apply to PROGRAM (NULL:
 * the global ones alone) to S. Each bad line is written to OUT (-1: nowhere)
 * as "odcreat: FILE:LINE: problem", and the rest still applies. The count
 * of bad lines.
 */
int odc_config_file_parse(int fd, const char *file, const struct odc_config_program *program,
		   struct odc_settings *s, int out);

#endif
