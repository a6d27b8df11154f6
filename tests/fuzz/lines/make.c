/*
 * A case's entry, and what its line says of the caller, as each writer
 * makes them (src/core/log/about.c): the watcher's through odc_log_about
 * itself, which takes them all from the entry; the library's and the
 * supervisor's as it would read them from the process, here from the case.
 */
#include <string.h>

#include "fuzz_lines.h"
#include "odc_line.h"

/* The library's image: its executable and script escaped within their rooms, as image.c keeps them. */
static void fl_make_image(struct odc_log_image *image, const struct fl_case *c)
{
	static struct odc_line script;

	odc_line_start(&image->exe);
	odc_put_escaped_within(&image->exe, c->exe, sizeof c->exe, ODC_EXE_ROOM);
	odc_line_start(&script);
	odc_put_escaped_within(&script, c->script, sizeof c->script, ODC_SCRIPT_ROOM);
	memcpy(image->script, script.text, script.len);
	image->script_len = script.len;
}

void fl_case_make(struct fl_case *c)
{
	struct odc_log_about *a = &c->a;

	c->call.path = c->path;
	c->seen.exe = c->exe;
	c->seen.dir = c->dir;
	c->seen.script = c->script;
	c->seen.cgroup = c->cgroup;
	c->e = (struct odc_log_entry){
		.pid = c->writer == FL_SELF ? 0 : c->pid, .prog = c->prog, .entry = c->entry,
		.call = &c->call, .mode = c->mode, .result = c->result, .found = &c->found,
		.refused = c->writer == FL_FOR && c->refused_said ? c->refused : NULL,
		.dir_fd = -1, .seen = c->writer == FL_SEEN ? &c->seen : NULL,
	};
	if (c->writer == FL_SEEN) {
		odc_log_about(&c->e, a);
		return;
	}
	memset(a, 0, sizeof *a);
	a->pid = c->pid;
	a->prog = c->prog;
	a->readable = c->readable;
	a->euid = c->euid;
	if (!c->e.refused)	/* as about.c: a refused caller's directory is not read */
		odc_log_about_keep_dir(a, c->dir);
	if (c->writer == FL_FOR)
		return;
	fl_make_image(&a->image, c);
	a->own = (struct odc_log_self){ .image = &a->image, .where = c->where,
					.where_found = c->where_found, .count = c->count };
	a->self = &a->own;
}

void fl_case_short_path(struct fl_case *to, const struct fl_case *from)
{
	memcpy(to, from, sizeof *to);
	strcpy(to->path, "p");
	fl_case_make(to);
}
