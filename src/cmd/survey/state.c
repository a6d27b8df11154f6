/*
 * What start did, kept where only root may look (/var/lib/odcreat/survey,
 * in a 0700 directory of root's), for stop and status: when it started,
 * the line it added to /etc/ld.so.preload and how that file was before,
 * and the log. The settings are not kept: they follow from these, so stop
 * can tell whether /etc/odcreat.conf is still what start wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "odc_say.h"
#include "odc_survey_parts.h"

static const char *const odc_preload_words[] = {
	[ODC_PRELOAD_ABSENT] = "absent",
	[ODC_PRELOAD_ENDED] = "ended",
	[ODC_PRELOAD_UNENDED] = "unended",
};

int odc_state_open(bool make)
{
	if (!make && access(ODC_SURVEY_STATE_DIR, F_OK) < 0 && errno == ENOENT)
		return -2;
	if (make && mkdir(ODC_SURVEY_STATE_DIR, 0700) < 0 && errno != EEXIST) {
		odc_tell(ODC_SURVEY_SAYS "cannot make " ODC_SURVEY_STATE_DIR ": %s\n",
			 strerror(errno));
		return -1;
	}
	int fd = open(ODC_SURVEY_STATE_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	const char *why = fd < 0 || fstat(fd, &st) < 0		 ? strerror(errno)
			  : st.st_uid != 0 || (st.st_mode & 077) ? "not root's alone (0700, root's)"
								 : NULL;
	/* One odcreat survey at a time: two starts would both find no survey running. */
	if (!why && flock(fd, LOCK_EX) < 0)
		why = strerror(errno);
	if (why) {
		odc_tell(ODC_SURVEY_SAYS "%s: %s\n", ODC_SURVEY_STATE_DIR, why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* KEY's value in the state's TEXT, into OUT: whether it is there. */
static bool odc_state_value(const char *text, const char *key, char *out, size_t len)
{
	size_t key_len = strlen(key);

	for (const char *p = text; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t n = strcspn(p, "\n");
		if (n > key_len && p[key_len] == '=' && memcmp(p, key, key_len) == 0 &&
		    n - key_len - 1 < len) {
			memcpy(out, p + key_len + 1, n - key_len - 1);
			out[n - key_len - 1] = '\0';
			return true;
		}
	}
	return false;
}

/* The state's TEXT into S: whether every value is there. */
static bool odc_state_parse(const char *text, struct odc_survey_state *s)
{
	char since[24], preload[16];

	if (!odc_state_value(text, "since", since, sizeof since) ||
	    !odc_state_value(text, "preload", preload, sizeof preload) ||
	    !odc_state_value(text, "line", s->line, sizeof s->line) ||
	    !odc_state_value(text, "log", s->log, sizeof s->log))
		return false;
	s->since = strtoll(since, NULL, 10);
	for (int w = ODC_PRELOAD_ABSENT; w <= ODC_PRELOAD_UNENDED; w++)
		if (strcmp(preload, odc_preload_words[w]) == 0) {
			s->preload = (enum odc_preload_was)w;
			return true;
		}
	return false;
}

int odc_state_read(int dirfd, struct odc_survey_state *s)
{
	struct odc_file f;
	const char *why = odc_file_read(dirfd, ODC_SURVEY_STATE, &f);

	if (!why && !f.exists)
		return 0;
	/* Text, ended by a NUL in the room odc_file_read leaves after it. */
	bool text = !why && f.exists && !memchr(f.data, '\0', f.len);
	if (text)
		f.data[f.len] = '\0';
	if (!why && !(text && odc_state_parse(f.data, s)))
		why = "not as odcreat survey start writes it";
	odc_file_free(&f);
	if (!why)
		return 1;
	odc_tell(ODC_SURVEY_SAYS "%s/%s: %s\n", ODC_SURVEY_STATE_DIR, ODC_SURVEY_STATE, why);
	return -1;
}

int odc_state_write(int dirfd, const struct odc_survey_state *s)
{
	char text[3 * PATH_MAX];
	int n = snprintf(text, sizeof text,
			 "# odcreat survey: what start did, which stop undoes; not to be edited\n"
			 "since=%lld\npreload=%s\nline=%s\nlog=%s\n",
			 s->since, odc_preload_words[s->preload], s->line, s->log);
	struct odc_file none = { 0 };
	int err = odc_file_replace(dirfd, ODC_SURVEY_STATE, text, (size_t)n, &none, 0600);

	if (!err)
		return 0;
	odc_tell(ODC_SURVEY_SAYS "cannot write %s/%s: %s\n", ODC_SURVEY_STATE_DIR, ODC_SURVEY_STATE,
		 strerror(-err));
	return -1;
}

int odc_state_remove(int dirfd)
{
	if (unlinkat(dirfd, ODC_SURVEY_STATE, 0) == 0 || errno == ENOENT) {
		/* The directory too, unless something else keeps it. */
		rmdir(ODC_SURVEY_STATE_DIR);
		return 0;
	}
	odc_tell(ODC_SURVEY_SAYS "cannot remove %s/%s: %s\n", ODC_SURVEY_STATE_DIR, ODC_SURVEY_STATE,
		 strerror(errno));
	return -1;
}

void odc_survey_time(char out[32], long long time)
{
	time_t t = (time_t)time;
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(out, 32, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(out, 32, "%lld", time);
}

size_t odc_settings_text(char *out, size_t len, const struct odc_survey_state *s)
{
	char since[32];

	odc_survey_time(since, s->since);
	int n = snprintf(out, len,
			 "# Written by odcreat survey start at %s: every\n"
			 "# program the library is preloaded into keeps the kernel's own meaning\n"
			 "# and logs each call that passes O_CREAT|O_DIRECTORY. odcreat survey\n"
			 "# stop removes this file.\n"
			 "mode = native\nlog = %s\n",
			 since, s->log);
	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}
