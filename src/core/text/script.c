/*
 * Which argument is the script an interpreter runs (odc_script.h): the
 * first that is no option, past the options the interpreter's manual
 * lists (odc_interpreter.h), each option's value with it, attached or
 * the next argument. Where an option says no script runs (python -c and
 * -m, perl -e, node --eval, sh -c, php -r, ...), where an option is not
 * in the lists (its value might be the next argument), and where the
 * script is the standard input ("-"), there is none: a script= must be
 * sure, for an argument taken for one may be a secret.
 */
#include "odc_interpreter.h"
#include "odc_script.h"

static bool odc_same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

bool odc_script_begin(struct odc_script_scan *s, const char *base, size_t len)
{
	*s = (struct odc_script_scan){ .in = odc_interpreter(base, len) };
	return s->in != NULL;
}

/* An option whose value is the next argument: that argument passed over, or, php -f's, the script. */
static enum odc_script_says odc_takes_next(struct odc_script_scan *s, enum odc_option is)
{
	if (is == ODC_OPTION_SCRIPT)
		s->script_next = true;
	else
		s->pending++;
	return ODC_SCRIPT_ON;
}

/*
 * A word of an option: a long option, or any of node's. "=VALUE" after its
 * name is its value, whatever the name: none of them takes the next
 * argument then (node passes one it does not know to V8 so, and the
 * others refuse it).
 */
static enum odc_script_says odc_word(struct odc_script_scan *s, const char *arg)
{
	size_t len = 0;

	while (arg[len] && arg[len] != '=')
		len++;
	enum odc_option is = odc_interpreter_word(s->in, arg, len);
	if (is == ODC_OPTION_NONE || (is == ODC_OPTION_SCRIPT && arg[len]))
		return ODC_SCRIPT_NONE;	/* a script's name after '=' would be a piece of the argument */
	if (arg[len] || is == ODC_OPTION_FLAG)
		return ODC_SCRIPT_ON;
	return is == ODC_OPTION_UNKNOWN ? ODC_SCRIPT_NONE : odc_takes_next(s, is);
}

/* A group of short options: its letters, one by one, up to one whose value is the rest. */
static enum odc_script_says odc_group(struct odc_script_scan *s, const char *arg)
{
	for (const char *c = arg + 1; *c; c++) {
		enum odc_option is = odc_interpreter_letter(s->in, *c);
		switch (is) {
		case ODC_OPTION_FLAG:
			continue;
		case ODC_OPTION_NEXT:
			s->pending++;
			continue;
		case ODC_OPTION_DIGITS:
			while (c[1] >= '0' && c[1] <= '7')
				c++;
			continue;
		case ODC_OPTION_REST:
			return ODC_SCRIPT_ON;
		case ODC_OPTION_VALUE:
		case ODC_OPTION_SCRIPT:
			if (!c[1])
				return odc_takes_next(s, is);
			/* An attached value: a script's would be a piece of the argument. */
			return is == ODC_OPTION_VALUE ? ODC_SCRIPT_ON : ODC_SCRIPT_NONE;
		default:
			return ODC_SCRIPT_NONE;
		}
	}
	return ODC_SCRIPT_ON;
}

/* What ARG, an option of S's interpreter's (it begins with '-' or '+'), says. */
static enum odc_script_says odc_option(struct odc_script_scan *s, const char *arg)
{
	const struct odc_interpreter *in = s->in;

	if (odc_same(arg, "-") || odc_same(arg, "--")) {
		bool ends = arg[1] ? !in->dashes_stdin : in->dash_ends;
		s->after_dashes = ends;
		return ends ? ODC_SCRIPT_ON : ODC_SCRIPT_NONE;
	}
	if (arg[1] == '\0')
		return ODC_SCRIPT_NONE;	/* a lone '+' */
	if (in->words_only || (arg[0] == '-' && arg[1] == '-'))
		return odc_word(s, arg);
	return odc_group(s, arg);
}

enum odc_script_says odc_script_next(struct odc_script_scan *s, const char *arg)
{
	if (!s->in || s->args++ > ODC_SCRIPT_ARGS)
		return ODC_SCRIPT_NONE;
	if (s->args == 1)
		return ODC_SCRIPT_ON;	/* the name it was started by */
	if (s->script_next)
		return ODC_SCRIPT_THIS;
	if (s->pending) {
		s->pending--;
		return ODC_SCRIPT_ON;
	}
	bool option = !s->after_dashes && (arg[0] == '-' || (arg[0] == '+' && s->in->plus));
	return option ? odc_option(s, arg) : ODC_SCRIPT_THIS;
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
