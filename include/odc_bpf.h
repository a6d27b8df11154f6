/*
 * Classic BPF as seccomp filters use it, and seccomp's own words for a
 * filter, under odcreat's names: a C library's headers need not have
 * them (musl-gcc sees no <linux/...>). For odcreat --seccomp's filter
 * (src/cmd/seccomp/filter.c) and the resolver's (src/cmd/report/resolve/).
 */
#ifndef ODC_BPF_H
#define ODC_BPF_H

#include <stdint.h>

struct odc_sock_filter {
	uint16_t code;
	uint8_t jt;
	uint8_t jf;
	uint32_t k;
};

struct odc_sock_fprog {
	unsigned short len;
	struct odc_sock_filter *filter;
};

#define ODC_BPF_LD	0x00
#define ODC_BPF_ALU	0x04
#define ODC_BPF_JMP	0x05
#define ODC_BPF_RET	0x06
#define ODC_BPF_W	0x00
#define ODC_BPF_ABS	0x20
#define ODC_BPF_AND	0x50
#define ODC_BPF_JEQ	0x10
#define ODC_BPF_K	0x00

#define ODC_BPF_STMT(code, k) { (uint16_t)(code), 0, 0, (uint32_t)(k) }
#define ODC_BPF_JUMP(code, k, jt, jf) { (uint16_t)(code), (uint8_t)(jt), (uint8_t)(jf), (uint32_t)(k) }

/* What a filter reads: seccomp(2)'s struct seccomp_data. */
struct odc_seccomp_data {
	int nr;
	uint32_t arch;
	uint64_t instruction_pointer;
	uint64_t args[6];
};

#define ODC_SECCOMP_MODE_FILTER		2	/* prctl(PR_SET_SECCOMP)'s */
#define ODC_SECCOMP_SET_MODE_FILTER	1	/* seccomp(2)'s */
#define ODC_SECCOMP_RET_KILL_THREAD	0x00000000u
#define ODC_SECCOMP_RET_ALLOW		0x7fff0000u
#define ODC_SECCOMP_RET_ERRNO		0x00050000u	/* | the errno */

#endif
