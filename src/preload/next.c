/* Symbol resolution: find the definitions that the shim's own ones hide. */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>

#include "odc_next.h"
#include "odc_trap.h"

struct odc_next odc_next;

#define odc_next_publish(member, symbol) \
	__atomic_store_n(&odc_next.member, dlsym(RTLD_NEXT, symbol), __ATOMIC_RELEASE)

/* This library's ELF header, where the dynamic linker mapped it. */
extern const char __ehdr_start[] __attribute__((visibility("hidden")));

/* The GNU hash of a symbol name, as the link editor stored it. */
static uint32_t odc_gnu_hash(const char *name)
{
	uint32_t h = 5381;

	while (*name)
		h = h * 33 + (unsigned char)*name++;
	return h;
}

/*
 * Where a dynamic entry points. glibc relocates the entries of a writable
 * dynamic section in place as it loads the object; musl, and glibc for a
 * read-only one such as the vDSO's, leave them as the file has them.
 */
static const void *odc_dyn_address(const struct dl_phdr_info *info,
				   const ElfW(Phdr) *dynamic, ElfW(Addr) ptr)
{
#ifdef __GLIBC__
	if (dynamic->p_flags & PF_W)
		return (const void *)ptr;
#else
	(void)dynamic;
#endif
	return (const void *)(info->dlpi_addr + ptr);
}

/*
 * Whether the object may define a symbol with this GNU hash, as the Bloom
 * filter of its hash table answers: false positives, no false negatives.
 * An object with symbols but no such table may.
 */
static bool odc_may_define(const struct dl_phdr_info *info, uint32_t hash)
{
	const ElfW(Phdr) *dynamic = NULL;

	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dynamic = &info->dlpi_phdr[i];
	if (!dynamic)
		return false;
	const ElfW(Dyn) *dyn = (const ElfW(Dyn) *)(info->dlpi_addr + dynamic->p_vaddr);
	for (; dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag != DT_GNU_HASH)
			continue;
		/* nbuckets, symoffset, bloom words, bloom shift, then the words. */
		const uint32_t *table = odc_dyn_address(info, dynamic, dyn->d_un.d_ptr);
		const ElfW(Addr) *bloom = (const ElfW(Addr) *)(table + 4);
		const unsigned bits = sizeof *bloom * 8;
		if (table[2] == 0)
			return true;
		ElfW(Addr) word = bloom[hash / bits % table[2]];
		ElfW(Addr) mask = (ElfW(Addr))1 << hash % bits |
				  (ElfW(Addr))1 << (hash >> table[3]) % bits;
		return (word & mask) == mask;
	}
	return true;
}

struct odc_search {
	uint32_t hash;
	bool found;
};

static int odc_visit(struct dl_phdr_info *info, size_t size, void *data)
{
	struct odc_search *search = data;

	(void)size;
	if (info->dlpi_addr == (ElfW(Addr))__ehdr_start)
		return 0;
	search->found = odc_may_define(info, search->hash);
	return search->found;
}

/*
 * Whether any loaded object but this one may define SYMBOL. A dlsym that
 * fails costs every process an error message and malloc's first set-up
 * (brk, getrandom), and glibc before 2.43 has no openat2: that lookup is
 * made only where it may succeed, in a newer libc or another preloaded
 * library.
 */
static bool odc_next_may_exist(const char *symbol)
{
	struct odc_search search = { .hash = odc_gnu_hash(symbol) };

	dl_iterate_phdr(odc_visit, &search);
	return search.found;
}

void odc_next_resolve(void)
{
	odc_next_publish(open, "open");
	odc_next_publish(open_lfs, "open64");
	odc_next_publish(openat, "openat");
	odc_next_publish(openat_lfs, "openat64");
	if (odc_next_may_exist("openat2"))
		odc_next_publish(openat2, "openat2");
	odc_next_publish(syscall, "syscall");
}

long odc_next_kernel(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret = odc_trap(nr, a, b, c, d, e, f);

	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

int odc_next_kernel_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return (int)odc_next_kernel(ODC_NR_OPENAT, dirfd, (long)path, flags, mode, 0, 0);
}
