/*
 * The calls fuzz_lines builds lines for (fuzz_lines.h): each read from
 * the fuzzer's bytes, or made with every field at its largest, or in one
 * of issue 49's shapes. A field a writer takes from its own code (an
 * entry point's name, where the watcher saw a call) is one of the names
 * that code has; every name a caller or a file gives is any bytes.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "fuzz_lines.h"
#include "odc_errname.h"

static const char *const fl_entries[] = {
	"open", "open64", "openat", "openat64", "openat2", "syscall", "SYS_openat2",
	"syscall(SYS_openat2)", "io_uring_openat", "io_uring_openat2", "none", "?",
};
static const char *const fl_hows[] = {
	"sys_enter/open", "sys_enter/openat", "sys_enter/openat2", "io_uring/openat",
	"io_uring/openat2", "sched/process_exit", "?",
};
static const char *const fl_unreads[] = {
	NULL, "gone", "moved", "unreachable", "late", "outside", "held", "slow", "groups",
	"reader", "root", "changed", "ids", "path-cut",
};
/* What the kernel's copy of a path may answer (odc_readable_path). */
static const long fl_readables[] = { 0, -ENAMETOOLONG, -ENOENT, -EFAULT, -ENOMEM };

#define FL_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define FL_PICK(in, a) ((a)[fl_byte(in) % FL_COUNT(a)])

static uint8_t fl_byte(struct fl_input *in)
{
	return in->p < in->end ? *in->p++ : 0;
}

static uint64_t fl_bytes(struct fl_input *in, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)fl_byte(in) << (8 * i);
	return v;
}

/*
 * A name of up to CAP - 1 bytes: its length, a byte it is filled with,
 * and a count of bytes of the input that begin it. A long name of any
 * byte costs the fuzzer four bytes.
 */
static void fl_text(struct fl_input *in, char *out, size_t cap)
{
	size_t len = fl_bytes(in, 2) % cap, fill = fl_byte(in), given = fl_byte(in), i = 0;

	for (; i < len && i < given; i++)
		out[i] = (char)fl_byte(in);
	for (; i < len; i++)
		out[i] = (char)fill;
	out[len] = '\0';
}

void fl_case_read(struct fl_case *c, struct fl_input *in)
{
	memset(c, 0, sizeof *c);
	c->writer = (enum fl_writer)(fl_byte(in) % FL_WRITERS);
	uint64_t bits = fl_bytes(in, 2);
	c->call.flags = (int)fl_bytes(in, 4);
	c->call.mode = (mode_t)fl_bytes(in, 4);
	c->call.resolve = bits & 1 ? fl_bytes(in, 8) : 0;
	c->call.dirfd = bits & 2 ? AT_FDCWD : (int)fl_bytes(in, 4);
	c->found.state = (enum odc_state)(fl_byte(in) % (ODC_STATE_INVALID + 1));
	c->found.error = (int)(fl_bytes(in, 2) % 4096);	/* an errno, as the kernel gives them */
	c->found.slash = bits & 4;
	c->found.sticky = bits & 8;
	c->readable = c->found.readable = FL_PICK(in, fl_readables);
	c->mode = (enum odc_mode)(fl_byte(in) % ODC_MODE_COUNT);
	c->result = bits & 16 ? -(long)fl_bytes(in, 2) : (long)fl_bytes(in, 8);
	c->entry = FL_PICK(in, fl_entries);
	c->pid = (pid_t)fl_bytes(in, 4);
	c->euid = (uid_t)fl_bytes(in, 4);
	c->count = (struct odc_log_count){ (uint32_t)fl_bytes(in, 4), fl_bytes(in, 8), fl_bytes(in, 8) };
	c->refused_said = bits & 32;
	c->where_found = bits & 64;
	c->where.file = bits & 128;
	c->where.cut = bits & 256;
	c->where.offset = fl_bytes(in, 8);
	c->where.len = fl_bytes(in, 2) % (ODC_WHERE_PATH_MAX + 1);
	for (size_t i = 0; i < c->where.len; i++) {
		uint8_t byte = fl_byte(in);
		c->where.path[i] = (char)(byte ? byte : 1);	/* a name in the maps holds no NUL */
	}
	c->seen = (struct odc_log_seen){
		.how = FL_PICK(in, fl_hows), .abi = bits & 512 ? "i386" : "native",
		.time_ns = (long long)fl_bytes(in, 8),
		.tid = (uint32_t)fl_bytes(in, 4), .nspid = (uint32_t)fl_bytes(in, 4),
		.ruid = (uint32_t)fl_bytes(in, 4), .euid = (uint32_t)c->euid,
		.egid = (uint32_t)fl_bytes(in, 4), .cgroup_id = fl_bytes(in, 8),
		.mntns = (uint32_t)fl_bytes(in, 4), .pidns = (uint32_t)fl_bytes(in, 4),
		.userns = (uint32_t)fl_bytes(in, 4), .unread = FL_PICK(in, fl_unreads),
		.result_unknown = bits & 1024, .path_bad = bits & 2048, .path_cut = bits & 4096,
		.lost = fl_bytes(in, 8), .lost_only = bits & 8192,
	};
	c->seen.lost |= c->seen.lost_only;	/* a line for lost calls alone is for some */
	fl_text(in, c->prog, sizeof c->prog);
	fl_text(in, c->path, sizeof c->path);
	fl_text(in, c->dir, sizeof c->dir);
	fl_text(in, c->exe, sizeof c->exe);
	fl_text(in, c->script, sizeof c->script);
	fl_text(in, c->cgroup, sizeof c->cgroup);
	fl_text(in, c->refused, sizeof c->refused);
}
