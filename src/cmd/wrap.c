/*
 * Words for a terminal. A message names paths and values of any length,
 * so it is written whole and wrapped where it is printed, not broken by
 * hand in every format: each line longer than 80 columns is broken at the
 * spaces, its continuations indented under it.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "odc_wrap.h"

void odc_wrap_line(FILE *out, const char *line, size_t len, const char *indent)
{
	size_t column = 0, indent_len = strlen(indent);
	bool empty = true;	/* nothing but the indent on this line yet */

	for (size_t at = 0; at < len;) {
		size_t spaces = 0, word = 0;
		while (at + spaces < len && line[at + spaces] == ' ')
			spaces++;
		while (at + spaces + word < len && line[at + spaces + word] != ' ')
			word++;
		if (!empty && column + spaces + word > ODC_WRAP_COLUMNS) {
			fprintf(out, "\n%s", indent);
			column = indent_len;
			at += spaces;
			spaces = 0;
		}
		fwrite(line + at, 1, spaces + word, out);
		column += spaces + word;
		at += spaces + word;
		empty = false;
	}
	fputc('\n', out);
}

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
		odc_wrap_line(stdout, line, (size_t)n - (line[n - 1] == '\n'), "  ");
	free(line);
	fclose(held);
	return status;
}
