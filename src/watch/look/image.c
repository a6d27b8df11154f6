/*
 * What the watcher knows of a caller's process image (odc_look.h): the
 * executable the kernel named at its last call, for the line that counts
 * the calls it lost at its exit (which has no call of its own, and on
 * 5.10 no executable left to name), and the script it runs, where its
 * executable is an interpreter. The script is decided as the library
 * decides it (odc_script.h), over the command line the kernel took at the
 * call, which is the image's own: an exec since cannot lend it another's.
 * The argument the rules name is a script only where it names a regular
 * file as the caller finds it, from its working directory, which its look
 * checks, and names as the kernel does (inside.c): an absolute name,
 * every symlink followed, as the library's. Decided once an image, as the
 * library does, and remembered for the image's later lines: a program's
 * lines, before and after it exits, are one row. No other argument is
 * kept: the copy the rules read is wiped, and the record's own once it is
 * logged.
 */
#include <string.h>

#include "odc_look.h"
#include "odc_script.h"

/* The images remembered at once, one a slot by the kernel's pid. */
#define ODC_IMAGES 64

static struct odc_watch_image {
	unsigned ktgid;
	unsigned long long start_time, exec_id;
	bool decided;		/* script is its script, or "" for none; else "" */
	char exe[ODC_WATCH_NAME_MAX];
	char script[ODC_WATCH_NAME_MAX];
} odc_images[ODC_IMAGES];

/* E's image's slot, and whether it holds E's image. */
static struct odc_watch_image *odc_image_slot(const struct odc_watch_event *e, bool *same)
{
	struct odc_watch_image *m = &odc_images[e->ktgid % ODC_IMAGES];

	*same = m->ktgid == e->ktgid && m->start_time == e->start_time && m->exec_id == e->exec_id;
	return m;
}

int odc_watch_image_script(const struct odc_watch_event *e, char script[ODC_WATCH_ARGS_MAX])
{
	static char args[ODC_WATCH_ARGS_MAX + 1];
	bool same;
	const char *exe = odc_watch_kernel_exe(e), *base = exe ? strrchr(exe, '/') : NULL;
	size_t len;
	const char *line = odc_watch_kernel_args(e, &len);

	script[0] = '\0';
	if ((odc_image_slot(e, &same)->decided && same) || !base || !line)
		return -1;
	base++;
	memcpy(args, line, len);
	/* A last argument the process wrote without its NUL; one cut short has none, and is no argument. */
	if (!(e->seen & ODC_WATCH_ARGS_CUT) && args[len - 1] != '\0')
		args[len++] = '\0';
	const char *arg = odc_script_among(base, strlen(base), args, len);
	if (arg)
		memcpy(script, arg, strlen(arg) + 1);	/* shorter than the line: ODC_WATCH_ARGS_MAX - 1 */
	explicit_bzero(args, len);
	return arg != NULL;
}

void odc_watch_image_seen(const struct odc_watch_event *e, bool lost_only,
			  const struct odc_watch_look *look, const char **exe, const char **script)
{
	bool same;
	struct odc_watch_image *m = odc_image_slot(e, &same);

	*exe = look->exe;
	*script = "";
	if (lost_only) {
		if (same)
			*exe = m->exe, *script = m->script;
		return;
	}
	if (!same)
		*m = (struct odc_watch_image){ .ktgid = e->ktgid, .start_time = e->start_time, .exec_id = e->exec_id };
	if (look->exe[0])
		memcpy(m->exe, look->exe, sizeof m->exe);
	if (!m->decided && look->script_file >= 0) {
		m->decided = true;
		if (look->script_file)
			memcpy(m->script, look->script, sizeof m->script);
	}
	*script = m->script;
}
