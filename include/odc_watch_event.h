/*
 * What the watcher's kernel side (src/watch/bpf/) hands its user side for
 * each call that passes the pair: one record through a BPF ring buffer.
 * Included by both sides, so only fixed-width types.
 */
#ifndef ODC_WATCH_EVENT_H
#define ODC_WATCH_EVENT_H

/* Fixed-width types of either side's own: vmlinux.h's in BPF, the C library's here. */
#ifdef __bpf__
typedef __u64 odc_u64;
typedef __s64 odc_s64;
typedef __u32 odc_u32;
typedef __s32 odc_s32;
typedef __u16 odc_u16;
#else
#include <stdint.h>
typedef uint64_t odc_u64;
typedef int64_t odc_s64;
typedef uint32_t odc_u32;
typedef int32_t odc_s32;
typedef uint16_t odc_u16;
#endif

/* How the call was seen: a system call's entry, or an io_uring request. */
enum odc_watch_entry {
	ODC_WATCH_OPEN,
	ODC_WATCH_OPENAT,
	ODC_WATCH_OPENAT2,
	ODC_WATCH_URING_OPENAT,
	ODC_WATCH_URING_OPENAT2,
	ODC_WATCH_ENTRIES	/* how many */
};

/* The system call's ABI: the kernel's own, or i386's on an x86-64 kernel. */
enum odc_watch_abi {
	ODC_WATCH_NATIVE,
	ODC_WATCH_I386,
};

/* What the record holds (its seen field). */
#define ODC_WATCH_RESULT 0x1	/* result is the call's: its exit or its completion came */
#define ODC_WATCH_PATH_BAD 0x2	/* the path could not be read: the caller's pointer was bad */
#define ODC_WATCH_PATH_CUT 0x4	/* path holds only the first ODC_WATCH_PATH_MAX - 1 bytes */
#define ODC_WATCH_LOST_ONLY 0x8	/* no call: the process exited, and lost is what it still owed */
#define ODC_WATCH_ARGS_CUT 0x10	/* the command line went on past the bytes the record holds */
/* The kernel told whether the call's own open created the name (ODC_WATCH_MADE: it did). */
#define ODC_WATCH_MADE_TOLD 0x20
#define ODC_WATCH_MADE 0x40

/*
 * A path longer than this is cut: the line holds 2,048 bytes with every
 * field, so a longer one would be cut there anyway.
 */
#define ODC_WATCH_PATH_MAX 1024
/* The room for a directory's or an executable's name (the line holds less): the kernel side takes none that fills it. */
#define ODC_WATCH_NAME_MAX 1024
/*
 * The most supplementary groups a record holds (4 bytes each, in 128: one
 * less than a power of two, it is the mask that bounds them); a caller
 * with more has them read from /proc, while it lives.
 */
#define ODC_WATCH_RECORD_GROUPS 31
/*
 * The room for the start of the caller's command line, which says which
 * script an interpreter runs: a record holds no more than its first
 * ODC_WATCH_ARGS_MAX - 1 bytes (a power of two: the mask bounds them).
 * Every record of a program with a long command line carries that many,
 * interpreter or not (a compiler's, a JVM's), against its person's share
 * of the ring buffer (src/watch/bpf/send.bpf.h), and every kept call's map
 * value holds the room. 511 bytes hold an interpreter, its options and a
 * script's name as long as script= keeps (256 bytes).
 */
#define ODC_WATCH_ARGS_MAX 512

/*
 * A record's owner (odc_owner, src/watch/bpf/task.bpf.h): a person, whose
 * share of the ring buffer and pace its records count against
 * (person.bpf.h).
 * A uid, or this bit and a user namespace's inode number.
 */
#define ODC_WATCH_OWNER_NS (1ULL << 32)

/*
 * A directory as the kernel knows it: the inode, and the mount it was
 * reached through. A look that finds a directory again by its name is at
 * the same one only where both are the same (statx: stx_ino, stx_mnt_id).
 */
struct odc_watch_dir_id {
	odc_u64 ino;		/* 0: not read */
	odc_u32 mnt_id;
	odc_u32 pad;
};

/* A record is sent only as far as its names go: a burst of calls fits the ring buffer. */
struct odc_watch_event {
	odc_u64 cgroup;		/* the caller's cgroup v2 id (its directory's inode number) */
	odc_u64 start_time;	/* the caller's process started, in ns since boot: tells a reused pid */
	odc_u64 exec_id;	/* the caller's execs so far: with start_time, tells its process image */
	odc_u64 ktime;		/* when the call was made, on the boot clock */
	odc_u64 flags;		/* the open flags (openat2 and io_uring: open_how's) */
	odc_u64 mode;
	odc_u64 resolve;		/* openat2's RESOLVE_* flags */
	odc_s64 result;		/* a descriptor or a negative errno, where ODC_WATCH_RESULT */
	odc_u64 lost;		/* the process's calls the kernel could not send since its last record */
	odc_u64 owner;		/* the person it counts against: ODC_WATCH_OWNER_NS, or a uid */
	struct odc_watch_dir_id root;	/* the caller's root */
	struct odc_watch_dir_id dir;	/* the directory its path starts from: the root, for an absolute one */
	struct odc_watch_dir_id cwd;	/* the calling thread's working directory */
	odc_u32 ktgid;		/* its process, as the kernel numbers it: the key of what it lost */
	odc_u32 tgid, tid;	/* as the watcher's pid namespace numbers them; 0 outside it */
	odc_u32 ns_tgid;		/* as the caller's own pid namespace numbers its process */
	odc_u32 pid_ns, mnt_ns, user_ns;	/* the caller's namespaces' inode numbers */
	odc_u32 uid, euid, egid;	/* from the caller's credentials, as the initial user namespace has them */
	odc_s32 dirfd;
	odc_u16 ngroups;		/* how many supplementary groups the caller has */
	odc_u16 entry;		/* enum odc_watch_entry */
	odc_u16 abi;		/* enum odc_watch_abi */
	odc_u16 seen;		/* ODC_WATCH_* */
	odc_u16 path_len;		/* the bytes of path, its NUL included */
	odc_u16 dir_len, exe_len;	/* the bytes of the two names after it, NULs included; 0: none taken */
	odc_u16 groups_len;	/* the bytes of groups after them: 0 where there are more than ODC_WATCH_RECORD_GROUPS */
	odc_u16 args_len;	/* the bytes of the command line after those: 0 where none was read */
	char comm[16];
	/*
	 * The call's path; path_len bytes on, a relative path's directory's
	 * name, and then the executable's, each as the kernel named it at the
	 * call from the caller's root (as /proc's links name them to a process
	 * in that root); then the caller's groups, as the initial user
	 * namespace has them (odc_u32 each, unaligned); then the start of its
	 * command line, its arguments each ended by a NUL, as its process
	 * image had it at the call. A record ends there.
	 */
	char path[ODC_WATCH_PATH_MAX + 2 * ODC_WATCH_NAME_MAX + 128 + ODC_WATCH_ARGS_MAX];
};

#endif
