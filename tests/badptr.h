/*
 * Pointers a caller may not read, as odc_call's -B and -H and the fuzz
 * harness pass them: NULL, one into a page just unmapped, one whose bytes
 * run from a readable page into that unmapped one, and one into the
 * kernel's half of the address space.
 */
#ifndef TESTS_BADPTR_H
#define TESTS_BADPTR_H

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum bad_kind { BAD_NULL, BAD_UNMAPPED, BAD_CROSS, BAD_KERNEL, BAD_KINDS };

static const char *const bad_kind_names[BAD_KINDS] = { "null", "unmapped", "cross", "kernel" };

#if defined(__x86_64__)
#define BAD_KERNEL_ADDRESS 0xffffffff81000000UL
#elif defined(__aarch64__)
#define BAD_KERNEL_ADDRESS 0xffff800008000000UL
#else
#define BAD_KERNEL_ADDRESS 0xc1000000UL
#endif

/* The start of a page just unmapped, after a readable one full of 'a'; NULL if mmap fails. */
static inline char *bad_gap(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *two = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (two == MAP_FAILED || munmap(two + page, page) < 0)
		return NULL;
	memset(two, 'a', page);
	return two + page;
}

/* A pointer of KIND near GAP (bad_gap()); for BAD_CROSS, to a copy of HEAD's LEN bytes that ends there. */
static inline void *bad_pointer(enum bad_kind kind, char *gap, const void *head, size_t len)
{
	switch (kind) {
	case BAD_NULL:
		return NULL;
	case BAD_UNMAPPED:
		return gap + 64;
	case BAD_CROSS:
		return memcpy(gap - len, head, len);
	default:
		return (void *)BAD_KERNEL_ADDRESS;
	}
}

#endif
