/*
 * The log's destinations as /etc/odcreat.conf, ODCREAT_LOG and odcreat -l
 * name them, and syslog's facilities (src/core/config/log_name.c): read
 * by the settings, the command and the log alike, each value parsed once.
 */
#ifndef ODC_LOG_NAME_H
#define ODC_LOG_NAME_H

enum odc_log_kind {
	ODC_LOG_NONE,
	ODC_LOG_FILE,		/* a path */
	ODC_LOG_DIR,		/* a path that ends in '/': DIR/EUID.log for each user */
	ODC_LOG_STDERR,		/* "stderr" */
	ODC_LOG_SYSLOG,		/* "syslog": /dev/log */
	ODC_LOG_JOURNAL,	/* "journal": journald's own socket */
};

/* Where syslog's daemon and journald listen: each line is a datagram sent there. */
#define ODC_SYSLOG_SOCKET "/dev/log"
#define ODC_JOURNAL_SOCKET "/run/systemd/journal/socket"

/* The kind of destination VALUE names; NULL or "" is none. */
enum odc_log_kind odc_log_kind_of(const char *value);

/* Where a log goes: what the library and the supervisor hand the log. */
struct odc_log_target {
	enum odc_log_kind kind;
	const char *path;	/* FILE and DIR: the name as given */
	int facility;		/* SYSLOG and JOURNAL: syslog's facility code */
};

/* The syslog facility called NAME ("user", "local0", ...), or -1. */
int odc_log_facility_parse(const char *name);

/* user, the facility where none is set. */
#define ODC_FACILITY_USER 1

#endif
