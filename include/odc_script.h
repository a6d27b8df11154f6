/*
 * Which argument of an interpreter's command line is the script it runs
 * (src/core/text/script.c): the rules alone, with no system call, so that
 * the library (its own /proc/self/cmdline) and the watcher (the caller's,
 * as the kernel had it at the call) decide alike. Whether that argument
 * names a regular file, where the process's working directory is, is the
 * caller's to ask: a script= that is not one may be a secret.
 */
#ifndef ODC_SCRIPT_H
#define ODC_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

/* The most arguments read for a script: one further in leaves none. */
#define ODC_SCRIPT_ARGS 64

/* A command line's arguments read so far (odc_script_begin, then odc_script_next). */
struct odc_script_scan {
	const struct odc_interpreter *in;
	unsigned args;		/* arguments read, the program's name included */
	unsigned pending;	/* the next arguments that are options' values */
	bool script_next;	/* the next is the script, an option's value (php -f) */
	bool after_dashes;	/* "--" has come: no more options */
};

enum odc_script_says {
	ODC_SCRIPT_ON,		/* read the next argument */
	ODC_SCRIPT_THIS,	/* this argument is the script, where it names a regular file */
	ODC_SCRIPT_NONE,	/* there is no script */
};

/* Whether the executable whose last name is BASE (LEN bytes) is an interpreter: S then reads its arguments. */
bool odc_script_begin(struct odc_script_scan *s, const char *base, size_t len);

/* What ARG, the command line's next argument (the first: the name it was started by), says. */
enum odc_script_says odc_script_next(struct odc_script_scan *s, const char *arg);

/*
 * The argument to check among ARGS, LEN bytes of the command line of an
 * executable whose last name is BASE (BASE_LEN bytes), each argument
 * ended by a NUL (bytes after the last NUL, an argument cut short, are
 * none): it, or NULL where there is none among them.
 */
const char *odc_script_among(const char *base, size_t base_len, const char *args, size_t len);

#endif
