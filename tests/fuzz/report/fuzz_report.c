/*
 * fuzz_report: libFuzzer harness for odcreat report's readers and printers
 * (src/cmd/report/: lines.c, parse.c, export.c, tally.c, print.c), which
 * read logs that any local user can write into.
 *
 * One input is a byte of options, then the text read: bit 0 chooses the
 * log's lines or journald's export format; bit 1 gives the report a self
 * (its supervisor's entries believed); bits 2 and 3 what a row is (--by:
 * program, host or both); bit 7 puts a hole in the text's middle, as a
 * sparse file has one. Each input is read, then printed in every format,
 * and these must hold:
 *
 *   - the input, a file of its own, is read to its end;
 *   - the lines read are all counted: each a call (records), another
 *     eye's line of a call counted (joined), no call (nocall: calls lost
 *     alone, an empty path), or unparsed;
 *   - every byte printed is printable ASCII or a newline, and the text
 *     fits 80 columns;
 *   - the text's first table has one row per program: one line that
 *     begins with a non-blank (a long name's further lines begin with
 *     blanks) and one line of figures (a line that is neither a long
 *     name's, which ends in a backslash, nor its states' continuation),
 *     its key holding no blank but the report's own (a name's blanks are
 *     written \x20); and CSV one line per program, whatever the names
 *     hold (no row can be injected);
 *   - each mode's list of the rows that would notice it holds as many
 *     names in quotes as there are rows;
 *   - the JSON parses;
 *   - a drill-down into the first row's program (--program, report's
 *     drill.c) holds to the same, and in its text each line that begins
 *     with a non-blank is a program's head or the report's own;
 *   - nothing leaks (the sanitizers' leak check), nothing reads out of
 *     bounds, and each input finishes within make fuzz's -timeout.
 *
 * A broken rule prints what broke and abort()s, so libFuzzer saves the
 * input. The JSON grammar is json.c's, the text's checks text_checks.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_report.h"

#define FUZZ_REPORT_SELF "/usr/bin/odcreat"

void fuzz_fail(const char *what, const char *out, size_t len)
{
	fprintf(stderr, "fuzz_report: %s\n--- output (%zu bytes) ---\n%.*s\n", what, len,
		(int)(len < 4000 ? len : 4000), out);
	abort();
}

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n;
}

/* REP (or its drill-down) printed in FORMAT, into a buffer the caller frees. */
static char *print_to_buffer(const struct odc_report *rep, enum odc_report_format format, size_t *len)
{
	char *out = NULL;
	FILE *saved = stdout;

	/* glibc's stdout is a variable that may be set; the printers write to it. */
	stdout = open_memstream(&out, len);
	if (!stdout)
		abort();
	if (rep->drill)
		odc_drill_print(rep->drill, format);
	else
		odc_report_print(rep, format);
	fclose(stdout);
	stdout = saved;
	return out;
}

/* Every byte printable ASCII or a newline; with WIDTH, no line longer. */
static void check_printable(const char *out, size_t len, size_t width)
{
	size_t col = 0;

	for (size_t i = 0; i < len; i++) {
		if (out[i] != '\n' && (out[i] < 0x20 || out[i] > 0x7e))
			fuzz_fail("a byte printed that is not printable ASCII", out, len);
		col = out[i] == '\n' ? 0 : col + 1;
		if (width && col > width)
			fuzz_fail("a line longer than 80 columns", out, len);
	}
}

static void check_json(const char *out, size_t len)
{
	if (!fuzz_json(out))
		fuzz_fail("JSON that does not parse", out, len);
}

/* The drill-down into WANT's program, read from FD again, in every format. */
static void check_drill(int fd, bool journal, const char *want)
{
	struct odc_report rep;
	struct odc_drill drill;

	odc_report_init(&rep, ODC_BY_PROGRAM);
	odc_drill_init(&drill, want, false);
	rep.drill = &drill;
	lseek(fd, 0, SEEK_SET);
	if ((journal ? odc_report_read_export(&rep, fd, "fuzz") : odc_report_read_lines(&rep, fd, "fuzz")))
		abort();
	for (int f = ODC_REPORT_TEXT; f <= ODC_REPORT_JSON; f++) {
		size_t len;
		char *out = print_to_buffer(&rep, (enum odc_report_format)f, &len);
		check_printable(out, len, f == ODC_REPORT_TEXT ? 80 : 0);
		if (f == ODC_REPORT_TEXT)
			check_drill_heads(&drill, out, len);
		if (f == ODC_REPORT_JSON)
			check_json(out, len);
		free(out);
	}
	odc_drill_free(&drill);
	odc_report_free(&rep);
}

static void check_output(const struct odc_report *rep, enum odc_report_format format)
{
	size_t len;
	char *out = print_to_buffer(rep, format, &len);

	check_printable(out, len, format == ODC_REPORT_TEXT ? 80 : 0);
	size_t lines = count_lines(out, len);
	if (format == ODC_REPORT_TEXT) {
		check_text_rows(rep, out, len);
		check_notice(rep, out, len);
	}
	if (format == ODC_REPORT_CSV && lines != rep->names.count + 1)
		fuzz_fail("CSV: not one line per program", out, len);
	if (format == ODC_REPORT_JSON)
		check_json(out, len);
	free(out);
}

/*
 * TEXT in a file, as report reads one; with HOLE, 1 MiB and a byte of
 * nothing after its first half: zeros, which hold no newline, so that its
 * lines are the same number.
 */
static int input_file(const uint8_t *text, size_t len, bool hole)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	size_t half = hole ? len / 2 : len;
	off_t after = (off_t)half + (hole ? (1 << 20) + 1 : 0);

	if (fd < 0 || pwrite(fd, text, half, 0) != (ssize_t)half ||
	    pwrite(fd, text + half, len - half, after) != (ssize_t)(len - half))
		abort();
	return fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	bool journal = data[0] & 1;
	int fd = input_file(data + 1, size - 1, data[0] & 0x80);
	struct odc_report rep;
	odc_report_init(&rep, (unsigned)(data[0] >> 2) % 3 + 1);
	if (data[0] & 2)
		rep.self = FUZZ_REPORT_SELF;
	int status = journal ? odc_report_read_export(&rep, fd, "fuzz")
			     : odc_report_read_lines(&rep, fd, "fuzz");
	if (status != 0)
		abort();
	if (rep.names.count)
		check_drill(fd, journal, rep.progs[0].name);
	close(fd);

	size_t lines = count_lines((const char *)data + 1, size - 1) + (data[size - 1] != '\n');
	if (!journal && (size_t)(rep.records + rep.joined + rep.nocall + rep.unparsed) != lines) {
		fprintf(stderr, "fuzz_report: %zu lines, %ld records, %ld joined, %ld no call and %ld unparsed\n",
			lines, rep.records, rep.joined, rep.nocall, rep.unparsed);
		abort();
	}
	odc_report_count_lost(&rep);
	check_output(&rep, ODC_REPORT_TEXT);
	check_output(&rep, ODC_REPORT_CSV);
	check_output(&rep, ODC_REPORT_JSON);
	odc_report_free(&rep);
	return 0;
}
