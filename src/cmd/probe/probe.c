/*
 * odcreat --probe: try O_CREAT|O_DIRECTORY on the running kernel for each
 * path state, show what happened and what was left on disk, and name the
 * modes that give exactly the same. Each mode's answer comes from running
 * odcreat's own semantics on the same state, so there is no second copy of
 * the table to drift. Every call goes to the kernel directly, never through
 * a preloaded shim.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "odc_errname.h"
#include "odc_exit.h"
#include "odc_libc.h"
#include "odc_meaning.h"
#include "odc_probe.h"
#include "odc_probe_call.h"
#include "odc_say.h"

/* What the table's words mean: nobody should need the source to read it. */
static const char odc_probe_legend[] =
	"state: what p held before the call, as the log's state= says: missing,\n"
	"  dir, file (holding data), link-dir, link-file and dangling (p a symlink\n"
	"  to t: a directory, a file, nothing); missing/ is p missing, opened as\n"
	"  \"p/\"; no-parent is \"a/p\" opened with no a (the log says error).\n"
	"result: the errno, or fd:dir or fd:file, a descriptor of a directory or file.\n"
	"on disk after: unchanged, or what p and t then are: dir, file (empty), data\n"
	"  (a file holding data) or link. same as: the modes that do exactly that.\n";

#define ODC_PROBE_MODES ODC_NATIVE	/* every mode before native */
/* The terminal's classic width, which every line of the output keeps to. */
#define ODC_PROBE_WIDTH 80
/* Where the "same as" column starts: state, O_EXCL, result and disk before it. */
#define ODC_PROBE_MODES_AT (10 + 1 + 6 + 1 + 7 + 1 + 14)

/*
 * FMT's text as prose, broken at spaces into lines of at most
 * ODC_PROBE_WIDTH columns (a word longer than that, a long TMPDIR, on a
 * line of its own), then a blank line where GAP.
 */
__attribute__((format(printf, 2, 3))) static void odc_probe_say(bool gap, const char *fmt, ...)
{
	char text[4096 + 512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	size_t col = 0;
	for (char *word = strtok(text, " "); word; word = strtok(NULL, " ")) {
		size_t n = strlen(word);
		if (col && col + 1 + n > ODC_PROBE_WIDTH) {
			putchar('\n');
			col = 0;
		}
		col += (size_t)printf("%s%s", col ? " " : "", word);
	}
	printf(gap ? "\n\n" : "\n");
}

/* NAME after a row at column COL, on a line of its own where it would pass the width. */
static int odc_probe_put_mode(int col, const char *name)
{
	int n = (int)strlen(name);

	if (col + 1 + n > ODC_PROBE_WIDTH) {
		printf("\n%*s", ODC_PROBE_MODES_AT, "");
		col = ODC_PROBE_MODES_AT;
	}
	return col + printf(" %s", name);
}

/* One row: the kernel's "RESULT DISK" split into its columns, then the modes that match. */
static int odc_probe_row(size_t state, bool excl, const char *kernel)
{
	const char *space = strchr(kernel, ' ');

	return printf("%-10s %-6s %-7.*s %-14s", odc_probe_state_name(state), excl ? "yes" : "no",
		      (int)(space - kernel), kernel, space + 1);
}

static int odc_probe_in(int dir, const char *where)
{
	static const int flag_sets[] = { O_RDONLY | O_CREAT | O_DIRECTORY,
					 O_RDONLY | O_CREAT | O_DIRECTORY | O_EXCL };
	unsigned matched[ODC_PROBE_MODES] = { 0 };
	unsigned cases = 0;
	struct utsname uts;

	uname(&uts);
	odc_probe_say(true, "open(p, O_CREAT|O_DIRECTORY, 0755) on %s %s, in %s, for each state p "
		      "can be in:", uts.sysname, uts.release, where);
	printf("%-10s %-6s %-7s %-14s %s\n", "state", "O_EXCL", "result", "on disk after", "same as");
	for (size_t f = 0; f < 2; f++) {
		for (size_t s = 0; s < ODC_PROBE_STATES; s++) {
			char kernel[ODC_PROBE_TEXT] = "", emulated[ODC_PROBE_TEXT];
			if (odc_probe_one(dir, s, flag_sets[f], -1, kernel, sizeof kernel) < 0)
				return ODC_EXIT_FAILED;
			int col = odc_probe_row(s, f, kernel);
			for (int m = 0; m < ODC_PROBE_MODES; m++) {
				emulated[0] = '\0';
				if (odc_probe_one(dir, s, flag_sets[f], m, emulated, sizeof emulated) < 0)
					return ODC_EXIT_FAILED;
				if (strcmp(kernel, emulated) != 0)
					continue;
				matched[m]++;
				col = odc_probe_put_mode(col, odc_mode_name((enum odc_mode)m));
			}
			printf("\n");
			cases++;
		}
	}
	printf("\n%s\n", odc_probe_legend);

	int best = 0;
	for (int m = 0; m < ODC_PROBE_MODES; m++)
		if (matched[m] > matched[best])
			best = m;
	if (matched[best] == cases)
		odc_probe_say(false, "This kernel behaves like mode %s: %s.", odc_mode_name((enum odc_mode)best),
			      odc_mode_systems((enum odc_mode)best));
	else
		odc_probe_say(false, "No mode matches this kernel; the closest is %s (%u of %u cases).",
			      odc_mode_name((enum odc_mode)best), matched[best], cases);
	return 0;
}

/*
 * The classification, which creates nothing, before the table, which
 * creates and removes. The meaning comes first on the first line, for
 * scripts: "This kernel's meaning is MODE".
 */
static void odc_probe_meaning(void)
{
	long answer = odc_kernel_answer();
	const char *name = answer < 0 ? odc_errname((int)-answer) : NULL;
	enum odc_mode meaning = odc_kernel_meaning();

	odc_probe_say(true, "This kernel's meaning is %s: asked without touching anything, "
		      "openat(AT_FDCWD, \"\", O_CREAT|O_DIRECTORY|O_RDWR) answers %s%s",
		      meaning == ODC_NATIVE ? "unknown" : odc_mode_name(meaning),
		      name ? name : "something unheard of",
		      meaning == ODC_LEGACY || meaning == ODC_LINUX57
			      ? " (legacy or linux-5.7: told apart by the release number alone)."
			      : ".");
}

int odc_probe(void)
{
	const char *tmp = getenv("TMPDIR");
	char where[4096];

	odc_probe_meaning();
	snprintf(where, sizeof where, "%s/odcreat-probe.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(where)) {
		odc_say("odcreat: --probe cannot make a directory in %s: %s\n",
			tmp && *tmp ? tmp : "/tmp", strerror(errno));
		return ODC_EXIT_FAILED;
	}
	long dir = odc_libc_openat(AT_FDCWD, where, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	int status = dir < 0 ? ODC_EXIT_FAILED : odc_probe_in((int)dir, where);
	if (dir >= 0) {
		odc_probe_clear((int)dir);
		close((int)dir);
	}
	rmdir(where);
	fflush(stdout);
	return status;
}
