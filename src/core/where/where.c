/*
 * Where a call came from (odc_log_where.h). The exported function's
 * return address is in the caller's code; /proc/self/maps names the file
 * mapped there and the mapping's offset in that file (maps.c), read only
 * for a line.
 *
 * A process calls from the same few places, so the mapping found last is
 * kept in one slot, written under a sequence count: a reader that meets a
 * writer (another thread, or the code its own signal handler interrupted)
 * reads the maps itself, and a writer that meets another leaves the slot
 * alone, so that nothing ever waits. The program's own executable is
 * mapped for as long as the image runs; any other file may be unmapped
 * (dlclose) and another mapped in its place, so the slot's mapping is
 * believed only where the loader still has the same object there, by the
 * same name (glibc's _dl_find_object, without a lock or a system call),
 * or else where the kernel says so: one readlink of
 * /proc/self/map_files/START-END.
 */
#include <fcntl.h>
#include <stdint.h>

#include "odc_fs.h"
#include "odc_libc.h"
#include "odc_line.h"
#include "odc_log_maps.h"
#include "odc_log_where.h"

/* A mapping as words, which the slot is read and written by, one at a time. */
union odc_mapping_words {
	struct odc_mapping m;
	uint64_t words[(sizeof(struct odc_mapping) + 7) / 8];
};

#define ODC_WORDS (sizeof(union odc_mapping_words) / sizeof(uint64_t))

static struct {
	unsigned seq;	/* odd while written; 0 never written */
	union odc_mapping_words kept;
} odc_slot;

/* The slot's mapping, into M: false where it is empty or a writer is at work. */
static bool odc_slot_get(struct odc_mapping *m)
{
	union odc_mapping_words copy;
	unsigned seq = __atomic_load_n(&odc_slot.seq, __ATOMIC_ACQUIRE);

	if (seq == 0 || seq & 1)
		return false;
	for (size_t i = 0; i < ODC_WORDS; i++)
		copy.words[i] = __atomic_load_n(&odc_slot.kept.words[i], __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (__atomic_load_n(&odc_slot.seq, __ATOMIC_RELAXED) != seq)
		return false;
	*m = copy.m;
	return true;
}

/* M into the slot, unless another writer holds it. */
static void odc_slot_put(const struct odc_mapping *m)
{
	union odc_mapping_words copy = { .m = *m };
	unsigned seq = __atomic_load_n(&odc_slot.seq, __ATOMIC_RELAXED);

	if (seq & 1 || !__atomic_compare_exchange_n(&odc_slot.seq, &seq, seq + 1, false,
						    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	for (size_t i = 0; i < ODC_WORDS; i++)
		__atomic_store_n(&odc_slot.kept.words[i], copy.words[i], __ATOMIC_RELAXED);
	__atomic_store_n(&odc_slot.seq, seq + 2, __ATOMIC_RELEASE);
}

/* V in lower-case hexadecimal at OUT, as the kernel names a mapping: the digits' count. */
static size_t odc_hex_put(char *out, uintptr_t v)
{
	char digits[2 * sizeof v];
	size_t n = 0;

	do {
		digits[sizeof digits - ++n] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	odc_copy(out, digits + sizeof digits - n, n);
	return n;
}

/* Whether the kernel still maps the file M names at M's addresses. */
static bool odc_still_mapped(const struct odc_mapping *m)
{
	static const char head[] = "/proc/self/map_files/";
	char name[sizeof head + 4 * sizeof(uintptr_t) + 2], link[ODC_WHERE_PATH_MAX + 1];
	size_t n = sizeof head - 1;

	odc_copy(name, head, n);
	n += odc_hex_put(name + n, m->start);
	name[n++] = '-';
	n += odc_hex_put(name + n, m->end);
	name[n] = '\0';
	long len = odc_fs_readlinkat(AT_FDCWD, name, link, sizeof link);
	const struct odc_where *w = &m->where;
	if (len != (long)(w->cut ? sizeof link : w->len))
		return false;
	for (size_t i = 0; i < w->len; i++)
		if (link[i] != w->path[i])
			return false;
	return true;
}

/* Whether the slot's mapping M still holds the code at CALLER. */
static bool odc_still_there(const struct odc_mapping *m, const void *caller)
{
	uintptr_t object;
	uint64_t name;

	if (m->image)
		return true;
	if (m->known)
		return odc_libc_object(caller, &object, &name) == 0 && object == m->object &&
		       name == m->name;
	return odc_still_mapped(m);
}

bool odc_where_find(const void *caller, struct odc_where *w)
{
	uintptr_t at = (uintptr_t)caller;
	struct odc_mapping m;

	if (!odc_slot_get(&m) || at < m.start || at >= m.end || !odc_still_there(&m, caller)) {
		if (!odc_maps_find(at, &m))
			return false;
		m.known = !m.image && odc_libc_object(caller, &m.object, &m.name) == 0;
		if (m.where.file)
			odc_slot_put(&m);
	}
	*w = m.where;
	w->offset = m.pgoff + (at - m.start);
	return true;
}
