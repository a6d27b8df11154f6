/* The command's exit statuses, besides the command's own, as env(1) and nice(1) use them. */
#ifndef ODC_EXIT_H
#define ODC_EXIT_H

#define ODC_EXIT_PROBLEMS 1	/* --config-check found something wrong */
#define ODC_EXIT_USAGE 2	/* a usage error */
#define ODC_EXIT_FAILED 125	/* odcreat itself could not go on */
#define ODC_EXIT_CANNOT_RUN 126	/* the command was found but could not be run */
#define ODC_EXIT_NOT_FOUND 127	/* the command was not found */

/* A status as text, for the help. */
#define ODC_EXIT_TEXT(status) ODC_EXIT_TEXT_(status)
#define ODC_EXIT_TEXT_(status) #status

#endif
