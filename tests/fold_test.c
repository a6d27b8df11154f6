/*
 * fold_test: standard input, up to a line's room (odc_line.h), put in a
 * line and folded in place (src/core/text/fold.c), on standard output as
 * the library would write it.
 */
#include <stdio.h>
#include <unistd.h>

#include "odc_say.h"

int main(void)
{
	char in[ODC_LINE_MAX];
	size_t n = fread(in, 1, sizeof in, stdin);
	struct odc_line l;

	odc_line_start(&l);
	odc_put_bytes(&l, in, n);
	odc_line_fold(&l);
	fwrite(l.text, 1, l.len, stdout);
	return l.len > sizeof l.text;
}
