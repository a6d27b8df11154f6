/* Whether the command's loader can preload the library of this build's C library. */
#ifndef ODC_LOADER_H
#define ODC_LOADER_H

/*
 * In the musl build, where PROGRAM (as execvp finds it, through one #!
 * line) has a loader other than musl's, say so and exit 126; otherwise,
 * and in the glibc build, return.
 */
void odc_loader_check(const char *program);

#endif
