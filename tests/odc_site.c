/*
 * libodc_site.so: a library of the tests' own that makes the pair's call
 * for its caller (tests/site.bats), so that where= must name it, not the
 * program. The call is no tail call: errno is read after it.
 */
#include <errno.h>
#include <fcntl.h>

int odc_site_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_CREAT | O_DIRECTORY, 0755);

	return fd < 0 ? -errno : fd;
}
