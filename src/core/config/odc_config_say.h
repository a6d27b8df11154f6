/* What is wrong with /etc/odcreat.conf, said (src/core/config/file_open.c). */
#ifndef ODC_CONFIG_SAY_H
#define ODC_CONFIG_SAY_H

/* The longest line of the file read whole. */
#define ODC_CONFIG_LINE_MAX 1024

/*
 * "odcreat: FILE:LINE: PROBLEM: TEXT" to OUT (-1: nowhere), in one
 * write(2); LINE 0 and TEXT NULL are left out, and so is TEXT for a
 * setuid program, whose caller may have no right to read the file.
 */
void odc_config_say(int out, const char *file, unsigned line, const char *problem,
		    const char *text);

#endif
