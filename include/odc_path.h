/* Splitting a path into the directory that holds its last component, and that component. */
#ifndef ODC_PATH_H
#define ODC_PATH_H

#include <stddef.h>

/*
 * The directory that holds PATH's last component, given the slash before
 * that component (NULL when there is none): "." for a bare name, "/" for a
 * name in the root. Written to PARENT, of SIZE bytes, which may be PATH
 * itself; 0, or -ENAMETOOLONG when it does not fit.
 */
long odc_path_parent(const char *path, const char *slash, char *parent, size_t size);

#endif
