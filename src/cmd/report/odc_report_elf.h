/* A file offset in an ELF file as the address its code has there (src/cmd/report/elf.c). */
#ifndef ODC_REPORT_ELF_H
#define ODC_REPORT_ELF_H

/*
 * The address that OFFSET in the ELF file open at FD is loaded at, by its
 * program headers (the PT_LOAD segment that holds it), into *ADDR: NULL,
 * or why there is none.
 */
const char *odc_elf_address(int fd, unsigned long long offset, unsigned long long *addr);

#endif
