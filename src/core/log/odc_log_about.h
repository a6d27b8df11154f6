/* What a line says beyond the call itself (src/core/log/about.c). */
#ifndef ODC_LOG_ABOUT_H
#define ODC_LOG_ABOUT_H

#include <stdbool.h>
#include <sys/types.h>

#include "odc_line.h"
#include "odc_log.h"
#include "odc_log_fields.h"
#include "odc_log_script.h"
#include "odc_log_seq.h"
#include "odc_log_where.h"

/* What a line says of this process image, read once an image (image.c), each escaped. */
struct odc_log_image {
	struct odc_line exe;		/* its executable */
	char script[ODC_SCRIPT_ROOM];	/* the script it runs, where it is an interpreter */
	size_t script_len;		/* 0: none */
};

/*
 * What a line says of the process that logs it, where that is the caller
 * (not the --seccomp supervisor logging for another): its image, the code
 * that called (where_found: WHERE says), and the line's run, number and
 * the lines lost before it (odc_log_seq.h).
 */
struct odc_log_self {
	const struct odc_log_image *image;
	struct odc_where where;
	bool where_found;
	struct odc_log_count count;
};

struct odc_log_about {
	pid_t pid;			/* the caller's */
	uid_t euid;			/* this process's, where it is the caller; the watcher's caller's */
	long readable;			/* the kernel's answer to a copy of the path: 0, or an errno */
	const char *prog;		/* the caller's name */
	char dir[ODC_DIR_ROOM + 1];	/* a relative path's directory, as much as a line holds, or empty */
	bool dir_cut;			/* the kernel's name for it was longer */
	const struct odc_log_self *self;	/* NULL from the --seccomp supervisor and the watcher */
	struct odc_log_self own;	/* what self points to, from this process */
	struct odc_log_image image;	/* this image's, where the one kept is being read */
};

/* What E's line says beyond the call, read into A, counting the line in its run. */
void odc_log_about(const struct odc_log_entry *e, struct odc_log_about *a);

/* This image's executable and script; read into OWN where the one kept is being read. */
const struct odc_log_image *odc_log_image(struct odc_log_image *own);

/* DIR into A, cut where it is longer than a line holds. */
void odc_log_about_keep_dir(struct odc_log_about *a, const char *dir);
/* The room to escape A's directory in: too little, where it was cut, for the mark to show. */
size_t odc_log_about_dir_room(const struct odc_log_about *a);

#endif
