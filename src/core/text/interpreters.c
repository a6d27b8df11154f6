/*
 * The interpreters script= knows, and their options (odc_interpreter.h),
 * each list as the interpreter's own manual gives it, checked against the
 * interpreter where it is installed: python3.11(1) and --help, perlrun(1)
 * of 5.36, ruby3.1(1), node --help of v20, php8.2(1), bash(1), dash(1),
 * zsh(1) and zshoptions(1) of 5.9, ksh93(1) of 1.0.4 and mksh(1) of R59c.
 * An option missing here is one the search cannot pass: no script.
 */
#include <stddef.h>
#include <string.h>

#include "odc_interpreter.h"

#define ODC_PYTHON_WORDS "v--check-hash-based-pycs\0f--help\0f--help-all\0f--help-env\0" \
	"f--help-xoptions\0f--version\0"
#define ODC_PERL_WORDS "f--help\0f--version\0"
/* --enable and --disable take a value; --enable-FEATURE is a flag. */
#define ODC_RUBY_WORDS "f--copyright\0f--version\0f--verbose\0f--help\0f--debug\0f--yydebug\0" \
	"v--encoding\0v--external-encoding\0v--internal-encoding\0v--dump\0v--enable\0v--disable\0" \
	"f--enable-*\0f--disable-*\0"
/*
 * node's options are words, a short one too (-r, not grouped); --test runs
 * the test files it finds, --prof-process reads a profile.
 */
#define ODC_NODE_WORDS "n-e\0n--eval\0n-p\0n--print\0n-pe\0n--test\0n--prof-process\0" \
	"v--allow-fs-read\0v--allow-fs-write\0v--build-snapshot-config\0v-C\0v--conditions\0" \
	"v--cpu-prof-dir\0v--cpu-prof-interval\0v--cpu-prof-name\0v--diagnostic-dir\0" \
	"v--disable-proto\0v--disable-warning\0v--dns-result-order\0v--env-file\0" \
	"v--env-file-if-exists\0v--experimental-default-type\0v--loader\0v--experimental-loader\0" \
	"v--experimental-policy\0v--experimental-sea-config\0v--heap-prof-dir\0" \
	"v--heap-prof-interval\0v--heap-prof-name\0v--heapsnapshot-near-heap-limit\0" \
	"v--heapsnapshot-signal\0v--icu-data-dir\0v--import\0v--input-type\0v--debug-port\0" \
	"v--inspect-port\0v--inspect-publish-uid\0v--max-http-header-size\0" \
	"v--network-family-autoselection-attempt-timeout\0v--openssl-config\0v--policy-integrity\0" \
	"v--redirect-warnings\0v--report-directory\0v--report-dir\0v--report-filename\0" \
	"v--report-signal\0v-r\0v--require\0v--secure-heap\0v--secure-heap-min\0v--snapshot-blob\0" \
	"v--test-concurrency\0v--test-name-pattern\0v--test-reporter\0v--test-reporter-destination\0" \
	"v--test-shard\0v--test-timeout\0v--title\0v--tls-cipher-list\0v--tls-keylog\0" \
	"v--trace-event-categories\0v--trace-event-file-pattern\0v--trace-require-module\0" \
	"v--unhandled-rejections\0v--use-largepages\0v--v8-pool-size\0v--watch-path\0" \
	"f--abort-on-uncaught-exception\0f--allow-addons\0f--allow-child-process\0f--allow-wasi\0" \
	"f--allow-worker\0f--build-snapshot\0f-c\0f--check\0f--completion-bash\0f--cpu-prof\0" \
	"f--disable-wasm-trap-handler\0f--disallow-code-generation-from-strings\0" \
	"f--enable-etw-stack-walking\0f--enable-fips\0f--enable-source-maps\0" \
	"f--experimental-eventsource\0f--experimental-import-meta-resolve\0" \
	"f--experimental-network-imports\0f--experimental-network-inspection\0" \
	"f--experimental-permission\0f--experimental-print-required-tla\0" \
	"f--experimental-test-coverage\0f--experimental-test-module-mocks\0" \
	"f--experimental-vm-modules\0f--experimental-wasm-modules\0f--experimental-websocket\0" \
	"f--expose-gc\0f--force-context-aware\0f--force-fips\0" \
	"f--force-node-api-uncaught-exceptions-policy\0f--frozen-intrinsics\0f--heap-prof\0f-h\0" \
	"f--help\0f--huge-max-old-generation-size\0f--insecure-http-parser\0f--inspect\0" \
	"f--inspect-brk\0f--inspect-wait\0f-i\0f--interactive\0f--interpreted-frames-native-stack\0" \
	"f--jitless\0f--no-addons\0f--no-deprecation\0f--no-experimental-detect-module\0" \
	"f--no-experimental-fetch\0f--no-experimental-global-customevent\0" \
	"f--no-experimental-global-webcrypto\0f--no-experimental-repl-await\0" \
	"f--no-experimental-require-module\0f--no-extra-info-on-fatal-exception\0" \
	"f--no-force-async-hooks-checks\0f--no-global-search-paths\0" \
	"f--enable-network-family-autoselection\0f--no-network-family-autoselection\0" \
	"f--no-warnings\0f--node-memory-debug\0f--openssl-legacy-provider\0" \
	"f--openssl-shared-config\0f--pending-deprecation\0f--preserve-symlinks\0" \
	"f--preserve-symlinks-main\0f--prof\0f--report-compact\0f--report-exclude-network\0" \
	"f--report-on-fatalerror\0f--report-on-signal\0f--report-uncaught-exception\0" \
	"f--test-force-exit\0f--test-only\0f--throw-deprecation\0f--tls-max-v1.2\0f--tls-max-v1.3\0" \
	"f--tls-min-v1.0\0f--tls-min-v1.1\0f--tls-min-v1.2\0f--tls-min-v1.3\0f--trace-atomics-wait\0" \
	"f--trace-deprecation\0f--trace-exit\0f--trace-promises\0f--trace-sigint\0f--trace-sync-io\0" \
	"f--trace-tls\0f--trace-uncaught\0f--trace-warnings\0f--track-heap-objects\0" \
	"f--use-bundled-ca\0f--use-openssl-ca\0f--v8-options\0f-v\0f--version\0f--watch\0" \
	"f--watch-preserve-output\0f--zero-fill-buffers\0"
/* php -f FILE: the script; -r, -B, -R, -E code; -F a file for each line; -S a server's. */
#define ODC_PHP_WORDS "s--file\0n--interactive\0n--run\0n--process-begin\0n--process-code\0" \
	"n--process-file\0n--process-end\0n--server\0n--rfunction\0n--rf\0n--rclass\0n--rc\0" \
	"n--rextension\0n--re\0n--rzendextension\0n--rz\0n--rextinfo\0n--ri\0n--ini\0" \
	"v--bindpath\0v--timing\0v--php-ini\0v--define\0v--docroot\0v--zend-extension\0" \
	"f--no-chdir\0f--no-header\0f--no-php-ini\0f--help\0f--hide-args\0f--info\0" \
	"f--syntax-check\0f--modules\0f--syntax-highlight\0f--version\0f--strip\0"
#define ODC_BASH_WORDS "v--init-file\0v--rcfile\0f--debugger\0f--dump-po-strings\0f--dump-strings\0" \
	"f--help\0f--login\0f--noediting\0f--noprofile\0f--norc\0f--posix\0f--restricted\0" \
	"f--verbose\0f--version\0"
#define ODC_ZSH_WORDS "v--emulate\0f--help\0f--version\0"
#define ODC_KSH_WORDS "f--rc\0f--norc\0f--interactive\0f--restricted\0"

static const struct odc_words {
	char none[1];
	char python[sizeof ODC_PYTHON_WORDS], perl[sizeof ODC_PERL_WORDS];
	char ruby[sizeof ODC_RUBY_WORDS], node[sizeof ODC_NODE_WORDS], php[sizeof ODC_PHP_WORDS];
	char bash[sizeof ODC_BASH_WORDS], zsh[sizeof ODC_ZSH_WORDS], ksh[sizeof ODC_KSH_WORDS];
} odc_words = {
	"", ODC_PYTHON_WORDS, ODC_PERL_WORDS, ODC_RUBY_WORDS, ODC_NODE_WORDS, ODC_PHP_WORDS,
	ODC_BASH_WORDS, ODC_ZSH_WORDS, ODC_KSH_WORDS,
};

#define ODC_WORDS(list) offsetof(struct odc_words, list)
/* dash's, for sh too, which is dash where it is not bash (whose exe= then says bash). */
#define ODC_DASH(shell) { .name = shell, .plus = true, .dash_ends = true, .flag = "abCefIilmnpuVvxE", \
			  .next = "o", .none = "cs", .words = ODC_WORDS(none) }

/*
 * perl's -l and -0 may be followed by digits, then more letters; its -d
 * by :MODULE; its and ruby's -S search PATH; -x (and ruby's -C and -X)
 * may change directory first. ruby's -W takes a level, or :CATEGORY.
 */
static const struct odc_interpreter odc_interpreters[] = {
	{ .name = "python", .versioned = true, .flag = "bBdEhiIOPqsSuvVx?", .value = "WX", .none = "cm",
	  .words = ODC_WORDS(python) },
	{ .name = "perl", .versioned = true, .flag = "acdfghnpstTuUvwWX?", .value = "I",
	  .rest = "CDFimMV:", .digits = "0l", .none = "eESx", .words = ODC_WORDS(perl) },
	{ .name = "ruby", .versioned = true, .flag = "acdhlnpsUvwy", .value = "EIr", .rest = "Fi:",
	  .digits = "0TW", .none = "CeKSXx", .words = ODC_WORDS(ruby) },
	{ .name = "node", .words_only = true, .words = ODC_WORDS(node) },
	{ .name = "nodejs", .words_only = true, .words = ODC_WORDS(node) },
	{ .name = "php", .versioned = true, .dashes_stdin = true, .flag = "CeHhilmnqsvw",
	  .value = "bcdTtz", .none = "aBEFRrS", .script = "f", .words = ODC_WORDS(php) },
	ODC_DASH("sh"),
	ODC_DASH("dash"),
	{ .name = "bash", .plus = true, .dash_ends = true, .flag = "abefhkmnptuvxBCDEHPTilr",
	  .next = "oO", .none = "cs", .words = ODC_WORDS(bash) },
	/* zsh's -b ends the options too; a lone "-" does. */
	{ .name = "zsh", .plus = true, .dash_ends = true,
	  .flag = "0123456789BCDEFGHIJKLMNOPQRSTUVWXYZaefghiklmnprtuvwxy", .value = "o", .none = "bcs",
	  .words = ODC_WORDS(zsh) },
	{ .name = "ksh", .plus = true, .dash_ends = true, .flag = "abefhiklmnprtuvxBCDEGH", .value = "o",
	  .none = "cs", .words = ODC_WORDS(ksh) },
	/* mksh -T runs the shell on a terminal, or in the background. */
	{ .name = "mksh", .plus = true, .flag = "abCefhiklmnprUuvXx", .value = "o", .none = "csT",
	  .words = ODC_WORDS(none) },
};

const struct odc_interpreter *odc_interpreter(const char *base, size_t len)
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

enum odc_option odc_interpreter_letter(const struct odc_interpreter *in, char c)
{
	const struct {
		const char *letters;
		enum odc_option is;
	} classes[] = {
		{ in->flag, ODC_OPTION_FLAG }, { in->value, ODC_OPTION_VALUE },
		{ in->next, ODC_OPTION_NEXT }, { in->rest, ODC_OPTION_REST },
		{ in->digits, ODC_OPTION_DIGITS }, { in->none, ODC_OPTION_NONE },
		{ in->script, ODC_OPTION_SCRIPT },
	};

	for (size_t i = 0; c && i < sizeof classes / sizeof classes[0]; i++)
		if (strchr(classes[i].letters, c))
			return classes[i].is;
	return ODC_OPTION_UNKNOWN;
}

/* Whether the LEN bytes at WORD are the list's word W, or begin with it where it ends in '*'. */
static bool odc_word_is(const char *w, const char *word, size_t len)
{
	size_t n = 0;

	while (n < len && w[n] == word[n])
		n++;
	return w[n] == '\0' ? n == len : w[n] == '*' && w[n + 1] == '\0';
}

enum odc_option odc_interpreter_word(const struct odc_interpreter *in, const char *word, size_t len)
{
	static const char classes[] = "fvns";
	static const enum odc_option is[] = { ODC_OPTION_FLAG, ODC_OPTION_VALUE, ODC_OPTION_NONE,
					      ODC_OPTION_SCRIPT };

	for (const char *w = (const char *)&odc_words + in->words; *w; w += strlen(w) + 1)
		if (odc_word_is(w + 1, word, len))
			return is[strchr(classes, *w) - classes];
	return ODC_OPTION_UNKNOWN;
}
