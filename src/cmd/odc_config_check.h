/* odcreat --config-check [FILE] (src/cmd/check/config_check.c). */
#ifndef ODC_CONFIG_CHECK_H
#define ODC_CONFIG_CHECK_H

/*
 * Say on standard output what is wrong with FILE, line by line, and
 * whether the library would read it at all: 0 where nothing is,
 * ODC_EXIT_PROBLEMS otherwise.
 */
int odc_config_check(const char *file);

/*
 * Say on standard output which users' calls the log VALUE, set at FILE's
 * LINE, records (src/cmd/check/config_log.c): 1 where it records none but
 * root's, or something stops a user's lines, else 0.
 */
int odc_explain_log(const char *file, unsigned line, const char *value);

#endif
