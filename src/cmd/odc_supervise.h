/* odcreat --seccomp: serve a process tree's open calls from outside it. */
#ifndef ODC_SUPERVISE_H
#define ODC_SUPERVISE_H

/*
 * Run ARGV with the seccomp filter and serve its calls in the mode that
 * ODCREAT_MODE names, until every process of the tree has exited. Returns
 * the exit status for odcreat: ARGV's own, or ODC_EXIT_FAILED (with a
 * message, and nothing run) when supervision cannot start.
 */
int odc_supervise(char **argv);

#endif
