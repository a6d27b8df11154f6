/*
 * script_test: the rules of script= (src/core/text/script.c) on each
 * interpreter's options: flags, values attached and apart, letters
 * grouped, options after which no script runs, and options the rules do
 * not know. Each case is fed both ways: one argument at a time, as the
 * library reads its /proc/self/cmdline (odc_script_begin, odc_script_next),
 * and as the bytes of a command line, as the watcher has the caller's
 * (odc_script_among). Prints each case that names another argument than
 * the one it should; exits 1 if there is any.
 */
#include <stdio.h>
#include <string.h>

#include "odc_script.h"

#define SCRIPT_TEST_ARGS 8

struct script_case {
	const char *argv[SCRIPT_TEST_ARGS];	/* the executable's last name first */
	int script;				/* the index of the script, or 0: none */
};

static const struct script_case cases[] = {
	/* python3.11(1) */
	{ { "python3", "a.py", "SECRET" }, 1 },
	{ { "python3", "-u", "a.py" }, 2 },
	{ { "python3.11", "-I", "-S", "a.py" }, 3 },
	{ { "python3", "-bW", "VALUE", "a.py" }, 3 },
	{ { "python3", "-W", "VALUE", "a.py" }, 3 },
	{ { "python3", "-Wignore", "a.py" }, 2 },
	{ { "python3", "-bWignore", "a.py" }, 2 },
	{ { "python3", "-X", "dev", "a.py" }, 3 },
	{ { "python3", "-OOX", "dev", "a.py" }, 3 },
	{ { "python3", "-Xdev", "a.py" }, 2 },
	{ { "python3", "--check-hash-based-pycs", "always", "a.py" }, 3 },
	{ { "python3", "-c", "code", "a.py" }, 0 },
	{ { "python3", "-bc", "code", "a.py" }, 0 },
	{ { "python3", "-m", "module", "a.py" }, 0 },
	{ { "python3", "-um", "module" }, 0 },
	{ { "python3", "-", "a.py" }, 0 },
	{ { "python3", "--", "-a.py" }, 2 },
	{ { "python3", "-J", "VALUE", "a.py" }, 0 },
	{ { "python3", "--unknown", "VALUE", "a.py" }, 0 },
	/* perlrun(1) */
	{ { "perl", "a.pl" }, 1 },
	{ { "perl5.36.0", "-w", "a.pl" }, 2 },
	{ { "perl", "-I", "VALUE", "a.pl" }, 3 },
	{ { "perl", "-wI", "VALUE", "a.pl" }, 3 },
	{ { "perl", "-IVALUE", "a.pl" }, 2 },
	{ { "perl", "-lw", "a.pl" }, 2 },
	{ { "perl", "-l012I", "VALUE", "a.pl" }, 3 },
	{ { "perl", "-0777", "-w", "a.pl" }, 3 },
	{ { "perl", "-CSD", "a.pl" }, 2 },
	{ { "perl", "-MData::Dumper", "a.pl" }, 2 },
	{ { "perl", "-F:", "-i.bak", "a.pl" }, 3 },
	{ { "perl", "-d:Trace", "a.pl" }, 2 },
	{ { "perl", "-dtw", "a.pl" }, 2 },
	{ { "perl", "-e", "code", "a.pl" }, 0 },
	{ { "perl", "-lne", "code", "a.pl" }, 0 },
	{ { "perl", "-E", "code" }, 0 },
	{ { "perl", "-S", "a.pl" }, 0 },
	{ { "perl", "-x", "a.pl" }, 0 },
	{ { "perl", "-0x1FF", "a.pl" }, 0 },
	{ { "perl", "-Z", "a.pl" }, 0 },
	/* ruby3.1(1) */
	{ { "ruby3.1", "a.rb" }, 1 },
	{ { "ruby", "-w", "a.rb" }, 2 },
	{ { "ruby", "-r", "VALUE", "a.rb" }, 3 },
	{ { "ruby", "-wrVALUE", "a.rb" }, 2 },
	{ { "ruby", "-wI", "VALUE", "a.rb" }, 3 },
	{ { "ruby", "-E", "UTF-8", "a.rb" }, 3 },
	{ { "ruby", "--encoding", "UTF-8", "a.rb" }, 3 },
	{ { "ruby", "--encoding=UTF-8", "a.rb" }, 2 },
	{ { "ruby", "--enable-frozen-string-literal", "a.rb" }, 2 },
	{ { "ruby", "--disable", "gems", "a.rb" }, 3 },
	{ { "ruby", "-W:no-deprecated", "a.rb" }, 2 },
	{ { "ruby", "-W0w", "a.rb" }, 2 },
	{ { "ruby", "-e", "code", "a.rb" }, 0 },
	{ { "ruby", "-C", "DIR", "a.rb" }, 0 },
	{ { "ruby", "-S", "a.rb" }, 0 },
	{ { "ruby", "--jit", "a.rb" }, 0 },
	/* node --help */
	{ { "node", "a.js", "SECRET" }, 1 },
	{ { "node", "--env-file", "VALUE", "a.js" }, 3 },
	{ { "node", "--env-file=VALUE", "a.js" }, 2 },
	{ { "nodejs", "-r", "VALUE", "a.js" }, 3 },
	{ { "node", "--require", "VALUE", "--no-warnings", "a.js" }, 4 },
	{ { "node", "--inspect", "a.js" }, 2 },
	{ { "node", "--inspect=9229", "a.js" }, 2 },
	{ { "node", "--max-old-space-size=100", "a.js" }, 2 },
	{ { "node", "--stack-size", "500", "a.js" }, 0 },
	{ { "node", "-e", "code", "a.js" }, 0 },
	{ { "node", "--eval=code", "a.js" }, 0 },
	{ { "node", "-pe", "code" }, 0 },
	{ { "node", "--test", "a.js" }, 0 },
	{ { "node", "--", "a.js" }, 2 },
	{ { "node", "-", "a.js" }, 0 },
	{ { "node", "-ic", "a.js" }, 0 },
	/* php8.2(1) */
	{ { "php8.2", "a.php" }, 1 },
	{ { "php", "-n", "a.php" }, 2 },
	{ { "php", "-d", "x=1", "a.php" }, 3 },
	{ { "php", "-nd", "x=1", "a.php" }, 3 },
	{ { "php", "-dx=1", "a.php" }, 2 },
	{ { "php", "--define", "x=1", "a.php" }, 3 },
	{ { "php", "-c", "VALUE", "a.php" }, 3 },
	{ { "php", "-f", "a.php", "SECRET" }, 2 },
	{ { "php", "-nf", "a.php", "SECRET" }, 2 },
	{ { "php", "--file", "a.php", "SECRET" }, 2 },
	{ { "php", "-fa.php", "SECRET" }, 0 },
	{ { "php", "--file=a.php", "SECRET" }, 0 },
	{ { "php", "-r", "code", "a.php" }, 0 },
	{ { "php", "-S", "localhost:80", "a.php" }, 0 },
	{ { "php", "--", "a.php" }, 0 },
	/* dash(1), bash(1) */
	{ { "sh", "a.sh", "SECRET" }, 1 },
	{ { "dash", "-e", "a.sh" }, 2 },
	{ { "dash", "-o", "errexit", "a.sh" }, 3 },
	{ { "dash", "-ox", "errexit", "a.sh" }, 3 },
	{ { "dash", "-xo", "errexit", "a.sh" }, 3 },
	{ { "dash", "+o", "errexit", "a.sh" }, 3 },
	{ { "dash", "-", "a.sh" }, 2 },
	{ { "dash", "-c", "code", "a.sh" }, 0 },
	{ { "dash", "-s", "a.sh" }, 0 },
	{ { "dash", "--norc", "a.sh" }, 0 },
	{ { "bash", "-O", "extglob", "a.sh" }, 3 },
	{ { "bash", "-oo", "posix", "errexit", "a.sh" }, 4 },
	{ { "bash", "--rcfile", "VALUE", "a.sh" }, 3 },
	{ { "bash", "--norc", "-e", "a.sh" }, 3 },
	{ { "bash", "-ec", "code", "a.sh" }, 0 },
	{ { "bash", "--frobnicate", "a.sh" }, 0 },
	/* zsh(1), zshoptions(1), ksh93(1), mksh(1) */
	{ { "zsh", "-o", "shwordsplit", "a.sh" }, 3 },
	{ { "zsh", "-xoshwordsplit", "a.sh" }, 2 },
	{ { "zsh", "--emulate", "sh", "a.sh" }, 3 },
	{ { "zsh", "-b", "a.sh" }, 0 },
	{ { "ksh", "-o", "posix", "a.sh" }, 3 },
	{ { "ksh", "-", "a.sh" }, 2 },
	{ { "mksh", "-o", "posix", "a.sh" }, 3 },
	{ { "mksh", "-T", "tty", "a.sh" }, 0 },
	{ { "mksh", "-", "a.sh" }, 0 },
	/* Not an interpreter. */
	{ { "tool", "a.py" }, 0 },
	{ { "python3x", "a.py" }, 0 },
};

/* The script among ARGV, one argument at a time: its index, or 0. */
static int script_by_args(const char *const *argv)
{
	struct odc_script_scan s;

	if (!odc_script_begin(&s, argv[0], strlen(argv[0])))
		return 0;
	for (int i = 0; i < SCRIPT_TEST_ARGS && argv[i]; i++) {
		enum odc_script_says says = odc_script_next(&s, argv[i]);
		if (says != ODC_SCRIPT_ON)
			return says == ODC_SCRIPT_THIS ? i : 0;
	}
	return 0;
}

/* The script among ARGV, as bytes of a command line (cut short by CUT bytes): its index, or 0. */
static int script_by_bytes(const char *const *argv, size_t cut)
{
	char line[512];
	size_t len = 0, at[SCRIPT_TEST_ARGS];
	int n = 0;

	for (; n < SCRIPT_TEST_ARGS && argv[n]; n++) {
		at[n] = len;
		len += (size_t)snprintf(line + len, sizeof line - len, "%s", argv[n]) + 1;
	}
	const char *script = odc_script_among(argv[0], strlen(argv[0]), line, len - cut);
	for (int i = 0; script && i < n; i++)
		if (script == line + at[i])
			return i;
	return 0;
}

/* That C's arguments, read HOW, named the one at GOT as the script, not the one at WANT (0: none). */
static void script_say(const struct script_case *c, const char *how, int got, int want)
{
	printf("%s:", how);
	for (int i = 0; i < SCRIPT_TEST_ARGS && c->argv[i]; i++)
		printf(" %s", c->argv[i]);
	printf(": %s, not %s\n", got ? c->argv[got] : "none", want ? c->argv[want] : "none");
}

int main(void)
{
	int bad = 0;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct script_case *c = &cases[i];
		int args = script_by_args(c->argv), bytes = script_by_bytes(c->argv, 0);
		if (args != c->script)
			script_say(c, "the library's", args, c->script), bad = 1;
		if (bytes != c->script)
			script_say(c, "the watcher's", bytes, c->script), bad = 1;
		/* A command line cut inside its script's name names none. */
		int cut = c->script && !c->argv[c->script + 1] ? script_by_bytes(c->argv, 1) : 0;
		if (cut)
			script_say(c, "the watcher's, cut short", cut, 0), bad = 1;
	}
	printf("%zu cases\n", sizeof cases / sizeof cases[0]);
	return bad;
}
