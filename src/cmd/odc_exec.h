/* Running the command, for odcreat and for its seccomp supervisor's child. */
#ifndef ODC_EXEC_H
#define ODC_EXEC_H

/* Execute ARGV, searching PATH; if that fails, say why and return the exit status for it. */
int odc_exec(char **argv);

#endif
