/* The command's usage and help (src/cmd/usage.c). */
#ifndef ODC_USAGE_H
#define ODC_USAGE_H

/* The usage and the help, on standard output. */
void odc_print_help(void);

/* "odcreat: " FMT with ARG, then the usage, on standard error; exits with the usage error. */
void odc_die_usage(const char *fmt, const char *arg) __attribute__((noreturn));

/* OPTION (-m or -l, as GIVEN: -m, --mode) without its value: says which value it needs, and exits. */
void odc_die_missing(int option, const char *given) __attribute__((noreturn));

#endif
