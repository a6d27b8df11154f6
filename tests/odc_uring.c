/*
 * odc_uring: opens through io_uring, with the bare system calls (no
 * liburing: a ring needs a page of code, and the test then depends on
 * nothing Debian's liburing version decides).
 *
 *   odc_uring [-l N] ENTRY PATH FLAGS
 *
 * ENTRY is openat (IORING_OP_OPENAT) or openat2 (IORING_OP_OPENAT2), made
 * against AT_FDCWD. Prints the completion's result: "fd" or an errno name.
 * -l N: N such opens, each linked (IOSQE_IO_LINK) behind a one-byte read
 * of an empty pipe, so that all N are submitted and pending at once;
 * prints "pending N", waits for a line (or the end) on standard input,
 * then fills the pipe and prints each result the opens completed with, and
 * how many: "N EINVAL".
 */
#include <errno.h>
#include <linux/io_uring.h>
#include <sys/mman.h>

#include "flags.h"

/* The ring's two halves, mapped. */
struct ring {
	int fd;
	unsigned *sq_tail, *sq_array, *cq_head, *cq_tail, sq_mask, cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

static void *map(int fd, size_t len, off_t off)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, off);

	if (p == MAP_FAILED) {
		perror("odc_uring: mmap");
		exit(1);
	}
	return p;
}

static void ring_open(struct ring *r, unsigned entries)
{
	struct io_uring_params p = { 0 };

	r->fd = (int)syscall(__NR_io_uring_setup, entries, &p);
	if (r->fd < 0) {
		printf("%s\n", errno_name(errno));	/* io_uring_disabled, a sandbox */
		exit(0);
	}
	char *sq = map(r->fd, p.sq_off.array + p.sq_entries * sizeof(unsigned), IORING_OFF_SQ_RING);
	char *cq = map(r->fd, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		       IORING_OFF_CQ_RING);
	r->sq_tail = (unsigned *)(sq + p.sq_off.tail);
	r->sq_array = (unsigned *)(sq + p.sq_off.array);
	r->cq_head = (unsigned *)(cq + p.cq_off.head);
	r->cq_tail = (unsigned *)(cq + p.cq_off.tail);
	r->sq_mask = *(unsigned *)(sq + p.sq_off.ring_mask);
	r->cq_mask = *(unsigned *)(cq + p.cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);
	r->sqes = map(r->fd, p.sq_entries * sizeof(struct io_uring_sqe), IORING_OFF_SQES);
}

/* SQE, an open of PATH with FLAGS (mode 0755) as ENTRY makes it; HOW must outlive the submission. */
static void prep_open(struct io_uring_sqe *sqe, const char *entry, const char *path, const char *flags,
		      struct odc_open_how *how)
{
	memset(sqe, 0, sizeof *sqe);
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)path;
	how->flags = (unsigned)parse_flags(flags);
	how->mode = 0755;
	if (strcmp(entry, "openat2") == 0) {
		sqe->opcode = IORING_OP_OPENAT2;
		sqe->len = sizeof *how;
		sqe->addr2 = (unsigned long)how;
	} else {
		sqe->opcode = IORING_OP_OPENAT;
		sqe->open_flags = (unsigned)how->flags;
		sqe->len = (unsigned)how->mode;
	}
}

/* Submits the N entries queued from the ring's tail on, and waits for WAIT completions. */
static void enter(struct ring *r, unsigned n, unsigned wait)
{
	for (unsigned i = 0; i < n; i++)
		r->sq_array[(*r->sq_tail + i) & r->sq_mask] = (*r->sq_tail + i) & r->sq_mask;
	__atomic_store_n(r->sq_tail, *r->sq_tail + n, __ATOMIC_RELEASE);
	long done = syscall(__NR_io_uring_enter, r->fd, n, wait, wait ? IORING_ENTER_GETEVENTS : 0, NULL, 0);
	if (done < 0 || (unsigned)done != n) {
		fprintf(stderr, "odc_uring: io_uring_enter: %ld of %u: %s\n", done, n, strerror(errno));
		exit(1);
	}
}

/* -l N: the opens linked behind reads of an empty pipe, released when standard input says. */
static int linked(unsigned n, const char *entry, const char *path, const char *flags)
{
	static struct odc_open_how how;
	struct ring r;
	int pipefd[2];
	char byte, line[16];

	if (pipe(pipefd) < 0)
		return 1;
	ring_open(&r, 2 * n);
	for (unsigned i = 0; i < n; i++) {
		struct io_uring_sqe *read = &r.sqes[(*r.sq_tail + 2 * i) & r.sq_mask];
		memset(read, 0, sizeof *read);
		read->opcode = IORING_OP_READ;
		read->fd = pipefd[0];
		read->addr = (unsigned long)&byte;
		read->len = 1;
		read->flags = IOSQE_IO_LINK;
		prep_open(&r.sqes[(*r.sq_tail + 2 * i + 1) & r.sq_mask], entry, path, flags, &how);
		r.sqes[(*r.sq_tail + 2 * i + 1) & r.sq_mask].user_data = 1;
	}
	enter(&r, 2 * n, 0);
	printf("pending %u\n", n);
	fflush(stdout);
	if (!fgets(line, sizeof line, stdin) && ferror(stdin))
		return 1;
	for (unsigned i = 0; i < n; i++)
		if (write(pipefd[1], "x", 1) != 1)
			return 1;
	/* Each result's count, by errno (0: a descriptor). */
	static unsigned count[4096];
	for (unsigned seen = 0; seen < 2 * n;) {
		if (syscall(__NR_io_uring_enter, r.fd, 0, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0)
			return 1;
		unsigned head = *r.cq_head, tail = __atomic_load_n(r.cq_tail, __ATOMIC_ACQUIRE);
		for (; head != tail; head++, seen++) {
			const struct io_uring_cqe *cqe = &r.cqes[head & r.cq_mask];
			if (cqe->user_data == 1)
				count[cqe->res >= 0 ? 0 : -cqe->res < 4096 ? -cqe->res : 4095]++;
		}
		__atomic_store_n(r.cq_head, head, __ATOMIC_RELEASE);
	}
	for (int err = 0; err < 4096; err++)
		if (count[err])
			printf("%u %s\n", count[err], err ? errno_name(err) : "fd");
	return 0;
}

int main(int argc, char **argv)
{
	struct ring r;
	struct odc_open_how how = { 0 };
	unsigned links = 0;

	if (argc == 6 && strcmp(argv[1], "-l") == 0) {
		links = (unsigned)strtoul(argv[2], NULL, 10);
		argv += 2;
		argc -= 2;
	}
	if (argc != 4 || (strcmp(argv[1], "openat") && strcmp(argv[1], "openat2")) || links > 16384) {
		fprintf(stderr, "usage: odc_uring [-l N] openat|openat2 PATH FLAGS\n");
		return 2;
	}
	if (links)
		return linked(links, argv[1], argv[2], argv[3]);
	ring_open(&r, 1);
	prep_open(&r.sqes[0], argv[1], argv[2], argv[3], &how);
	enter(&r, 1, 1);
	unsigned head = *r.cq_head;
	if (head == __atomic_load_n(r.cq_tail, __ATOMIC_ACQUIRE)) {
		fprintf(stderr, "odc_uring: no completion\n");
		return 1;
	}
	int res = r.cqes[head & r.cq_mask].res;
	printf("%s\n", res >= 0 ? "fd" : errno_name(-res));
	return 0;
}
