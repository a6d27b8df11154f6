/* Running the command, for odcreat and for its seccomp supervisor's child. */
#ifndef ODC_EXEC_H
#define ODC_EXEC_H

/* Exit statuses for a command that cannot be run, as env(1) and nice(1) use them. */
#define ODC_EXIT_CANNOT_RUN 126
#define ODC_EXIT_NOT_FOUND 127

/* Execute ARGV, searching PATH; if that fails, say why and return the exit status for it. */
int odc_exec(char **argv);

#endif
