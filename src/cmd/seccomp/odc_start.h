/* Starting the supervised command (src/cmd/seccomp/start.c). */
#ifndef ODC_START_H
#define ODC_START_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/* Say on stderr that supervision cannot start: WHAT, and ERR's text where not 0. */
void odc_fail(const char *what, int err);

/* The same, for the seccomp(2) errno ERR of installing the filter. */
void odc_fail_install(int err);

/*
 * In the child: install the filter, pass its listener's number up SOCK,
 * and exec ARGV, with the signal MASK, once the supervisor holds the
 * listener. With ANSWER_EINVAL the filter answers open and openat itself.
 * Never returns.
 */
void odc_child(char **argv, int sock, const sigset_t *mask, bool answer_einval);

/*
 * The child's listener, copied into this process: a descriptor, or -1
 * after a message. *ADD_SENDS: whether the kernel adds a descriptor and
 * answers the call with it at once (Linux 5.14), or only adds it (5.9).
 */
int odc_take_listener(pid_t child, int sock, bool *add_sends);

/* The kernel's synchronous wake-up for LISTENER, where it has it (6.6). */
void odc_sync_wake_up(int listener);

#endif
