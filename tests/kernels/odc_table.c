/*
 * odc_table: the semantics table (tests/table.txt) as tests/table.bats
 * checks it, case for case, but from one C program: each case is a fresh
 * directory with the row's state made by system calls, and one run of the
 * test program (odc_call), whose "RESULT DISK" line must be the cell's.
 * Under TCG a shell's forks and the commands that make a state cost more
 * than the case itself; this costs one fork and exec a case.
 *
 *   odc_table [-jN] TABLE RUNNER MODES PROGRAM ENTRY...
 *
 * RUNNER is how PROGRAM meets a mode: "bare" (run as it is: the kernel's
 * own meaning, which MODES then names, a column), "preload:LIBRARY"
 * (LD_PRELOAD with ODCREAT_MODE) or "seccomp:ODCREAT" (ODCREAT --seccomp
 * -m MODE --). MODES is a comma list of the table's columns, or "all".
 * Prints one TAP line (unnumbered) per mode and entry, "ok - RUNNER MODE
 * ENTRY: N rows", each mismatch as a comment under a "not ok" one.
 * Rows in a sticky state need root (chown): elsewhere they are left out,
 * and the line says so. -jN runs N of the lines' groups at once (a guest's
 * CPUs), their lines printed in order. Exit status 1 if any case differs.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_COLUMNS 16
#define MAX_ROWS 128

struct row {
	char *flags, *state;
	char *cell[MAX_COLUMNS];
};

static char *columns[MAX_COLUMNS];
static int ncolumns;
static struct row rows[MAX_ROWS];
static int nrows;

static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n'))
		*--end = '\0';
	return s;
}

/* FIELDS of LINE split at '|', trimmed; returns how many. */
static int split(char *line, char **fields, int max)
{
	int n = 0;

	for (char *save, *tok = strtok_r(line, "|", &save); tok && n < max; tok = strtok_r(NULL, "|", &save))
		fields[n++] = strdup(trim(tok));
	return n;
}

/* The header "# flags | state | MODE | ..." names the columns; rows follow. */
static void read_table(const char *path)
{
	char line[1024], *fields[MAX_COLUMNS + 2];
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "# flags", 7)) {
			int n = split(line, fields, MAX_COLUMNS + 2);
			for (int i = 2; i < n; i++)
				columns[ncolumns++] = fields[i];
			continue;
		}
		if (line[0] == '#' || line[0] == '\n' || nrows == MAX_ROWS)
			continue;
		if (split(line, fields, MAX_COLUMNS + 2) != ncolumns + 2) {
			fprintf(stderr, "%s: a row without a cell for each of %d modes: %s", path, ncolumns, line);
			exit(2);
		}
		rows[nrows].flags = fields[0];
		rows[nrows].state = fields[1];
		memcpy(rows[nrows].cell, fields + 2, ncolumns * sizeof fields[0]);
		nrows++;
	}
	fclose(f);
	if (!ncolumns || !nrows) {
		fprintf(stderr, "%s: no header or no rows\n", path);
		exit(2);
	}
}

/* make_state in tests/test_helper.bash, in the current directory; the path to open. */
static const char *make_state(const char *state)
{
	int ok = 1;

	if (!strcmp(state, "slash"))
		return "p/";
	if (!strcmp(state, "noparent"))
		return "a/p";
	if (!strcmp(state, "dir"))
		ok = !mkdir("p", 0777);
	else if (!strcmp(state, "file") || !strcmp(state, "link-file")) {
		int fd = open(!strcmp(state, "file") ? "p" : "t", O_WRONLY | O_CREAT, 0666);
		ok = fd >= 0 && write(fd, "data", 4) == 4 && !close(fd);
		if (ok && !strcmp(state, "link-file"))
			ok = !symlink("t", "p");
	} else if (!strcmp(state, "link-dir"))
		ok = !mkdir("t", 0777) && !symlink("t", "p");
	else if (!strcmp(state, "dangling"))
		ok = !symlink("t", "p");
	else if (!strcmp(state, "sticky-dir"))
		ok = !chmod(".", 01777) && !mkdir("p", 0777) && !chown("p", 1, -1);
	else if (!strcmp(state, "sticky-link-dir"))
		ok = !chmod(".", 01777) && !mkdir("t", 0777) && !chown("t", 1, -1) && !symlink("t", "p");
	else if (strcmp(state, "missing"))
		ok = 0;
	if (!ok) {
		fprintf(stderr, "odc_table: cannot make state %s: %s\n", state, strerror(errno));
		exit(2);
	}
	return "p";
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st, (void)type, (void)ftw;
	return remove(path);
}

/* ARGV run in DIR, its output (standard output and error) in OUT, as bash's $(...) keeps it. */
static int run(const char *dir, char *const argv[], const char *mode, const char *library, char *out, size_t len)
{
	int pipefd[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(pipefd) || (pid = fork()) < 0) {
		perror("odc_table");
		exit(2);
	}
	if (pid == 0) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		close(pipefd[1]);
		if (library && (setenv("ODCREAT_MODE", mode, 1) || setenv("LD_PRELOAD", library, 1)))
			_exit(127);
		if (chdir(dir) == 0)
			execv(argv[0], argv);
		fprintf(stderr, "%s: %s", argv[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	while ((n = read(pipefd[0], out + got, len - 1 - got)) > 0)
		got += n;
	close(pipefd[0]);
	while (got && out[got - 1] == '\n')
		got--;
	out[got] = '\0';
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* One case; returns whether its line is the cell's, which MISMATCH then describes. */
static int check_case(const char *base, const struct row *row, int column, const char *runner,
		      const char *program, const char *entry, char *mismatch, size_t len)
{
	char dir[4200], out[4096], mode_arg[64];
	const char *library = NULL, *path, *mode = columns[column];
	char *argv[10];
	int argc = 0, status;

	snprintf(dir, sizeof dir, "%s/case", base);
	if (mkdir(dir, 0755) || chdir(dir)) {
		perror(dir);
		exit(2);
	}
	path = make_state(row->state);
	if (!strncmp(runner, "preload:", 8))
		library = runner + 8;
	if (!strncmp(runner, "seccomp:", 8)) {
		snprintf(mode_arg, sizeof mode_arg, "%s", mode);
		argv[argc++] = (char *)runner + 8;
		argv[argc++] = "--seccomp";
		argv[argc++] = "-m";
		argv[argc++] = mode_arg;
		argv[argc++] = "--";
	}
	argv[argc++] = (char *)program;
	argv[argc++] = (char *)entry;
	argv[argc++] = (char *)path;
	argv[argc++] = row->flags;
	argv[argc] = NULL;
	status = run(dir, argv, mode, library, out, sizeof out - 40);
	if (status == 3)
		strcat(out, " (errno changed on success)");
	if (chdir(base) || nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS)) {
		perror(dir);
		exit(2);
	}
	if (!strcmp(out, row->cell[column]))
		return 1;
	snprintf(mismatch, len, "# %s %s %s %s: expected '%s', got '%s'\n", entry, row->flags, row->state,
		 mode, row->cell[column], out);
	return 0;
}

static int column_of(const char *mode)
{
	for (int i = 0; i < ncolumns; i++)
		if (!strcmp(columns[i], mode))
			return i;
	fprintf(stderr, "odc_table: the table has no column %s\n", mode);
	exit(2);
}

/* Every row through ENTRY in the column COLUMN; one TAP line. */
static int check_entry(const char *base, int column, const char *runner, const char *program, const char *entry)
{
	char mismatches[8192] = "", one[1024];
	int failed = 0, checked = 0, sticky = 0;
	const char *name = strchr(runner, ':') ? strndup(runner, strchr(runner, ':') - runner) : runner;

	for (int i = 0; i < nrows; i++) {
		if (!strncmp(rows[i].state, "sticky", 6) && geteuid() != 0) {
			sticky++;
			continue;
		}
		checked++;
		if (!check_case(base, &rows[i], column, runner, program, entry, one, sizeof one)) {
			/* The first few: a broken build differs everywhere. */
			if (++failed <= 8)
				strcat(mismatches, one);
		}
	}
	printf("%sok - table, %s %s %s: %d rows%s\n%s", failed ? "not " : "", name, columns[column], entry,
	       checked, sticky ? " (the sticky rows need root)" : "", mismatches);
	if (failed)
		printf("# %d of %d rows differ\n", failed, checked);
	fflush(stdout);
	return !failed;
}

/* PATH, or the part of "RUNNER:PATH" after the colon, made absolute. */
static char *absolute(char *path)
{
	char *colon = strchr(path, ':'), *full = realpath(colon ? colon + 1 : path, NULL), *out;

	if (!full) {
		perror(colon ? colon + 1 : path);
		exit(2);
	}
	if (!colon)
		return full;
	if (asprintf(&out, "%.*s:%s", (int)(colon - path), path, full) < 0)
		exit(2);
	return out;
}

struct group {
	int column;
	const char *entry;
};

/*
 * Worker W of JOBS: every JOBS-th group from the W-th, each in a directory
 * of its own under BASE, each group's lines into BASE/out.G for the parent
 * to print in order. Exit status 1 if a case differs.
 */
static int work(const char *base, int w, int jobs, const struct group *groups, int ngroups,
		const char *runner, const char *program)
{
	char dir[4096], out[4200];
	int ok = 1;

	snprintf(dir, sizeof dir, "%s/w%d", base, w);
	if (mkdir(dir, 0755)) {
		perror(dir);
		return 2;
	}
	for (int g = w; g < ngroups; g += jobs) {
		snprintf(out, sizeof out, "%s/out.%d", base, g);
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0) {
			perror(out);
			return 2;
		}
		close(fd);
		ok &= check_entry(dir, groups[g].column, runner, program, groups[g].entry);
	}
	rmdir(dir);
	return ok ? 0 : 1;
}

/* The groups JOBS at a time (a guest's CPUs), their lines in the groups' order. */
static int run_groups(const char *base, int jobs, const struct group *groups, int ngroups,
		      const char *runner, const char *program)
{
	char out[4096], line[1024];
	int ok = 1, status;

	fflush(stdout);
	for (int w = 0; w < jobs; w++) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(work(base, w, jobs, groups, ngroups, runner, program));
		if (pid < 0)
			return 0;
	}
	while (wait(&status) > 0)
		ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
	for (int g = 0; g < ngroups; g++) {
		snprintf(out, sizeof out, "%s/out.%d", base, g);
		FILE *f = fopen(out, "r");
		if (!f) {
			printf("not ok - table: group %d of %d never ran\n", g + 1, ngroups);
			ok = 0;
			continue;
		}
		while (fgets(line, sizeof line, f))
			fputs(line, stdout);
		fclose(f);
		remove(out);
	}
	return ok;
}

int main(int argc, char **argv)
{
	char base[] = "/tmp/odc-table.XXXXXX", *modes, *save;
	struct group groups[MAX_COLUMNS * 16];
	int ngroups = 0, jobs = 1;

	if (argc > 2 && !strncmp(argv[1], "-j", 2)) {
		jobs = atoi(argv[1] + 2);
		argv++, argc--;
	}
	if (argc < 6 || jobs < 1) {
		fprintf(stderr, "usage: odc_table [-jN] TABLE RUNNER MODES PROGRAM ENTRY...\n");
		return 2;
	}
	read_table(argv[1]);
	/* Absolute, since each case runs in its own directory. */
	argv[4] = absolute(argv[4]);
	if (strchr(argv[2], ':'))
		argv[2] = absolute(argv[2]);
	if (!mkdtemp(base)) {
		perror(base);
		return 2;
	}
	modes = argv[3];
	if (!strcmp(modes, "all")) {
		modes = strdup(columns[0]);
		for (int c = 1; c < ncolumns; c++)
			if (asprintf(&modes, "%s,%s", modes, columns[c]) < 0)
				return 2;
	}
	for (char *mode = strtok_r(modes, ",", &save); mode; mode = strtok_r(NULL, ",", &save))
		for (int e = 5; e < argc && ngroups < (int)(sizeof groups / sizeof groups[0]); e++)
			groups[ngroups++] = (struct group){ column_of(mode), argv[e] };
	int ok = run_groups(base, jobs, groups, ngroups, argv[2], argv[4]);
	rmdir(base);
	return ok ? 0 : 1;
}
