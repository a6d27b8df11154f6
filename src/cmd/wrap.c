/*
 * A command's output folded for a terminal: held back until it is done,
 * then each line folded as it is written.
 */
#include <stdlib.h>
#include <unistd.h>

#include "odc_wrap.h"

int odc_wrapped(int (*fn)(const char *), const char *arg)
{
	FILE *held = tmpfile();
	int saved = -1;

	fflush(stdout);
	if (!held || (saved = dup(STDOUT_FILENO)) < 0 || dup2(fileno(held), STDOUT_FILENO) < 0) {
		/* Nowhere to hold it: said as it comes, unwrapped. */
		if (saved >= 0)
			close(saved);
		if (held)
			fclose(held);
		return fn(arg);
	}
	int status = fn(arg);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(held);
	char *line = NULL;
	size_t room = 0;
	for (ssize_t n; (n = getline(&line, &room, held)) > 0;)
		odc_say_text(stdout, line, (size_t)n);
	free(line);
	fclose(held);
	return status;
}
