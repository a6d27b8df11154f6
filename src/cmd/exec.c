/* Running the command: shared by odcreat and its seccomp supervisor's child. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "odc_exec.h"
#include "odc_exit.h"
#include "odc_say.h"

int odc_exec(char **argv)
{
	execvp(argv[0], argv);
	int err = errno;
	odc_say("odcreat: %s: %s\n", argv[0], strerror(err));
	return err == ENOENT || err == ENOTDIR ? ODC_EXIT_NOT_FOUND : ODC_EXIT_CANNOT_RUN;
}
