/*
 * The file system calls the semantics are built from
 * (src/core/kernel/fs.c). Each returns its result or a negative errno and
 * leaves errno itself unspecified.
 */
#ifndef ODC_FS_H
#define ODC_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* A plain openat(2), for names the semantics resolved themselves. */
long odc_fs_openat(int dirfd, const char *name, int flags, mode_t mode);
long odc_fs_close(int fd);
/* A descriptor of FD's file, the lowest free, close-on-exec if CLOEXEC (F_DUPFD, 0). */
long odc_fs_dup_lowest(int fd, bool cloexec);
long odc_fs_mkdirat(int dirfd, const char *name, mode_t mode);
long odc_fs_rmdirat(int dirfd, const char *name);
long odc_fs_unlinkat(int dirfd, const char *name);
/* fstatat(2) without following a final symlink. */
long odc_fs_fstatat(int dirfd, const char *name, struct stat *st);
long odc_fs_fstat(int fd, struct stat *st);
long odc_fs_read(int fd, void *buf, size_t len);
long odc_fs_readlinkat(int dirfd, const char *name, char *buf, size_t len);

/* "/proc/self/fd/FD": the inode FD refers to, by a name no racer can swap. */
#define ODC_FD_PATH_MAX 32
void odc_fs_fd_path(int fd, char out[ODC_FD_PATH_MAX]);
/*
 * Change the mode of the inode FD refers to, an O_PATH descriptor too:
 * fchmodat2(AT_EMPTY_PATH) where the kernel has it (6.6), otherwise
 * through /proc/self/fd. Never by a name that could be swapped.
 */
long odc_fs_fchmod_path(int fd, mode_t mode);

#endif
