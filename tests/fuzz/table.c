/* The model checked against tests/table.txt, row by row and mode by mode. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "odc_errname.h"

/* ------------------------------------------- the model against the table */

static void fz_trim(char *s)
{
	char *b = s, *e;

	while (*b == ' ' || *b == '\t')
		b++;
	memmove(s, b, strlen(b) + 1);
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
}

/* Runs of blanks as one space, so that the table's alignment does not count. */
static void fz_squeeze(char *s)
{
	char *w = s;

	for (char *p = s; *p; p++) {
		if (*p == ' ' && w > s && w[-1] == ' ')
			continue;
		*w++ = *p;
	}
	*w = '\0';
}

void fz_check_table(void)
{
	const char *path = getenv("ODC_FUZZ_TABLE");
	bool required = path && *path;
	FILE *f = fopen(required ? path : "tests/table.txt", "r");
	char line[512];
	int rows = 0, bad = 0;

	if (!f) {
		if (required)
			fz_fatal(path);
		fz_say("fuzz_semantics: no tests/table.txt here; the model is not checked against it\n");
		return;
	}
	/* The modes of the columns after flags and state, as the header names them. */
	enum odc_mode cols[ODC_MODE_COUNT];
	int ncols = 0;
	while (fgets(line, sizeof line, f)) {
		char *cell[ODC_MODE_COUNT + 3];
		int n = 0;
		bool header = strncmp(line, "# flags", 7) == 0;
		if (!header && (line[0] == '#' || line[0] == '\n'))
			continue;
		for (char *save, *tok = strtok_r(line, "|", &save); tok && n < ODC_MODE_COUNT + 3;
		     tok = strtok_r(NULL, "|", &save))
			cell[n++] = tok;
		if (header) {
			for (int c = 2; c < n; c++) {
				fz_trim(cell[c]);
				int m = odc_mode_parse(cell[c]);
				if (m < 0) {
					fz_say("fuzz_semantics: table column %s is no mode\n", cell[c]);
					bad++;
					continue;
				}
				cols[ncols++] = (enum odc_mode)m;
			}
			continue;
		}
		if (!ncols || n != ncols + 2) {
			fz_say("fuzz_semantics: table row with %d cells\n", n);
			bad++;
			continue;
		}
		for (int i = 0; i < n; i++) {
			fz_trim(cell[i]);
			fz_squeeze(cell[i]);
		}
		int flags = 0, s;
		char fbuf[128];
		snprintf(fbuf, sizeof fbuf, "%s", cell[0]);
		for (char *save, *tok = strtok_r(fbuf, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			if (!strcmp(tok, "creat")) flags |= O_CREAT;
			else if (!strcmp(tok, "directory")) flags |= O_DIRECTORY;
			else if (!strcmp(tok, "excl")) flags |= O_EXCL;
			else if (!strcmp(tok, "trunc")) flags |= O_TRUNC;
			else if (!strcmp(tok, "rdwr")) flags |= O_RDWR;
			else if (!strcmp(tok, "wronly")) flags |= O_WRONLY;
			else if (!strcmp(tok, "cloexec")) flags |= O_CLOEXEC;
			else {
				fz_say("fuzz_semantics: table flag %s unknown to the model\n", tok);
				bad++;
			}
		}
		for (s = 0; s < S_COUNT && strcmp(cell[1], fz_state_names[s]); s++)
			;
		if (s == S_COUNT) {
			fz_say("fuzz_semantics: table state %s unknown to the model\n", cell[1]);
			bad++;
			continue;
		}
		for (int c = 0; c < ncols; c++) {
			char want[128];
			struct fz_expect e = model(cols[c], (enum fz_state)s, flags);
			fz_render_expect(&e, want, sizeof want);
			if (strcmp(want, cell[c + 2]) != 0) {
				fz_say("fuzz_semantics: model disagrees with table.txt: %s %s %s:"
				       " table '%s', model '%s'\n", cell[0], cell[1],
				       odc_mode_name(cols[c]), cell[c + 2], want);
				bad++;
			}
		}
		rows++;
	}
	fclose(f);
	if (bad || !rows) {
		fz_say("fuzz_semantics: the model does not match tests/table.txt (%d problems, %d rows)\n",
		       bad, rows);
		fz_cleanup();
		exit(1);
	}
	fz_say("fuzz_semantics: model agrees with tests/table.txt (%d rows x %d modes)\n", rows, ncols);
}
