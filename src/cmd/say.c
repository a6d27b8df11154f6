/*
 * The command's and the watcher's messages (odc_say.h): formatted whole,
 * folded, and written at once, so that nothing else lands inside one.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "odc_say.h"
#include "odc_wrap.h"

void odc_say_text(FILE *out, const char *text, size_t len)
{
	bool ended = len && text[len - 1] == '\n';
	struct odc_line l;

	fflush(out);
	odc_line_start(&l);
	if (len + !ended > odc_line_room(&l)) {
		fwrite(text, 1, len, out);
		if (!ended)
			fputc('\n', out);
		fflush(out);
		return;
	}
	odc_put_bytes(&l, text, len);
	if (!ended)
		odc_line_end(&l);
	odc_line_fold(&l);
	fwrite(l.text, 1, l.len, out);
	fflush(out);
}

static void odc_say_to(FILE *out, const char *format, va_list args)
{
	char *text;
	int n = vasprintf(&text, format, args);

	if (n < 0) {
		perror("vasprintf");
		return;
	}
	odc_say_text(out, text, (size_t)n);
	free(text);
}

void odc_say(const char *format, ...)
{
	va_list args;

	va_start(args, format);
	odc_say_to(stderr, format, args);
	va_end(args);
}

void odc_tell(const char *format, ...)
{
	va_list args;

	va_start(args, format);
	odc_say_to(stdout, format, args);
	va_end(args);
}
