/* Flag names for the test helpers (inline: each helper uses some of them). */
#ifndef TESTS_FLAGS_H
#define TESTS_FLAGS_H

#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "odc_errname.h"
#include "odc_abi.h"

struct flag_name {
	const char *name;
	unsigned long long value;
};

static const struct flag_name open_flag_names[] = {
	{ "rdonly", O_RDONLY }, { "wronly", O_WRONLY }, { "rdwr", O_RDWR },
	{ "creat", O_CREAT }, { "directory", O_DIRECTORY }, { "excl", O_EXCL },
	{ "trunc", O_TRUNC }, { "tmpfile", O_TMPFILE }, { "path", O_PATH },
	{ "nofollow", O_NOFOLLOW }, { "cloexec", O_CLOEXEC }, { "append", O_APPEND },
	{ "nonblock", O_NONBLOCK },
	{ NULL, 0 }
};

static const struct flag_name resolve_flag_names[] = {
	{ "beneath", ODC_RESOLVE_BENEATH }, { "in_root", ODC_RESOLVE_IN_ROOT },
	{ "no_symlinks", ODC_RESOLVE_NO_SYMLINKS }, { "no_xdev", ODC_RESOLVE_NO_XDEV },
	{ "no_magiclinks", ODC_RESOLVE_NO_MAGICLINKS }, { NULL, 0 }
};

static inline unsigned long long parse_names(const char *list, const struct flag_name *names)
{
	unsigned long long value = 0;
	char buf[256];

	snprintf(buf, sizeof buf, "%s", list);
	for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct flag_name *f = names;
		while (f->name && strcmp(f->name, tok))
			f++;
		if (!f->name) {
			fprintf(stderr, "unknown flag %s\n", tok);
			exit(2);
		}
		value |= f->value;
	}
	return value;
}

static inline int parse_flags(const char *list)
{
	return (int)parse_names(list, open_flag_names);
}

static inline unsigned long long parse_resolve(const char *list)
{
	return parse_names(list, resolve_flag_names);
}

static inline const char *errno_name(int err)
{
	const char *name = odc_errname(err);
	return name ? name : "E?";
}

/* openat2(): the shim's when it is loaded, else the kernel's (glibc 2.36 has none). */
static inline long openat2_call(int dirfd, const char *path, struct odc_open_how *how, size_t size)
{
	int (*fn)(int, const char *, struct odc_open_how *, size_t) =
		(int (*)(int, const char *, struct odc_open_how *, size_t))dlsym(RTLD_DEFAULT, "openat2");

	if (fn)
		return fn(dirfd, path, how, size);
	return syscall(ODC_NR_OPENAT2, dirfd, path, how, size);
}

#endif
