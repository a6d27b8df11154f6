/*
 * What the running kernel makes of O_CREAT|O_DIRECTORY, found without
 * creating anything (src/core/open/meaning.c).
 */
#ifndef ODC_MEANING_H
#define ODC_MEANING_H

#include <fcntl.h>

#include "odc_mode.h"

/* The flags of the question below, which tests/odc_deny can refuse as a sandbox would. */
#define ODC_QUESTION_FLAGS (O_CREAT | O_DIRECTORY | O_RDWR | O_CLOEXEC)

/*
 * The kernel's answer to openat(AT_FDCWD, "", O_CREAT|O_DIRECTORY|O_RDWR),
 * which no kernel takes as far as the file system: the flags are judged
 * before the name is copied, and an empty name is refused as it is copied.
 *   EINVAL   Linux >= 6.4 and 6.1.30+ refuse the pair (43b450632676).
 *   ENOTDIR  the series "vfs: add O_CREAT|O_DIRECTORY to open*(2)" refuses
 *            any O_DIRECTORY open with write access.
 *   ENOENT   older kernels take the pair, and refuse the empty name.
 * A negative errno, or a descriptor where something unheard of answered.
 * No descriptor and no name are in it for a tool such as valgrind to
 * check on the kernel's behalf (it answers EBADF for a descriptor of -1).
 * Asked once per process, like odc_kernel_meaning, which it serves.
 */
long odc_kernel_answer(void);

/*
 * The mode that is the running kernel's meaning: einval, mkdir, or for the
 * older kernels legacy or linux-5.7, which no answer without side effects
 * tells apart: the release number does (5.7 and later: linux-5.7). native
 * where the kernel gave no answer of those three (a sandbox's EPERM).
 * Asked once per process, at the first call that needs it; async-signal-
 * safe, lock-free.
 */
enum odc_mode odc_kernel_meaning(void);

#endif
