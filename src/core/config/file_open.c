/*
 * /etc/odcreat.conf opened where it counts (odc_config_file.h), and what
 * is wrong with it said (odc_config_say.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odc_config_file.h"
#include "odc_config_say.h"
#include "odc_libc.h"
#include "odc_line.h"
#include "odc_path.h"
#include "odc_say.h"

void odc_config_say(int out, const char *file, unsigned line, const char *problem,
		    const char *text)
{
	struct odc_line l;

	if (out < 0)
		return;
	odc_line_start(&l);
	odc_put(&l, "odcreat: ");
	odc_put(&l, file);
	if (line) {
		odc_put(&l, ":");
		odc_put_uint(&l, line, 10, 1);
	}
	odc_put(&l, ": ");
	odc_put(&l, problem);
	/*
	 * A setuid program writes to its caller's stderr: the caller learns
	 * where and what kind of problem, never the file's text, which it may
	 * have no right to read.
	 */
	if (text && !getauxval(AT_SECURE)) {
		odc_put(&l, ": ");
		odc_put_quoted(&l, text, ODC_CONFIG_LINE_MAX);
	}
	odc_line_end(&l);
	odc_line_fold(&l);
	ssize_t ignored = write(out, l.text, l.len);
	(void)ignored;
}

static bool odc_conf_owned(const struct stat *st)
{
	return st->st_uid == 0 && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* Errors that another try may not meet. */
static bool odc_conf_transient(long err)
{
	return err == -EMFILE || err == -ENFILE || err == -ENOMEM || err == -EINTR ||
	       err == -EAGAIN;
}

long odc_config_file_open(const char *file, int out, bool *trusted)
{
	struct stat st, dir;
	char parent[PATH_MAX];
	long fd = odc_libc_openat(AT_FDCWD, file,
				  O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK, 0);

	if (odc_conf_transient(fd))
		return -EAGAIN;
	if (fd == -ENOENT || fd == -EACCES)
		return -ENOENT;
	const char *problem = NULL;
	if (fd < 0)
		problem = fd == -ELOOP ? "a symlink, ignored" : "cannot be opened, ignored";
	else if (fstat((int)fd, &st) < 0 || !S_ISREG(st.st_mode))
		problem = "not a regular file, ignored";
	else if (!odc_conf_owned(&st))
		problem = "not owned by root, or writable by group or others: ignored";
	else if (odc_path_parent(file, strrchr(file, '/'), parent, sizeof parent) < 0 ||
		 stat(parent, &dir) < 0 || !odc_conf_owned(&dir))
		problem = "its directory is not owned by root, or writable by group or others: ignored";
	if (trusted)
		*trusted = !problem;
	if (!problem)
		return fd;
	odc_config_say(out, file, 0, problem, NULL);
	/* Only the rules of ownership are left to a reader that asks. */
	if (trusted && fd >= 0 && S_ISREG(st.st_mode))
		return fd;
	if (fd >= 0)
		close((int)fd);
	return -ENOENT;
}
