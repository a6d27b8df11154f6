/*
 * fuzz_semantics: libFuzzer harness that checks the shim against a model
 * (tests/fuzz/model.c, itself checked against tests/table.txt by table.c).
 *
 * The library's sources are linked into this binary, so its open, open64,
 * openat, openat64, openat2 and syscall are the ones every call below goes
 * through. config.c and log_dest.c are included here (and not compiled apart) so
 * that each input can start from an unread configuration and a closed log.
 *
 * One input is: an ODCREAT_MODE value (unset, empty, a mode name, a mutated
 * name or arbitrary bytes), an ODCREAT_LOG value (unset, empty, /dev/null, a
 * file in the log directory, a name of arbitrary bytes there, a path under a
 * missing directory, or a directory), then up to 8 steps. A step builds one
 * path state in an empty scratch directory, makes one O_CREAT|O_DIRECTORY
 * call through one entry point, and compares the result, errno, the
 * descriptor count and what is left on disk with model(), an executable
 * copy of tests/table.txt and the README's rules, written independently of
 * src/core/open/semantics.c. At the end of the input the warning line (unknown mode)
 * and the log lines are checked, a good call's would= (src/core/open/predict.c)
 * against model() in every mode.
 *
 * A step may also pass bad input: a path or an open_how at an address the
 * caller may not read, or an open_how the kernel refuses (an unknown flag
 * or resolve bit, BENEATH with IN_ROOT, mode bits beyond 07777,
 * RESOLVE_CACHED). Its oracle is the kernel itself: the same call made raw,
 * without O_DIRECTORY where the mode's own verdict on the flags comes first
 * (this kernel's EINVAL for the pair would hide the rest). Nothing may be
 * made or left open.
 *
 * A mismatch prints the case and a reproducer command, then abort()s so
 * that libFuzzer saves the input.
 *
 * Environment: ODC_FUZZ_TMPDIR (where the scratch area is made; default
 * $TMPDIR or /tmp), ODC_FUZZ_TABLE (tests/table.txt, checked against the
 * model at start-up), ODC_FUZZ_REPO (the repository, for reproducers).
 */
#include "../../src/core/config/settings.c"
#include "../../src/core/dest/dest.c"
#include "odc_errname.h"
#include "odc_meaning.h"
#include "odc_trap.h"

#include <dirent.h>
#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * The shim's entry points by their own names: glibc 2.36 declares no
 * openat2, and declares the path of the others never NULL, which the bad
 * input passes on purpose.
 */
int fz_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
	__asm__("openat2");
int fz_open(const char *path, int flags, ...) __asm__("open");
int fz_open64(const char *path, int flags, ...) __asm__("open64");
int fz_openat(int dirfd, const char *path, int flags, ...) __asm__("openat");
int fz_openat64(int dirfd, const char *path, int flags, ...) __asm__("openat64");
#include "fuzz.h"

/* ----------------------------------------------------------- the harness */

static int fz_stderr = -1;	/* the real stderr, for reports */
static int fz_capture = -1;	/* a memfd that stands in for stderr during calls */
static char fz_root[PATH_MAX];	/* root: s (scratch), c (cwd for *at calls), log */
static int fz_root_fd = -1, fz_s_fd = -1, fz_c_fd = -1, fz_log_fd = -1, fz_cwd_fd = -1;
static mode_t fz_umask;
static bool fz_ready;

void fz_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdprintf(fz_stderr >= 0 ? fz_stderr : STDERR_FILENO, fmt, ap);
	va_end(ap);
}

struct fz_ent {
	char name[320];
	char kind[8];
};

static int fz_ent_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fz_ent *)a)->name, ((const struct fz_ent *)b)->name);
}

/* The entries of DIRFD, sorted; -1 when it cannot be read. */
static int fz_list(int dirfd, struct fz_ent *out, int max)
{
	int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == max)
			break;
		struct stat st;
		snprintf(out[n].name, sizeof out[n].name, "%s", de->d_name);
		const char *kind = "?";
		if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			kind = S_ISDIR(st.st_mode) ? "dir" : S_ISLNK(st.st_mode) ? "link" :
			       S_ISREG(st.st_mode) ? (st.st_size ? "data" : "file") : "other";
		snprintf(out[n].kind, sizeof out[n].kind, "%s", kind);
		n++;
	}
	closedir(d);
	qsort(out, (size_t)n, sizeof out[0], fz_ent_cmp);
	return n;
}

static void fz_render_dir(int dirfd, char *out, size_t len)
{
	struct fz_ent ent[16];
	int n = fz_list(dirfd, ent, 16);
	size_t used = 0;

	out[0] = '\0';
	if (n < 0) {
		snprintf(out, len, "(unreadable)");
		return;
	}
	for (int i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s:%s", i ? " " : "",
					 ent[i].name, ent[i].kind);
	if (!n)
		snprintf(out, len, "-");
}

/* Empty DIRFD, depth first, without the shim's O_CREAT|O_DIRECTORY path. */
static int fz_wipe(int dirfd)
{
	for (;;) {
		struct fz_ent ent[16];
		int n = fz_list(dirfd, ent, 16);
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		for (int i = 0; i < n; i++) {
			if (!strcmp(ent[i].kind, "dir")) {
				int sub = openat(dirfd, ent[i].name,
						 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				if (sub >= 0) {
					fz_wipe(sub);
					close(sub);
				}
				if (unlinkat(dirfd, ent[i].name, AT_REMOVEDIR) < 0)
					return -1;
			} else if (unlinkat(dirfd, ent[i].name, 0) < 0) {
				return -1;
			}
		}
	}
}

void fz_cleanup(void)
{
	if (!fz_ready)
		return;
	fz_ready = false;
	if (fz_cwd_fd >= 0 && fchdir(fz_cwd_fd) < 0)
		fz_say("fuzz_semantics: cannot return to the starting directory\n");
	if (odc_log_fd >= 0) {
		close(odc_log_fd);
		odc_log_fd = -1;
	}
	if (fz_root_fd >= 0) {
		fz_wipe(fz_root_fd);
		close(fz_root_fd);
		fz_root_fd = -1;
	}
	if (fz_root[0] && rmdir(fz_root) < 0)
		fz_say("fuzz_semantics: cannot remove %s: %s\n", fz_root, strerror(errno));
}

/* A broken harness or environment, not a finding: say so and stop. */
void fz_fatal(const char *what)
{
	fz_say("fuzz_semantics: harness error: %s: %s\n", what, strerror(errno));
	fz_cleanup();
	abort();
}

/* Open descriptors, less the audit log's, which the shim keeps open on purpose. */
static int fz_count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0, self;

	if (!d)
		fz_fatal("/proc/self/fd");
	self = dirfd(d);
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		int fd = atoi(de->d_name);
		n += fd != self && fd != odc_log_fd;
	}
	closedir(d);
	return n;
}
static int fz_open_dir(int at, const char *name)
{
	int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		fz_fatal(name);
	return fd;
}


int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 100);
	if (fz_stderr < 0)
		fz_fatal("dup stderr");
	/* Sanitizer reports must not vanish into the capture while a call runs. */
	__sanitizer_set_report_fd((void *)(intptr_t)fz_stderr);
	fz_capture = memfd_create("odc-fuzz-stderr", MFD_CLOEXEC);
	if (fz_capture < 0)
		fz_fatal("memfd_create");
	fz_umask = umask(0);
	umask(fz_umask);

	fz_cwd_fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fz_cwd_fd < 0)
		fz_fatal("open .");
	const char *tmp = getenv("ODC_FUZZ_TMPDIR");
	if (!tmp || !*tmp)
		tmp = getenv("TMPDIR");
	if (!tmp || !*tmp)
		tmp = "/tmp";
	snprintf(fz_root, sizeof fz_root, "%s/odc-fuzz.XXXXXX", tmp);
	if (!mkdtemp(fz_root))
		fz_fatal(fz_root);
	fz_ready = true;
	atexit(fz_cleanup);
	fz_root_fd = fz_open_dir(AT_FDCWD, fz_root);
	if (mkdirat(fz_root_fd, "s", 0700) < 0 || mkdirat(fz_root_fd, "c", 0700) < 0 ||
	    mkdirat(fz_root_fd, "log", 0700) < 0)
		fz_fatal("mkdir in scratch root");
	fz_s_fd = fz_open_dir(fz_root_fd, "s");
	fz_c_fd = fz_open_dir(fz_root_fd, "c");
	fz_log_fd = fz_open_dir(fz_root_fd, "log");
	fz_map_gap();
	fz_check_table();
	return 0;
}

/* ------------------------------------------------------------ the input */

struct fz_reader {
	const uint8_t *p;
	size_t n;
};

/* The next byte; zeros once the input is used up. */
static uint8_t fz_take(struct fz_reader *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

/* The environment strings are ours, changed in place: setenv would keep every old value. */
#define FZ_MODE_PREFIX "ODCREAT_MODE="
#define FZ_LOG_PREFIX "ODCREAT_LOG="
#define FZ_VALUE_MAX 96
static char fz_mode_env[sizeof FZ_MODE_PREFIX + FZ_VALUE_MAX];
static char fz_log_env[sizeof FZ_LOG_PREFIX + PATH_MAX + 400];

enum fz_log {
	L_UNSET, L_DEVNULL, L_FILE, L_NODIR, L_NAME, L_NAME2, L_EMPTY, L_DIR, L_COUNT
};

static const char *const fz_log_names[L_COUNT] = {
	"unset", "/dev/null", "file", "missing-dir", "name", "name", "empty", "directory",
};

struct fz_config {
	bool mode_set;
	char mode[FZ_VALUE_MAX];	/* ODCREAT_MODE, when mode_set */
	enum fz_log log;
	char log_name[400];		/* the file's name in the log directory (L_FILE, L_NAME) */
	bool log_readable;		/* one line per call is to be found in log_name */
};

/* A mode name with one small change. */
static void fz_mutate(struct fz_reader *r, char *out, size_t len)
{
	const char *base = odc_mode_name((enum odc_mode)(fz_take(r) % ODC_MODE_COUNT));
	uint8_t op = fz_take(r) % 6, pos = fz_take(r), val = fz_take(r);
	size_t n = strlen(base);
	char buf[32];

	memcpy(buf, base, n + 1);
	switch (op) {
	case 0:		/* replace one byte (NUL cuts the name there) */
		buf[pos % n] = (char)val;
		break;
	case 1:		/* insert one byte */
		pos %= n + 1;
		memmove(buf + pos + 1, buf + pos, n - pos + 1);
		buf[pos] = (char)(val ? val : ' ');
		break;
	case 2:		/* delete one byte */
		pos %= n;
		memmove(buf + pos, buf + pos + 1, n - pos);
		break;
	case 3:		/* truncate */
		buf[pos % n] = '\0';
		break;
	case 4:		/* append one byte */
		buf[n] = (char)(val ? val : ' ');
		buf[n + 1] = '\0';
		break;
	default:	/* change the case of one letter */
		buf[pos % n] ^= 0x20;
		break;
	}
	snprintf(out, len, "%s", buf);
}

static void fz_decode_config(struct fz_reader *r, struct fz_config *cfg)
{
	uint8_t sel = fz_take(r) % 16;

	cfg->mode_set = true;
	cfg->mode[0] = '\0';
	if (sel < ODC_MODE_COUNT) {
		snprintf(cfg->mode, sizeof cfg->mode, "%s", odc_mode_name((enum odc_mode)sel));
	} else if (sel < 9) {
		fz_mutate(r, cfg->mode, sizeof cfg->mode);
	} else if (sel < 12) {
		size_t len = fz_take(r) % 64, i;
		for (i = 0; i < len; i++) {
			uint8_t b = fz_take(r);
			if (!b)
				break;
			cfg->mode[i] = (char)b;
		}
		cfg->mode[i] = '\0';
	} else if (sel == 12) {
		/* empty */
	} else if (sel == 13) {
		cfg->mode_set = false;
	} else {
		snprintf(cfg->mode, sizeof cfg->mode, "%s", odc_mode_name((enum odc_mode)(fz_take(r) % ODC_MODE_COUNT)));
	}

	cfg->log = (enum fz_log)(fz_take(r) % L_COUNT);
	cfg->log_name[0] = '\0';
	cfg->log_readable = false;
	if (cfg->log == L_FILE) {
		snprintf(cfg->log_name, sizeof cfg->log_name, "odc.log");
		cfg->log_readable = true;
	} else if (cfg->log == L_NAME || cfg->log == L_NAME2) {
		/* Mostly short names; now and then longer than NAME_MAX. */
		uint8_t lb = fz_take(r);
		size_t len = lb < 240 ? lb % 40 : 250 + (size_t)(lb - 240), i;
		for (i = 0; i < len; i++) {
			uint8_t b = fz_take(r);
			cfg->log_name[i] = b == '/' ? '_' : b ? (char)b : '@';
		}
		cfg->log_name[len] = '\0';
		if (!strcmp(cfg->log_name, ".") || !strcmp(cfg->log_name, ".."))
			cfg->log_name[0] = 'x';
		cfg->log_readable = len >= 1 && len <= NAME_MAX;
		/* No name: the log directory's own, a file per user (DIR/EUID.log). */
		if (len == 0) {
			snprintf(cfg->log_name, sizeof cfg->log_name, "%u.log", (unsigned)geteuid());
			cfg->log_readable = true;
		}
	}
}

static void fz_apply_config(const struct fz_config *cfg)
{
	/* An unread configuration and a closed log, as in a fresh process. */
	if (odc_log_fd >= 0)
		close(odc_log_fd);
	odc_log_fd = -1;
	odc_log_dev = 0;
	odc_log_ino = 0;
	if (odc_config_published)
		munmap((void *)odc_config_published, sizeof *odc_config_published);
	odc_config_speaker = 0;
	__atomic_store_n(&odc_config_published, NULL, __ATOMIC_RELEASE);

	if (fz_wipe(fz_log_fd) < 0)
		fz_fatal("wipe the log directory");
	if (ftruncate(fz_capture, 0) < 0 || lseek(fz_capture, 0, SEEK_SET) < 0)
		fz_fatal("reset the stderr capture");

	if (cfg->mode_set) {
		snprintf(fz_mode_env, sizeof fz_mode_env, "%s%s", FZ_MODE_PREFIX, cfg->mode);
		if (putenv(fz_mode_env) != 0)
			fz_fatal("putenv ODCREAT_MODE");
	} else {
		unsetenv("ODCREAT_MODE");
	}

	const char *log = NULL;
	char path[PATH_MAX + 400];
	switch (cfg->log) {
	case L_UNSET: break;
	case L_DEVNULL: log = "/dev/null"; break;
	case L_FILE:
	case L_NAME:
	case L_NAME2:
		snprintf(path, sizeof path, "%s/log/%s", fz_root, cfg->log_name);
		log = path;
		break;
	case L_NODIR:
		snprintf(path, sizeof path, "%s/missing/odc.log", fz_root);
		log = path;
		break;
	case L_EMPTY: log = ""; break;
	case L_DIR:
		snprintf(path, sizeof path, "%s/log", fz_root);
		log = path;
		break;
	default: break;
	}
	if (log) {
		snprintf(fz_log_env, sizeof fz_log_env, "%s%s", FZ_LOG_PREFIX, log);
		if (putenv(fz_log_env) != 0)
			fz_fatal("putenv ODCREAT_LOG");
	} else {
		unsetenv("ODCREAT_LOG");
	}
}

/* ------------------------------------------------------------ one step */

enum fz_entry {
	E_OPEN, E_OPEN64, E_OPENAT, E_OPENAT64, E_OPENAT2, E_SYS_OPEN, E_SYS_OPENAT,
	E_SYS_OPENAT2, E_COUNT
};

/* As tests/odc_call names them, and as the log's call= field does. */
static const char *const fz_entry_names[E_COUNT] = {
	"open", "open64", "openat", "openat64", "openat2", "sys_open", "sys_openat", "sys_openat2",
};
static const char *const fz_entry_logged[E_COUNT] = {
	"open", "open64", "openat", "openat64", "openat2",
	"syscall(SYS_open)", "syscall(SYS_openat)", "syscall(SYS_openat2)",
};

static bool fz_takes_dirfd(enum fz_entry e)
{
	return e != E_OPEN && e != E_OPEN64 && e != E_SYS_OPEN;
}

/* The call through entry E: flags and mode from HOW, the open_how itself for openat2. */
static long fz_call(enum fz_entry e, int dirfd, const char *path, int flags, mode_t mode,
		    const struct odc_open_how *how)
{
	switch (e) {
	case E_OPEN: return fz_open(path, flags, mode);
	case E_OPEN64: return fz_open64(path, flags, mode);
	case E_OPENAT: return fz_openat(dirfd, path, flags, mode);
	case E_OPENAT64: return fz_openat64(dirfd, path, flags, mode);
	case E_OPENAT2: return fz_openat2(dirfd, path, how, sizeof *how);
	case E_SYS_OPEN: return syscall(SYS_open, path, flags, mode);
	case E_SYS_OPENAT: return syscall(SYS_openat, dirfd, path, flags, mode);
	case E_SYS_OPENAT2: return syscall(SYS_openat2, dirfd, path, how, sizeof *how);
	default: abort();
	}
}

/* The same call made raw, as the kernel answers it without odcreat: a negative errno. */
static long fz_kernel(enum fz_entry e, int dirfd, const char *path, int flags, mode_t mode,
		      const struct odc_open_how *how)
{
	switch (e) {
	case E_OPENAT2:
	case E_SYS_OPENAT2:
		return odc_trap(SYS_openat2, dirfd, (long)path, (long)how, sizeof *how, 0, 0);
	case E_OPEN:
	case E_OPEN64:
	case E_SYS_OPEN:
		return odc_trap(SYS_open, (long)path, flags, mode, 0, 0, 0);
	default:
		return odc_trap(SYS_openat, dirfd, (long)path, flags, mode, 0, 0);
	}
}

static bool fz_is_openat2(enum fz_entry e)
{
	return e == E_OPENAT2 || e == E_SYS_OPENAT2;
}

struct fz_step {
	enum fz_state state;
	int flags;
	enum fz_entry entry;
	mode_t mode;
	enum fz_bad bad;
	mode_t logged_mode;	/* what the log line's mode= should say */
	const char *logged_resolve;	/* and its resolve=, or "" */
	char logged_result[32];	/* what the log line's result= should say */
};

/* Whether odcreat redefines the step's call and so logs it: its flags could be read. */
static bool fz_logged(const struct fz_step *st)
{
	return !fz_bad_how_pointer(st->bad) && st->bad != B_HOW_FLAG64;
}

/*
 * The survey's predictions a logged good call must show (src/core/open/predict.c):
 * the model's answer in each mode, native's as the kernel's meaning, and
 * whether it makes anything.
 */
static void fz_expected_would(const struct fz_step *st, char *out, size_t len)
{
	size_t n = (size_t)snprintf(out, len, " would=\"");

	for (int m = 0; m < ODC_MODE_COUNT && n < len; m++) {
		enum odc_mode as = m == ODC_NATIVE ? odc_kernel_meaning() : (enum odc_mode)m;
		if (as == ODC_NATIVE)
			continue;
		struct fz_expect e = model(as, st->state, st->flags);
		n += (size_t)snprintf(out + n, len - n, "%s%s=%s%s", m ? " " : "",
				      odc_mode_name((enum odc_mode)m),
				      e.err ? fz_errno_name(e.err) : "fd", e.made ? "+made" : "");
	}
	if (n < len)
		snprintf(out + n, len - n, "\"");
}

struct fz_case {
	const struct fz_config *cfg;
	enum odc_mode mode;
	int index, count;
};

static void fz_shell_quote(const char *s, char *out, size_t len)
{
	size_t n = 0;

	n += (size_t)snprintf(out + n, len - n, "$'");
	for (; *s && n + 8 < len; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch >= 0x20 && ch < 0x7f && ch != '\'' && ch != '\\')
			out[n++] = (char)ch;
		else
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", ch);
	}
	snprintf(out + n, len - n, "'");
}

/* Print the case and a reproducer, clean up, and let libFuzzer keep the input. */
static void fz_mismatch(const struct fz_case *k, const struct fz_step *st, const char *what,
			const char *expected, const char *actual)
{
	char flags[96], quoted[FZ_VALUE_MAX * 4 + 8], log_name[sizeof k->cfg->log_name * 4 + 8];
	const char *repo = getenv("ODC_FUZZ_REPO");

	if (!repo || !*repo)
		repo = ".";
	fz_render_flags(st->flags, flags, sizeof flags);
	fz_shell_quote(k->cfg->mode, quoted, sizeof quoted);
	fz_shell_quote(k->cfg->log_name, log_name, sizeof log_name);
	fz_say("\n=== fuzz_semantics: MISMATCH (%s) ===\n"
	       "  mode:     %s (ODCREAT_MODE%s%s)\n"
	       "  log:      %s%s%s\n"
	       "  step:     %d of %d\n"
	       "  entry:    %s\n"
	       "  state:    %s (path \"%s\")\n"
	       "  flags:    %s, mode 0%o, umask 0%o\n"
	       "  bad:      %s\n"
	       "  expected: %s\n"
	       "  actual:   %s\n",
	       what, odc_mode_name(k->mode), k->cfg->mode_set ? "=" : " unset",
	       k->cfg->mode_set ? quoted : "", fz_log_names[k->cfg->log],
	       k->cfg->log_name[0] ? " " : "", k->cfg->log_name[0] ? log_name : "",
	       k->index + 1, k->count,
	       fz_entry_names[st->entry], fz_state_names[st->state], fz_state_path[st->state],
	       flags, (unsigned)st->mode, (unsigned)fz_umask, fz_bad_names[st->bad], expected,
	       actual);
	fz_say("  reproduce (mode, entry, state, flags; the log aside):\n"
	       "    cd \"$(mktemp -d)\" && %s && ODCREAT_MODE=%s LD_PRELOAD=%s/build/libodcreat.so"
	       " %s/build/tests/odc_call -m %o %s %s %s\n",
	       fz_state_setup[st->state], k->cfg->mode_set ? quoted : "''", repo, repo,
	       (unsigned)st->mode, fz_entry_names[st->entry], fz_state_path[st->state], flags);
	fz_cleanup();
	abort();
}

static void fz_build_state(enum fz_state s)
{
	static const char data[] = "data";
	const char *name;
	int fd;

	switch (s) {
	case S_DIR:
		if (mkdirat(fz_s_fd, "p", 0755) < 0)
			fz_fatal("mkdir p");
		break;
	case S_LINKDIR:
		if (mkdirat(fz_s_fd, "t", 0755) < 0 || symlinkat("t", fz_s_fd, "p") < 0)
			fz_fatal("link-dir");
		break;
	case S_FILE:
	case S_LINKFILE:
		fd = openat(fz_s_fd, s == S_FILE ? "p" : "t",
			    O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0 || write(fd, data, 4) != 4 || close(fd) < 0)
			fz_fatal("file with data");
		if (s == S_LINKFILE && symlinkat("t", fz_s_fd, "p") < 0)
			fz_fatal("link-file");
		break;
	case S_DANGLING:
		if (symlinkat("t", fz_s_fd, "p") < 0)
			fz_fatal("dangling");
		break;
	case S_STICKYDIR:
	case S_STICKYLINKDIR:
		name = s == S_STICKYDIR ? "p" : "t";
		if (fchmod(fz_s_fd, 01777) < 0 || mkdirat(fz_s_fd, name, 0755) < 0 ||
		    fchownat(fz_s_fd, name, 1, (gid_t)-1, AT_SYMLINK_NOFOLLOW) < 0 ||
		    (s == S_STICKYLINKDIR && symlinkat("t", fz_s_fd, "p") < 0))
			fz_fatal("sticky state (as root)");
		return;
	default:
		break;
	}
	/* Every other state is in a directory of the usual mode. */
	if (fchmod(fz_s_fd, 0755) < 0)
		fz_fatal("chmod the scratch directory");
}

/*
 * What a step with bad input must get: the mode's verdict on the flags
 * where it comes first, or else what the kernel answers for the same call
 * made raw without O_DIRECTORY, which this kernel would refuse (EINVAL)
 * before the rest. The open_how's own EINVALs come before any verdict; an
 * open_how the kernel cannot read hides the flags, and its answer stands in
 * every mode. Nothing is made. A readable path is replaced by an empty
 * one, from descriptor -1, so that the raw call fails before any lookup.
 */
static struct fz_expect fz_bad_model(enum odc_mode mode, const struct fz_step *st,
				     const char *path, const struct odc_open_how *how)
{
	struct fz_expect e = { .err = 0, .fd = K_NONE, .disk = fz_disk_before(st->state), .made = 0 };

	if (fz_bad_how_pointer(st->bad))
		return fz_fail(e, (int)-fz_kernel(st->entry, fz_s_fd, path, st->flags, st->mode, how));
	struct odc_open_how plain = *how;
	plain.flags &= ~(uint64_t)O_DIRECTORY;
	long kernel = fz_kernel(st->entry, -1, fz_bad_path(st->bad) ? path : "",
				st->flags & ~O_DIRECTORY, st->mode, &plain);
	int verdict = fz_flags_verdict(mode, st->flags);
	return fz_fail(e, kernel == -EINVAL || !verdict ? (int)-kernel : verdict);
}

static void fz_run_step(const struct fz_case *k, struct fz_step *st)
{
	const char *path = fz_state_path[st->state];
	struct odc_open_how how_value = { .flags = (uint64_t)(unsigned)st->flags, .mode = st->mode };
	struct odc_open_how *how = &how_value;
	char expected[128], actual[256], disk[200], result[32];

	if (fz_wipe(fz_s_fd) < 0)
		fz_fatal("wipe the scratch directory");
	fz_build_state(st->state);
	/* The *at entries work from a directory where nothing is to appear. */
	if (fchdir(fz_takes_dirfd(st->entry) ? fz_c_fd : fz_s_fd) < 0)
		fz_fatal("fchdir");

	fz_bad_apply(st->bad, &path, &how);
	st->logged_mode = fz_is_openat2(st->entry) ? (mode_t)how_value.mode : st->mode;
	st->logged_resolve = st->bad == B_HOW_RESOLVE ? " resolve=0100" :
			     st->bad == B_HOW_SCOPES ? " resolve=RESOLVE_BENEATH|RESOLVE_IN_ROOT" :
			     st->bad == B_HOW_CACHED ? " resolve=RESOLVE_CACHED" : "";
	int fds_before = fz_count_fds();
	if (dup2(fz_capture, STDERR_FILENO) < 0)
		fz_fatal("dup2 capture");
	errno = EDOM;
	long ret = fz_call(st->entry, fz_s_fd, path, st->flags, st->mode, how);
	int err = errno;
	if (dup2(fz_stderr, STDERR_FILENO) < 0)
		fz_fatal("dup2 stderr");

	/* What came back: a descriptor's kind, access mode and close-on-exec, or errno. */
	bool fd_ok = true;
	char fd_problem[96] = "";
	if (ret >= 0) {
		struct stat sb;
		int fl = fcntl((int)ret, F_GETFL), fdfl = fcntl((int)ret, F_GETFD);
		if (fstat((int)ret, &sb) < 0)
			snprintf(result, sizeof result, "fd:?");
		else
			snprintf(result, sizeof result, "fd:%s", S_ISDIR(sb.st_mode) ? "dir" :
				 S_ISREG(sb.st_mode) ? "file" : "other");
		if (fl < 0 || (fl & O_ACCMODE) != (st->flags & O_ACCMODE)) {
			fd_ok = false;
			snprintf(fd_problem, sizeof fd_problem, "descriptor access mode 0%o",
				 fl < 0 ? 0 : fl & O_ACCMODE);
		} else if (fdfl < 0 || !!(fdfl & FD_CLOEXEC) != !!(st->flags & O_CLOEXEC)) {
			fd_ok = false;
			snprintf(fd_problem, sizeof fd_problem, "FD_CLOEXEC %s",
				 fdfl >= 0 && (fdfl & FD_CLOEXEC) ? "set" : "clear");
		}
		snprintf(st->logged_result, sizeof st->logged_result, "%ld", ret);
		close((int)ret);
	} else {
		snprintf(result, sizeof result, "%s", fz_errno_name(err));
		snprintf(st->logged_result, sizeof st->logged_result, "%s", fz_errno_name(err));
	}
	int fds_after = fz_count_fds();
	fz_render_dir(fz_s_fd, disk, sizeof disk);
	snprintf(actual, sizeof actual, "%s %s", result, disk);

	struct fz_expect e = st->bad ? fz_bad_model(k->mode, st, path, how) :
				       model(k->mode, st->state, st->flags);
	fz_render_expect(&e, expected, sizeof expected);

	if (ret < -1 || (ret == -1) != (e.err != 0) || strcmp(expected, actual) != 0)
		fz_mismatch(k, st, "result or disk", expected, actual);
	if (ret >= 0 && err != EDOM) {
		snprintf(actual, sizeof actual, "errno %s after success", fz_errno_name(err));
		fz_mismatch(k, st, "errno changed on success", "errno EDOM (unchanged)", actual);
	}
	if (!fd_ok)
		fz_mismatch(k, st, "descriptor", "what the flags ask for", fd_problem);
	if (fds_after != fds_before) {
		snprintf(actual, sizeof actual, "%d descriptors open after, %d before",
			 fds_after, fds_before);
		fz_mismatch(k, st, "descriptor leak", "as many descriptors as before", actual);
	}
	if (fz_takes_dirfd(st->entry)) {
		fz_render_dir(fz_c_fd, disk, sizeof disk);
		if (strcmp(disk, "-") != 0)
			fz_mismatch(k, st, "dirfd not honoured: the cwd changed", "-", disk);
	}
	if (e.made) {
		/* New objects get mode & ~umask (only the permission bits are checked). */
		struct stat sb;
		const char name[2] = { e.made, '\0' };
		mode_t want = st->mode & ~fz_umask & 0777;
		if (fstatat(fz_s_fd, name, &sb, AT_SYMLINK_NOFOLLOW) < 0 ||
		    (sb.st_mode & 0777) != want) {
			snprintf(expected, sizeof expected, "%s with permissions 0%03o", name,
				 (unsigned)want);
			snprintf(actual, sizeof actual, "0%03o", (unsigned)(sb.st_mode & 0777));
			fz_mismatch(k, st, "permissions of the new object", expected, actual);
		}
	}
}

/* ------------------------------------------------- the input's end checks */

/* Exactly one message naming every mode, nothing that could forge a line; or
 * nothing. The message is folded at 80 columns: each line after its first
 * begins with a space, so none can pass for a message of its own. */
static void fz_check_warning(const struct fz_case *k, const struct fz_step *first, bool warn)
{
	char buf[1024];
	ssize_t n = pread(fz_capture, buf, sizeof buf - 1, 0);

	if (n < 0)
		fz_fatal("read the stderr capture");
	buf[n] = '\0';
	if (!warn) {
		if (n)
			fz_mismatch(k, first, "stderr", "nothing on stderr", buf);
		return;
	}
	bool ok = n > 0 && buf[n - 1] == '\n' && !strncmp(buf, "odcreat: ", 9) &&
		  strstr(buf, "ODCREAT_MODE") && strstr(buf, "einval");
	for (ssize_t i = 0; ok && i < n - 1; i++)
		ok = buf[i] == '\n' ? buf[i + 1] == ' ' :
				       (unsigned char)buf[i] >= 0x20 && buf[i] != 0x7f;
	for (int m = 0; ok && m < ODC_MODE_COUNT; m++)
		ok = strstr(buf, odc_mode_name((enum odc_mode)m)) != NULL;
	if (!ok)
		fz_mismatch(k, first, "warning for an unknown mode",
			    "one message on stderr: odcreat: ... ODCREAT_MODE ... every mode name",
			    n ? buf : "(nothing)");
}

/* One line per call, in order, each naming the call, its arguments and its result. */
static void fz_check_log(const struct fz_case *k, const struct fz_step *steps, int nsteps)
{
	struct fz_ent ent[16];
	int n = fz_list(fz_log_fd, ent, 16);
	const struct fz_config *cfg = k->cfg;
	char expected[512], actual[512];

	bool any = false;
	for (int i = 0; i < nsteps; i++)
		any |= fz_logged(&steps[i]);
	if (!cfg->log_readable || !any) {
		if (n != 0) {
			fz_render_dir(fz_log_fd, actual, sizeof actual);
			fz_mismatch(k, &steps[0], "log directory", "- (no log file)", actual);
		}
		return;
	}
	if (n != 1 || strcmp(ent[0].name, cfg->log_name) != 0) {
		fz_render_dir(fz_log_fd, actual, sizeof actual);
		snprintf(expected, sizeof expected, "the log file only");
		fz_mismatch(k, &steps[0], "log directory", expected, actual);
	}

	static char text[65536];
	int fd = openat(fz_log_fd, cfg->log_name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fz_fatal("open the log");
	ssize_t len = read(fd, text, sizeof text - 1);
	close(fd);
	if (len < 0)
		fz_fatal("read the log");
	text[len] = '\0';

	char *line = text;
	for (int i = 0; i < nsteps; i++) {
		struct fz_case at = *k;
		at.index = i;
		if (!fz_logged(&steps[i]))
			continue;
		char *end = strchr(line, '\n');
		if (!end) {
			snprintf(actual, sizeof actual, "%d lines", i);
			fz_mismatch(&at, &steps[i], "log", "one line per call", actual);
		}
		*end = '\0';
		char dirfd[16], head[256], tail[128];
		if (fz_takes_dirfd(steps[i].entry))
			snprintf(dirfd, sizeof dirfd, "%d", fz_s_fd);
		else
			snprintf(dirfd, sizeof dirfd, "AT_FDCWD");
		char shown[32];
		if (fz_bad_path(steps[i].bad))
			snprintf(shown, sizeof shown, "(unreadable)");
		else
			snprintf(shown, sizeof shown, "\"%s\"", fz_state_path[steps[i].state]);
		snprintf(head, sizeof head, " call=%s dirfd=%s path=%s flags=",
			 fz_entry_logged[steps[i].entry], dirfd, shown);
		snprintf(tail, sizeof tail, " mode=0%03o%s semantics=%s result=%s state=",
			 (unsigned)steps[i].logged_mode, steps[i].logged_resolve,
			 odc_mode_name(k->mode), steps[i].logged_result);
		if (!strstr(line, head) || !strstr(line, tail)) {
			snprintf(expected, sizeof expected, "...%s...%s", head, tail);
			snprintf(actual, sizeof actual, "%s", line);
			fz_mismatch(&at, &steps[i], "log line", expected, actual);
		}
		char would[256];
		fz_expected_would(&steps[i], would, sizeof would);
		if (steps[i].bad == B_NONE && !strstr(line, would)) {
			snprintf(actual, sizeof actual, "%s", line);
			fz_mismatch(&at, &steps[i], "log line's predictions", would, actual);
		}
		line = end + 1;
	}
	if (*line)
		fz_mismatch(k, &steps[nsteps - 1], "log", "one line per call", "more lines");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_reader r = { data, size };
	struct fz_config cfg;
	struct fz_step steps[8];

	fz_decode_config(&r, &cfg);
	bool warn;
	enum odc_mode mode = fz_mode_of(cfg.mode_set ? cfg.mode : NULL, &warn);
	fz_apply_config(&cfg);

	uint8_t opts = fz_take(&r);
	int nsteps = 1 + fz_take(&r) % 8;
	for (int i = 0; i < nsteps; i++) {
		uint8_t s = fz_take(&r), fl = fz_take(&r), e = fz_take(&r);
		unsigned hi = fz_take(&r), lo = fz_take(&r), b = fz_take(&r) % 32;
		int acc = (fl & 3) == 1 ? O_WRONLY : (fl & 3) == 2 ? O_RDWR : O_RDONLY;
		steps[i] = (struct fz_step){
			.state = (enum fz_state)(s % S_COUNT),
			.flags = O_CREAT | O_DIRECTORY | acc | (fl & 4 ? O_EXCL : 0) |
				 (fl & 8 ? O_TRUNC : 0) | (fl & 16 ? O_CLOEXEC : 0),
			.entry = (enum fz_entry)(e % E_COUNT),
			/* No input bytes means 0755. */
			.mode = (mode_t)(((hi << 8) | lo) ^ 0755) & 07777,
			/* Mostly good calls; an open_how only where there is one. */
			.bad = b < B_COUNT && (b < B_HOW_NULL || fz_is_openat2((enum fz_entry)(e % E_COUNT))) ?
				       (enum fz_bad)b : B_NONE,
		};
	}
	struct fz_case k = { .cfg = &cfg, .mode = mode, .index = 0, .count = nsteps };

	/* Read the configuration now, or let the first call read it. */
	if (opts & 1) {
		if (dup2(fz_capture, STDERR_FILENO) < 0)
			fz_fatal("dup2 capture");
		errno = EDOM;
		enum odc_mode got = odc_config_mode();
		int err = errno;
		if (dup2(fz_stderr, STDERR_FILENO) < 0)
			fz_fatal("dup2 stderr");
		if ((int)got != (int)mode || err != EDOM) {
			char actual[64];
			snprintf(actual, sizeof actual, "mode %d, errno %s", (int)got,
				 fz_errno_name(err));
			fz_mismatch(&k, &steps[0], "configuration read", odc_mode_name(mode),
				    actual);
		}
	}

	/* The configuration is read by the first call odcreat redefines, if any. */
	bool read = opts & 1;
	for (int i = 0; i < nsteps; i++) {
		k.index = i;
		fz_run_step(&k, &steps[i]);
		read |= fz_logged(&steps[i]);
	}
	k.index = 0;

	const struct odc_settings *published = __atomic_load_n(&odc_config_published, __ATOMIC_ACQUIRE);
	int state = published ? published->mode : -1;
	if (state != (read ? (int)mode : -1)) {
		char actual[32];
		snprintf(actual, sizeof actual, "state %d", state);
		fz_mismatch(&k, &steps[0], "configuration", read ? odc_mode_name(mode) : "unread",
			    actual);
	}
	fz_check_warning(&k, &steps[0], warn && read);
	fz_check_log(&k, steps, nsteps);

	/* Nothing but s, c and log in the scratch root (a log under "missing" would show). */
	char root[256];
	fz_render_dir(fz_root_fd, root, sizeof root);
	if (strcmp(root, "c:dir log:dir s:dir") != 0)
		fz_mismatch(&k, &steps[0], "scratch root", "c:dir log:dir s:dir", root);

	/* libFuzzer writes its corpus relative to the directory it started in. */
	if (fchdir(fz_cwd_fd) < 0)
		fz_fatal("fchdir back");
	return 0;
}
