/*
 * The script an interpreter runs (odc_log_script.h). An interpreter is
 * told by its executable's last name: python, perl and ruby, each with a
 * version after it or none (python3.11, perl5.36.0), node and nodejs, and
 * the shells sh, bash, dash, zsh, ksh and mksh. Its script is the first
 * argument that is not an option, where that names a regular file (as the
 * process's working directory has it when the first line is written);
 * after an option that runs code of the command line's own or a module
 * (python -c and -m, perl -e, node --eval, sh -c, ...) there is none. An
 * option's value that stands apart (python -W VALUE) is passed over with
 * it. Nothing else of the command line is ever kept: an argument after
 * the script, or one that is not a file, may be a secret.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "odc_abi.h"
#include "odc_fs.h"
#include "odc_line.h"
#include "odc_log_script.h"
#include "odc_trap.h"

/*
 * Lists of options are words, each ended by a NUL, the list by an empty
 * one: arrays, not pointers, which the loader would relocate in every
 * process at start-up.
 */
struct odc_interpreter {
	char name[8];
	bool versioned;		/* NAME, then digits and dots, names it too */
	bool plus;		/* an option may begin with '+' too (the shells') */
	char code[4];		/* the letters of a short option after which no script runs */
	char code_long[20];	/* long options that do the same */
	char values[64];	/* options whose value is the next argument */
};

#define ODC_PYTHON_VALUES "-W\0-X\0--check-hash-based-pycs\0"
#define ODC_NODE_VALUES "-r\0--require\0--import\0--loader\0--experimental-loader\0-C\0"
#define ODC_SHELL_VALUES "-o\0+o\0-O\0+O\0--rcfile\0--init-file\0"

static const struct odc_interpreter odc_interpreters[] = {
	{ "python", true, false, "cm", "", ODC_PYTHON_VALUES },
	{ "perl", true, false, "eE", "", "-I\0" },
	{ "ruby", true, false, "e", "", "-I\0-r\0-C\0-E\0" },
	{ "node", false, false, "ep", "--eval\0--print\0", ODC_NODE_VALUES },
	{ "nodejs", false, false, "ep", "--eval\0--print\0", ODC_NODE_VALUES },
	{ "sh", false, true, "cs", "", ODC_SHELL_VALUES },
	{ "bash", false, true, "cs", "", ODC_SHELL_VALUES },
	{ "dash", false, true, "cs", "", ODC_SHELL_VALUES },
	{ "zsh", false, true, "cs", "", ODC_SHELL_VALUES },
	{ "ksh", false, true, "cs", "", ODC_SHELL_VALUES },
	{ "mksh", false, true, "cs", "", ODC_SHELL_VALUES },
};

static bool odc_same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Whether ARG is a word of LIST. */
static bool odc_among(const char *arg, const char *list)
{
	for (; *list; list += strlen(list) + 1)
		if (odc_same(arg, list))
			return true;
	return false;
}

/* The interpreter whose executable's last name is BASE (LEN bytes), or NULL. */
static const struct odc_interpreter *odc_interpreter_of(const char *base, size_t len)
{
	for (size_t i = 0; i < sizeof odc_interpreters / sizeof odc_interpreters[0]; i++) {
		const struct odc_interpreter *in = &odc_interpreters[i];
		size_t n = 0;
		while (n < len && in->name[n] && in->name[n] == base[n])
			n++;
		if (in->name[n])
			continue;
		while (in->versioned && n < len && ((base[n] >= '0' && base[n] <= '9') || base[n] == '.'))
			n++;
		if (n == len)
			return in;
	}
	return NULL;
}

/* The command line's arguments, one at a time, through a bounded buffer. */
struct odc_args {
	int fd;
	size_t start, end;
	char buf[1024];
};

/* The next argument, NUL-terminated where it lies: NULL at the end, or where it is longer than buf. */
static const char *odc_args_next(struct odc_args *a)
{
	for (;;) {
		for (size_t i = a->start; i < a->end; i++) {
			if (a->buf[i] == '\0') {
				const char *arg = a->buf + a->start;
				a->start = i + 1;
				return arg;
			}
		}
		size_t have = a->end - a->start;
		if (have == sizeof a->buf)
			return NULL;
		odc_copy(a->buf, a->buf + a->start, have);
		a->start = 0;
		a->end = have;
		long n = odc_fs_read(a->fd, a->buf + have, sizeof a->buf - have - 1);
		if (n <= 0) {
			if (have == 0)
				return NULL;
			a->buf[a->end++] = '\0';	/* a last argument without its NUL */
		} else {
			a->end += (size_t)n;
		}
	}
}

/* What ARG, an option of IN's, says of the script: 1 the next is it, -1 there is none, 0 read on. */
static int odc_option(const struct odc_interpreter *in, const char *arg, bool *value)
{
	if (odc_same(arg, "--"))
		return 1;
	if (odc_among(arg, in->code_long))
		return -1;
	*value = odc_among(arg, in->values);
	if (arg[1] == '-')
		return 0;
	for (const char *c = arg + 1; *c; c++)
		for (const char *code = in->code; *code; code++)
			if (*c == *code)
				return -1;
	return 0;
}

/* IN's script among the arguments after the first: it, or NULL. */
static const char *odc_script_arg(const struct odc_interpreter *in, struct odc_args *a)
{
	const char *arg = odc_args_next(a);	/* the name it was started by */
	bool value = false, after_dashes = false;

	for (int i = 0; arg && i < 64; i++) {
		if (!(arg = odc_args_next(a)))
			return NULL;
		if (value) {
			value = false;
			continue;
		}
		bool option = !after_dashes && (arg[0] == '-' || (arg[0] == '+' && in->plus)) && arg[1];
		if (!option) {
			struct stat st;
			bool file = !odc_same(arg, "-") && fstatat(AT_FDCWD, arg, &st, 0) == 0 &&
				    S_ISREG(st.st_mode);
			return file ? arg : NULL;
		}
		int says = odc_option(in, arg, &value);
		if (says < 0)
			return NULL;
		after_dashes = says > 0;
	}
	return NULL;
}

size_t odc_script_read(const char *base, size_t len, char out[ODC_SCRIPT_ROOM])
{
	const struct odc_interpreter *in = odc_interpreter_of(base, len);
	if (!in)
		return 0;
	struct odc_args a = { .fd = -1 };
	a.fd = (int)odc_trap(ODC_NR_OPENAT, AT_FDCWD, (long)"/proc/self/cmdline", O_RDONLY | O_CLOEXEC,
			     0, 0, 0);
	if (a.fd < 0)
		return 0;
	const char *script = odc_script_arg(in, &a);
	struct odc_line l;
	odc_line_start(&l);
	if (script)
		odc_put_escaped_within(&l, script, sizeof a.buf, ODC_SCRIPT_ROOM);
	odc_trap(ODC_NR_CLOSE, a.fd, 0, 0, 0, 0, 0);
	odc_copy(out, l.text, l.len);
	return l.len;
}
