/* odcreat --probe: what the running kernel does with O_CREAT|O_DIRECTORY. */
#ifndef ODC_PROBE_H
#define ODC_PROBE_H

/* The exit status when the probe itself cannot run. */
#define ODC_PROBE_FAILED 125

/* Print the kernel's behaviour and the mode it matches; the exit status. */
int odc_probe(void);

#endif
