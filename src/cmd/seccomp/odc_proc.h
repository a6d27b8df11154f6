/* /proc, read for a target: whole small files, their fields, and links. */
#ifndef ODC_PROC_H
#define ODC_PROC_H

#include <stddef.h>
#include <sys/types.h>

/*
 * The whole of a small /proc file, NUL-terminated and malloc'd; NULL and
 * errno on failure.
 */
char *odc_proc_slurp(const char *path);

/* Field NAME of a /proc status text: its value, *LEN bytes up to the end of its line. */
const char *odc_proc_field(const char *status, const char *name, int *len);

/* The fourth of the Uid or Gid fields: the id that file access checks use. */
const char *odc_proc_fs_id(const char *status, const char *name, int *len);

/* The inode PATH leads to, its device in *DEV; 0 where there is none. */
unsigned long long odc_proc_inode(const char *path, dev_t *dev);

/* Namespace NS of PID, as its link says it ("mnt:[4026531841]"): 0, or -1. */
int odc_proc_ns(pid_t pid, const char *ns, char *buf, size_t size);

#endif
