/*
 * The cases fuzz_lines holds before it fuzzes (fuzz_lines.h): every field
 * at its largest, each name of every byte value; and the shapes of program
 * name, directory and path that killed programs in issue 49.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_lines.h"

/* LEN bytes of BYTE at OUT, or for 0 every byte value from 1 in turn; and a NUL. */
static void fl_fill(char *out, size_t len, unsigned char byte)
{
	for (size_t i = 0; i < len; i++)
		out[i] = (char)(byte ? byte : 1 + i % 255);
	out[len] = '\0';
}

void fl_case_largest(struct fl_case *c, enum fl_writer writer, unsigned char byte)
{
	memset(c, 0, sizeof *c);
	c->writer = writer;
	c->call = (struct odc_call){ .dirfd = INT32_MIN, .flags = -1, .mode = (mode_t)-1,
				     .resolve = UINT64_MAX };
	c->found = (struct odc_found){ .state = ODC_STATE_ERROR, .error = ENOTRECOVERABLE };
	c->mode = ODC_LINUX57;
	c->result = INT64_MIN;
	c->entry = "syscall(SYS_openat2)";
	c->pid = INT32_MIN;
	c->euid = UINT32_MAX;
	c->count = (struct odc_log_count){ UINT32_MAX, UINT64_MAX, UINT64_MAX };
	c->refused_said = c->where_found = true;
	c->where = (struct odc_where){ .len = ODC_WHERE_PATH_MAX, .cut = true, .file = true,
				       .offset = UINT64_MAX };
	for (size_t i = 0; i < c->where.len; i++)
		c->where.path[i] = (char)(byte ? byte : 1 + i % 255);
	c->seen = (struct odc_log_seen){
		.how = "sched/process_exit", .abi = "native", .time_ns = INT64_MAX,
		.tid = UINT32_MAX, .nspid = UINT32_MAX, .ruid = UINT32_MAX, .euid = UINT32_MAX,
		.egid = UINT32_MAX, .cgroup_id = UINT64_MAX, .mntns = UINT32_MAX,
		.pidns = UINT32_MAX, .userns = UINT32_MAX, .unread = "unreachable",
		.lost = UINT64_MAX,
	};
	fl_fill(c->prog, sizeof c->prog - 1, byte);
	fl_fill(c->path, sizeof c->path - 1, byte);
	fl_fill(c->dir, sizeof c->dir - 1, byte);
	fl_fill(c->exe, sizeof c->exe - 1, byte);
	fl_fill(c->script, sizeof c->script - 1, byte);
	fl_fill(c->cgroup, sizeof c->cgroup - 1, byte);
	fl_fill(c->refused, sizeof c->refused - 1, byte);
}

/* N control bytes at OUT, each from 1 to 31 in turn, and a NUL: any byte that is not a slash, for ANY. */
static void fl_names(char *out, size_t n, bool any)
{
	for (size_t i = 0; i < n; i++) {
		out[i] = (char)(any ? 1 + i % 255 : 1 + i % 31);
		if (out[i] == '/')
			out[i] = '\x7f';
	}
	out[n] = '\0';
}

/*
 * Issue 49's 153 shapes were a program's name, its directory and the
 * path it creates, each plain or long, of control bytes or of any, in
 * every mode. These are their longest: the program named with 250 bytes
 * (a name's most is 255), run from a directory of two such names under
 * /tmp, creating a 200-byte name there.
 */
void fl_case_issue(struct fl_case *c, enum fl_writer writer, int shape, enum odc_mode mode)
{
	bool any = shape & 2;

	memset(c, 0, sizeof *c);
	c->writer = writer;
	c->call = (struct odc_call){ .dirfd = AT_FDCWD, .flags = O_CREAT | O_DIRECTORY, .mode = 0755 };
	c->found = (struct odc_found){ .state = ODC_STATE_MISSING };
	c->mode = mode;
	c->result = -EINVAL;
	c->entry = "openat";
	c->pid = 4242;
	c->count = (struct odc_log_count){ 0x5c1e07a2, 1, 0 };
	c->seen = (struct odc_log_seen){ .how = "sys_enter/openat", .abi = "native",
					 .time_ns = 1764750944688614000LL, .cgroup = c->cgroup };
	strcpy(c->dir, "/tmp/");
	fl_names(c->dir + 5, 250, any);
	c->dir[255] = '/';
	fl_names(c->dir + 256, 250, any);
	fl_names(c->prog, 250, any);
	if (shape & 1) {
		fl_names(c->path, 200, any);
		snprintf(c->exe, sizeof c->exe, "%s/%s", c->dir, c->prog);
	} else {
		strcpy(c->path, "newdir");
		strcpy(c->exe, "/usr/bin/python3.11");
	}
	memcpy(c->cgroup, c->dir, sizeof c->dir);
	memcpy(c->script, c->prog, 251);
	c->where = (struct odc_where){ .file = true, .offset = 0x2680d3 };
	c->where.len = strlen(c->exe) < ODC_WHERE_PATH_MAX ? strlen(c->exe) : ODC_WHERE_PATH_MAX;
	c->where.cut = strlen(c->exe) > ODC_WHERE_PATH_MAX;
	memcpy(c->where.path, c->exe, c->where.len);
	c->where_found = true;
}
