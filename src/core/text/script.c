/*
 * Which argument is the script an interpreter runs (odc_script.h). An
 * interpreter is told by its executable's last name: python, perl and
 * ruby, each with a version after it or none (python3.11, perl5.36.0),
 * node and nodejs, and the shells sh, bash, dash, zsh, ksh and mksh. Its
 * script is the first argument that is not an option (where that names a
 * regular file: the caller's to ask); after an option that runs code of
 * the command line's own or a module (python -c and -m, perl -e, node
 * --eval, sh -c, ...) there is none, nor is "-" (the standard input). An
 * option's value that stands apart (python -W VALUE) is passed over with
 * it.
 */
#include <string.h>

#include "odc_script.h"

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

bool odc_script_begin(struct odc_script_scan *s, const char *base, size_t len)
{
	*s = (struct odc_script_scan){ 0 };
	for (size_t i = 0; i < sizeof odc_interpreters / sizeof odc_interpreters[0]; i++) {
		const struct odc_interpreter *in = &odc_interpreters[i];
		size_t n = 0;
		while (n < len && in->name[n] && in->name[n] == base[n])
			n++;
		if (in->name[n])
			continue;
		while (in->versioned && n < len && ((base[n] >= '0' && base[n] <= '9') || base[n] == '.'))
			n++;
		if (n == len) {
			s->in = in;
			return true;
		}
	}
	return false;
}

/* What ARG, an option of IN's, says of the script: ON, or NONE; *DASHES where it is "--". */
static enum odc_script_says odc_option(const struct odc_interpreter *in, const char *arg, bool *value,
				       bool *dashes)
{
	*dashes = odc_same(arg, "--");
	if (*dashes)
		return ODC_SCRIPT_ON;
	if (odc_among(arg, in->code_long))
		return ODC_SCRIPT_NONE;
	*value = odc_among(arg, in->values);
	if (arg[1] == '-')
		return ODC_SCRIPT_ON;
	for (const char *c = arg + 1; *c; c++)
		for (const char *code = in->code; *code; code++)
			if (*c == *code)
				return ODC_SCRIPT_NONE;
	return ODC_SCRIPT_ON;
}

enum odc_script_says odc_script_next(struct odc_script_scan *s, const char *arg)
{
	if (!s->in || s->args++ > ODC_SCRIPT_ARGS)
		return ODC_SCRIPT_NONE;
	if (s->args == 1)
		return ODC_SCRIPT_ON;	/* the name it was started by */
	if (s->value) {
		s->value = false;
		return ODC_SCRIPT_ON;
	}
	bool option = !s->after_dashes && (arg[0] == '-' || (arg[0] == '+' && s->in->plus)) && arg[1];
	if (!option)
		return odc_same(arg, "-") ? ODC_SCRIPT_NONE : ODC_SCRIPT_THIS;
	return odc_option(s->in, arg, &s->value, &s->after_dashes);
}

const char *odc_script_among(const char *base, size_t base_len, const char *args, size_t len)
{
	struct odc_script_scan s;
	size_t at = 0;

	if (!odc_script_begin(&s, base, base_len))
		return NULL;
	for (size_t end = 0; end < len; end++) {
		if (args[end] != '\0')
			continue;
		enum odc_script_says says = odc_script_next(&s, args + at);
		if (says != ODC_SCRIPT_ON)
			return says == ODC_SCRIPT_THIS ? args + at : NULL;
		at = end + 1;
	}
	return NULL;
}
