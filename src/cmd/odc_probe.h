/* odcreat --probe: what the running kernel does with O_CREAT|O_DIRECTORY. */
#ifndef ODC_PROBE_H
#define ODC_PROBE_H

/* Print the kernel's behaviour and the mode it matches; the exit status (ODC_EXIT_FAILED where the probe itself cannot run). */
int odc_probe(void);

#endif
