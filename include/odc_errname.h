/* Errno names: "ENOENT" for ENOENT. */
#ifndef ODC_ERRNAME_H
#define ODC_ERRNAME_H

/* The macro name of errno value ERR, or NULL for one Linux does not define. */
const char *odc_errname(int err);

#endif
