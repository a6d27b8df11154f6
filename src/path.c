/* Path splitting, shared by the semantics and the log. */
#include <errno.h>
#include <string.h>

#include "odc_path.h"

long odc_path_parent(const char *path, const char *slash, char *parent, size_t size)
{
	size_t len = !slash || slash == path ? 1 : (size_t)(slash - path);

	if (len >= size)
		return -ENAMETOOLONG;
	memmove(parent, slash ? path : ".", len);
	parent[len] = '\0';
	return 0;
}
