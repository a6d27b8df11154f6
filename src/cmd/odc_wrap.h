/* A command's output, folded for a terminal (src/cmd/wrap.c). */
#ifndef ODC_WRAP_H
#define ODC_WRAP_H

/*
 * FN(ARG), whatever it writes to standard output (by stdio or by the
 * descriptor itself) held back and then written folded, line by line:
 * FN's status.
 */
int odc_wrapped(int (*fn)(const char *), const char *arg);

#endif
