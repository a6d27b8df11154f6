/*
 * The interpreters whose scripts script= names, and how each reads its
 * options, as its own manual says (src/core/text/interpreters.c): the
 * lists the rules of script.c read.
 */
#ifndef ODC_INTERPRETER_H
#define ODC_INTERPRETER_H

#include <stdbool.h>
#include <stddef.h>

/* What an option is to the search for the script. */
enum odc_option {
	ODC_OPTION_UNKNOWN,	/* not in the interpreter's manual: no script is sure */
	ODC_OPTION_FLAG,	/* takes no value */
	ODC_OPTION_VALUE,	/* its value is the rest of its group, or else the next argument */
	ODC_OPTION_NEXT,	/* its value is the next argument, and its group goes on */
	ODC_OPTION_REST,	/* its value is the rest of its group, which may be empty */
	ODC_OPTION_DIGITS,	/* octal digits of its own may follow, and its group goes on */
	ODC_OPTION_NONE,	/* no script is sure after it (code of the command line's own, ...) */
	ODC_OPTION_SCRIPT,	/* its value, the next argument, is the script */
};

/*
 * An interpreter, told by its executable's last name. Its short options
 * are letters, grouped behind one '-' (or '+', where PLUS), each letter in
 * one class of enum odc_option; but where WORDS, each option is a word of
 * its own, as its long options are (node's). Lists are arrays, not
 * pointers, which the loader would relocate in every process at start-up:
 * letters, each class's a string; words, each ended by a NUL and led by
 * its class's letter (f, v, n or s: FLAG, VALUE, NONE, SCRIPT), a word
 * that ends in '*' naming every word it begins; the list ended by an empty
 * word, at offset WORDS of odc_words.
 */
struct odc_interpreter {
	char name[8];
	bool versioned;		/* NAME, then digits and dots, names it too */
	bool plus;
	bool words_only;
	bool dash_ends;		/* a lone "-" ends the options, as "--" does; else it is the standard input */
	bool dashes_stdin;	/* "--" says the script is the standard input, not the next argument (php's) */
	char flag[56], value[8], next[4], rest[12], digits[4], none[12], script[2];
	unsigned short words;
};

/* The interpreter whose executable's last name is BASE (LEN bytes), or NULL. */
const struct odc_interpreter *odc_interpreter(const char *base, size_t len);

/* What the letter C of a group of IN's short options is. */
enum odc_option odc_interpreter_letter(const struct odc_interpreter *in, char c);

/* What IN's option WORD (LEN bytes: without an "=VALUE") is. */
enum odc_option odc_interpreter_word(const struct odc_interpreter *in, const char *word, size_t len);

#endif
