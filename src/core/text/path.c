/* Path splitting, shared by the semantics and the log. */
#include <errno.h>
#include <string.h>

#include "odc_line.h"
#include "odc_path.h"

long odc_path_parent(const char *path, const char *slash, char *parent, size_t size)
{
	size_t len = !slash || slash == path ? 1 : (size_t)(slash - path);

	if (len >= size)
		return -ENAMETOOLONG;
	/*
	 * In place, the directory part is where it belongs already. (Not
	 * memmove: one more import costs every process start-up time.)
	 */
	if (parent != path || !slash)
		odc_copy(parent, slash ? path : ".", len);
	parent[len] = '\0';
	return 0;
}
