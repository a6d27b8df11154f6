/* Holding a name's parent directory (odc_at.h). */
#include <string.h>

#include "odc_at.h"
#include "odc_path.h"
#include "odc_fs.h"

/* The slash before the last component, or NULL when there is no such slash. */
static const char *odc_last_slash(const char *path)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	const char *slash = memrchr(path, '/', len);
	return slash && slash[1] ? slash : NULL;
}

/*
 * The parent is opened through the call's own system call, so that under
 * RESOLVE_* it is where the kernel's own resolution puts it, and never
 * outside the root. An absolute name with no parent to split off ("/")
 * names itself.
 */
long odc_at_enter(const struct odc_call *c, struct odc_at *at)
{
	at->dirfd = c->dirfd;
	at->name = c->path;
	at->owned = false;

	const char *slash = odc_last_slash(c->path);
	if (!slash && c->path[0] == '/')
		return 0;
	long ret = odc_path_parent(c->path, slash, at->parent, sizeof at->parent);
	if (ret < 0)
		return ret;

	struct odc_call parent = *c;
	parent.path = at->parent;
	long fd = odc_call_open(&parent, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
	if (fd < 0)
		return fd;
	at->dirfd = (int)fd;
	at->name = slash ? slash + 1 : c->path;
	at->owned = true;
	return 0;
}

void odc_at_leave(const struct odc_at *at)
{
	if (at->owned)
		odc_fs_close(at->dirfd);
}

bool odc_names_symlink(const struct odc_call *c)
{
	struct odc_at at;
	struct stat st;

	if (odc_at_enter(c, &at) < 0)
		return false;
	bool link = odc_fs_fstatat(at.dirfd, at.name, &st) == 0 && S_ISLNK(st.st_mode);
	odc_at_leave(&at);
	return link;
}
