/* The model: what each mode must do, from tests/table.txt and the README, written apart from src/core/open/semantics.c. */
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

/* The modes and their names are the library's (include/odc_mode.h); what each does is the model's own. */

const char *const fz_state_names[S_COUNT] = {
	"missing", "dir", "file", "link-dir", "link-file", "dangling", "slash", "noparent",
	"sticky-dir", "sticky-link-dir",
};

const char *const fz_state_setup[S_COUNT] = {
	":", "mkdir p", "printf data > p", "mkdir t && ln -s t p",
	"printf data > t && ln -s t p", "ln -s t p", ":", ":",
	"chmod 1777 . && mkdir p && chown 1 p", "chmod 1777 . && mkdir t && chown 1 t && ln -s t p",
};

const char *const fz_state_path[S_COUNT] = {
	"p", "p", "p", "p", "p", "p", "p/", "a/p", "p", "p",
};

static const char *const fz_kind_names[] = { "-", "dir", "file", "data", "link" };

struct fz_disk fz_disk_before(enum fz_state s)
{
	struct fz_disk d = { K_NONE, K_NONE, K_NONE };

	switch (s) {
	case S_DIR: case S_STICKYDIR: d.p = K_DIR; break;
	case S_FILE: d.p = K_DATA; break;
	case S_LINKDIR: case S_STICKYLINKDIR: d.p = K_LINK; d.t = K_DIR; break;
	case S_LINKFILE: d.p = K_LINK; d.t = K_DATA; break;
	case S_DANGLING: d.p = K_LINK; break;
	default: break;
	}
	return d;
}

struct fz_expect fz_fail(struct fz_expect e, int err)
{
	e.err = err;
	return e;
}

struct fz_expect fz_made(struct fz_expect e, char name, enum fz_kind kind)
{
	e.made = name;
	if (name == 'p')
		e.disk.p = kind;
	else
		e.disk.t = kind;
	e.fd = kind;
	return e;
}

/*
 * The model: tests/table.txt and the README's rules, mode by mode.
 * FLAGS hold O_CREAT|O_DIRECTORY, an access mode, and maybe O_EXCL, O_TRUNC
 * and O_CLOEXEC (which changes nothing here).
 */
/*
 * What MODE answers from the flags alone, before the path is read, or 0:
 * einval (and native, on Linux 6.18) refuse the pair, freebsd O_EXCL, mkdir
 * write access.
 */
int fz_flags_verdict(enum odc_mode mode, int flags)
{
	switch (mode) {
	case ODC_EINVAL:
	case ODC_NATIVE:
		return EINVAL;
	case ODC_FREEBSD:
		return flags & O_EXCL ? EINVAL : 0;
	case ODC_MKDIR:
		/* O_TRUNC asks for write access too. */
		return (flags & O_ACCMODE) != O_RDONLY || (flags & O_TRUNC) ? ENOTDIR : 0;
	default:
		return 0;
	}
}

struct fz_expect model(enum odc_mode mode, enum fz_state s, int flags)
{
	struct fz_expect e = { .err = 0, .fd = K_NONE, .disk = fz_disk_before(s), .made = 0 };
	bool excl = flags & O_EXCL;
	bool trunc = flags & O_TRUNC;
	bool writable = (flags & O_ACCMODE) != O_RDONLY;
	int verdict = fz_flags_verdict(mode, flags);

	if (verdict)
		return fz_fail(e, verdict);
	switch (mode) {
	case ODC_FREEBSD:
		/* Without O_EXCL, an O_DIRECTORY open without O_CREAT. */
		switch (s) {
		case S_DIR:
		case S_LINKDIR:
		case S_STICKYDIR:
		case S_STICKYLINKDIR:
			/* O_TRUNC asks for write access, which a directory refuses. */
			if (writable || trunc)
				return fz_fail(e, EISDIR);
			e.fd = K_DIR;
			return e;
		case S_FILE:
		case S_LINKFILE:
			return fz_fail(e, ENOTDIR);
		default:	/* missing, dangling, "p/", "a/p" */
			return fz_fail(e, ENOENT);
		}

	case ODC_MKDIR:
		switch (s) {
		case S_MISSING:
		case S_SLASH:
			return fz_made(e, 'p', K_DIR);
		case S_NOPARENT:
			return fz_fail(e, ENOENT);
		case S_DIR:
		case S_LINKDIR:
			if (excl)
				return fz_fail(e, EEXIST);
			e.fd = K_DIR;
			return e;
		case S_STICKYDIR:
		case S_STICKYLINKDIR:
			/* may_create_in_sticky: another's directory in a 1777 one of root's. */
			return fz_fail(e, excl ? EEXIST : EACCES);
		case S_FILE:
		case S_LINKFILE:
			return fz_fail(e, excl ? EEXIST : ENOTDIR);
		case S_DANGLING:
			return fz_fail(e, EEXIST);
		default:
			break;
		}
		break;

	case ODC_LEGACY:
	case ODC_LINUX57:
		switch (s) {
		case S_MISSING:
			e = fz_made(e, 'p', K_FILE);
			break;
		case S_SLASH:
			return fz_fail(e, EISDIR);
		case S_NOPARENT:
			return fz_fail(e, ENOENT);
		case S_DIR:
		case S_LINKDIR:
		case S_STICKYDIR:
		case S_STICKYLINKDIR:
			return fz_fail(e, excl ? EEXIST : EISDIR);
		case S_FILE:
		case S_LINKFILE:
			return fz_fail(e, excl ? EEXIST : ENOTDIR);
		case S_DANGLING:
			if (excl)
				return fz_fail(e, EEXIST);
			e = fz_made(e, 't', K_FILE);
			break;
		default:
			break;
		}
		/* 973d4b73fbaf: the file stays, the call fails. */
		if (mode == ODC_LINUX57) {
			e.err = ENOTDIR;
			e.fd = K_NONE;
		}
		return e;

	default:
		break;
	}
	abort();
}

/* The mode an ODCREAT_MODE value selects; *warn when it deserves the warning. */
enum odc_mode fz_mode_of(const char *value, bool *warn)
{
	*warn = false;
	if (!value || !*value)
		return ODC_EINVAL;
	for (int m = 0; m < ODC_MODE_COUNT; m++)
		if (strcmp(value, odc_mode_name((enum odc_mode)m)) == 0)
			return (enum odc_mode)m;
	*warn = true;
	return ODC_EINVAL;
}

/* ------------------------------------------------------------ rendering */

void fz_render_disk(const struct fz_disk *d, char *out, size_t len)
{
	const struct { char name; enum fz_kind kind; } ent[] = {
		{ 'a', d->a }, { 'p', d->p }, { 't', d->t },
	};
	size_t n = 0;

	out[0] = '\0';
	for (size_t i = 0; i < sizeof ent / sizeof ent[0]; i++) {
		if (ent[i].kind == K_NONE)
			continue;
		n += (size_t)snprintf(out + n, len - n, "%s%c:%s", n ? " " : "", ent[i].name,
				      fz_kind_names[ent[i].kind]);
	}
	if (!n)
		snprintf(out, len, "-");
}

const char *fz_errno_name(int err)
{
	const char *name = odc_errname(err);
	return name ? name : "E?";
}

/* "RESULT DISK", as tests/odc_call prints it and tests/table.txt holds it. */
void fz_render_expect(const struct fz_expect *e, char *out, size_t len)
{
	char disk[64];

	fz_render_disk(&e->disk, disk, sizeof disk);
	if (e->err)
		snprintf(out, len, "%s %s", fz_errno_name(e->err), disk);
	else
		snprintf(out, len, "fd:%s %s", fz_kind_names[e->fd], disk);
}

void fz_render_flags(int flags, char *out, size_t len)
{
	snprintf(out, len, "creat,directory%s%s%s%s", flags & O_EXCL ? ",excl" : "",
		 flags & O_TRUNC ? ",trunc" : "",
		 (flags & O_ACCMODE) == O_WRONLY ? ",wronly" :
		 (flags & O_ACCMODE) == O_RDWR ? ",rdwr" : "",
		 flags & O_CLOEXEC ? ",cloexec" : "");
}
