/*
 * Symbol resolution: find the definitions that the shim's own ones hide,
 * as dlsym(RTLD_NEXT) would, but by reading the loaded objects' own
 * tables: the first object after this one, in the loader's order, that
 * defines the name. Nothing is allocated and no lock is taken beyond the
 * loader's own recursive one that dl_iterate_phdr holds while it walks,
 * which a signal handler in the same thread takes again and a vfork child
 * meets only while another thread loads a library. So the first forwarder
 * to need a definition looks for it, whoever calls: no start-up pays.
 */
#include <errno.h>
#include <link.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

#include "odc_next.h"
#include "odc_trap.h"

struct odc_next odc_next;
static int odc_next_done;

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

/* What an object's dynamic section says of its symbols. */
struct odc_symbols {
	const uint32_t *gnu_hash;
	const ElfW(Sym) *symtab;
	const char *strtab;
	const ElfW(Half) *versym;
	ElfW(Addr) base;
};

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

/* The object's tables: false where it has no GNU hash table to look names up in. */
static bool odc_symbols_of(const struct dl_phdr_info *info, struct odc_symbols *s)
{
	const ElfW(Phdr) *dynamic = NULL;

	for (int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dynamic = &info->dlpi_phdr[i];
	if (!dynamic)
		return false;
	*s = (struct odc_symbols){ .base = info->dlpi_addr };
	const ElfW(Dyn) *dyn = (const ElfW(Dyn) *)(info->dlpi_addr + dynamic->p_vaddr);
	for (; dyn->d_tag != DT_NULL; dyn++) {
		const void *at = odc_dyn_address(info, dynamic, dyn->d_un.d_ptr);
		if (dyn->d_tag == DT_GNU_HASH)
			s->gnu_hash = at;
		else if (dyn->d_tag == DT_SYMTAB)
			s->symtab = at;
		else if (dyn->d_tag == DT_STRTAB)
			s->strtab = at;
		else if (dyn->d_tag == DT_VERSYM)
			s->versym = at;
	}
	return s->gnu_hash && s->symtab && s->strtab;
}

/* A symbol's type and binding, the same bits in ELF32 and ELF64. */
#define ODC_ST_TYPE(info) ((info) & 0xf)
#define ODC_ST_BIND(info) ((info) >> 4)

/*
 * Whether symbol I is a definition of NAME that a lookup without a version
 * takes: a function (or an IFUNC) defined here, global or weak, in its
 * default version (not a hidden one).
 */
static bool odc_defines(const struct odc_symbols *s, uint32_t i, const char *name)
{
	const ElfW(Sym) *sym = &s->symtab[i];
	int type = ODC_ST_TYPE(sym->st_info), bind = ODC_ST_BIND(sym->st_info);

	return sym->st_shndx != SHN_UNDEF && (type == STT_FUNC || type == STT_GNU_IFUNC) &&
	       (bind == STB_GLOBAL || bind == STB_WEAK) && !(s->versym && (s->versym[i] & 0x8000)) &&
	       strcmp(s->strtab + sym->st_name, name) == 0;
}

/*
 * NAME's symbol in the object S describes, or NULL: its GNU hash table's
 * Bloom filter, then the bucket and the chain.
 */
static const ElfW(Sym) *odc_lookup(const struct odc_symbols *s, const char *name)
{
	/* nbuckets, symoffset, bloom words, bloom shift, then the words, buckets and chains. */
	const uint32_t *table = s->gnu_hash, nbuckets = table[0], symoffset = table[1];
	const ElfW(Addr) *bloom = (const ElfW(Addr) *)(table + 4);
	const unsigned bits = sizeof *bloom * 8;
	uint32_t hash = odc_gnu_hash(name);
	ElfW(Addr) mask = (ElfW(Addr))1 << hash % bits | (ElfW(Addr))1 << (hash >> table[3]) % bits;

	if (!nbuckets || (table[2] && (bloom[hash / bits % table[2]] & mask) != mask))
		return NULL;
	const uint32_t *buckets = (const uint32_t *)(bloom + table[2]), *chain = buckets + nbuckets;
	for (uint32_t i = buckets[hash % nbuckets]; i >= symoffset; i++) {
		uint32_t h = chain[i - symoffset];
		if ((h | 1) == (hash | 1) && odc_defines(s, i, name))
			return &s->symtab[i];
		if (h & 1)
			break;
	}
	return NULL;
}

/* What a call reaches through SYM: its address, or for an IFUNC what its resolver picks. */
static void *odc_address(const struct odc_symbols *s, const ElfW(Sym) *sym)
{
	void *at = (void *)(s->base + sym->st_value);

	if (ODC_ST_TYPE(sym->st_info) != STT_GNU_IFUNC)
		return at;
	return ((void *(*)(unsigned long))at)(getauxval(AT_HWCAP));
}

/* *SLOT, where still empty, from NAME in the object S describes: whether it is full now. */
static bool odc_seek(const struct odc_symbols *s, void **slot, const char *name)
{
	if (__atomic_load_n(slot, __ATOMIC_RELAXED))
		return true;
	const ElfW(Sym) *sym = odc_lookup(s, name);
	if (sym)
		__atomic_store_n(slot, odc_address(s, sym), __ATOMIC_RELEASE);
	return sym != NULL;
}

/*
 * Each object after this one, in the loader's order, looked at for the
 * names not found yet; the walk ends once every one is. (The pointers are
 * stored as void *: every ABI this library builds for holds a function
 * in one.)
 */
static int odc_visit(struct dl_phdr_info *info, size_t size, void *data)
{
	bool *after_self = data;
	struct odc_symbols s;

	(void)size;
	if (!*after_self) {
		*after_self = info->dlpi_addr == (ElfW(Addr))__ehdr_start;
		return 0;
	}
	if (!odc_symbols_of(info, &s))
		return 0;
	bool all = true;
	all &= odc_seek(&s, (void **)&odc_next.open, "open");
	all &= odc_seek(&s, (void **)&odc_next.open_lfs, "open64");
	all &= odc_seek(&s, (void **)&odc_next.openat, "openat");
	all &= odc_seek(&s, (void **)&odc_next.openat_lfs, "openat64");
	all &= odc_seek(&s, (void **)&odc_next.openat2, "openat2");
	all &= odc_seek(&s, (void **)&odc_next.syscall, "syscall");
	return all;
}

/* odc_next, all of it looked for once. */
static const struct odc_next *odc_next_resolve(void)
{
	bool after_self = false;

	if (!__atomic_load_n(&odc_next_done, __ATOMIC_ACQUIRE)) {
		dl_iterate_phdr(odc_visit, &after_self);
		__atomic_store_n(&odc_next_done, 1, __ATOMIC_RELEASE);
	}
	return &odc_next;
}

/* The kernel's answer, as libc gives it: -1 and errno. */
static long odc_next_kernel(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret = odc_trap(nr, a, b, c, d, e, f);

	if (ret < 0) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

int odc_next_first_open(const char *path, int flags, mode_t mode, bool lfs)
{
	const struct odc_next *next = odc_next_resolve();
	odc_open_fn *fn = lfs ? next->open_lfs : next->open;

	if (fn)
		return fn(path, flags, mode);
	return odc_next_first_openat(AT_FDCWD, path, flags, mode, lfs);
}

int odc_next_first_openat(int dirfd, const char *path, int flags, mode_t mode, bool lfs)
{
	const struct odc_next *next = odc_next_resolve();
	odc_openat_fn *fn = lfs ? next->openat_lfs : next->openat;

	if (fn)
		return fn(dirfd, path, flags, mode);
	return (int)odc_next_kernel(ODC_NR_OPENAT, dirfd, (long)path, flags | (lfs ? O_LARGEFILE : 0),
				    mode, 0, 0);
}

int odc_next_first_openat2(int dirfd, const char *path, const struct odc_open_how *how, size_t size)
{
	odc_openat2_fn *fn = odc_next_resolve()->openat2;

	if (fn)
		return fn(dirfd, path, how, size);
	return (int)odc_next_kernel(ODC_NR_OPENAT2, dirfd, (long)path, (long)how, (long)size, 0, 0);
}

long odc_next_first_syscall(long nr, long a, long b, long c, long d, long e, long f)
{
	odc_syscall_fn *fn = odc_next_resolve()->syscall;

	if (fn)
		return fn(nr, a, b, c, d, e, f);
	return odc_next_kernel(nr, a, b, c, d, e, f);
}
