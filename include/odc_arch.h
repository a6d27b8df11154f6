/*
 * This build's architecture: its system call numbers, its seccomp ABIs and
 * its system call trap, one header each, as musl keeps them.
 */
#ifndef ODC_ARCH_H
#define ODC_ARCH_H

#if defined(__x86_64__)
#include "arch/x86_64.h"
#elif defined(__i386__)
#include "arch/i386.h"
#elif defined(__aarch64__)
#include "arch/aarch64.h"
#else
#error "odcreat: no system call numbers for this architecture yet"
#endif

#endif
