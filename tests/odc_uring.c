/*
 * odc_uring: one open through io_uring, with the bare system calls (no
 * liburing: a ring of one entry needs a page of code, and the test then
 * depends on nothing Debian's liburing version decides).
 *
 *   odc_uring ENTRY PATH FLAGS
 *
 * ENTRY is openat (IORING_OP_OPENAT) or openat2 (IORING_OP_OPENAT2), made
 * against AT_FDCWD. Prints the completion's result: "fd" or an errno name.
 */
#include <errno.h>
#include <linux/io_uring.h>
#include <sys/mman.h>

#include "flags.h"

/* The ring's two halves, mapped. */
struct ring {
	int fd;
	unsigned *sq_tail, *sq_array, *cq_head, *cq_tail, cq_mask;
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

static void ring_open(struct ring *r)
{
	struct io_uring_params p = { 0 };

	r->fd = (int)syscall(__NR_io_uring_setup, 1, &p);
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
	r->cq_mask = *(unsigned *)(cq + p.cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);
	r->sqes = map(r->fd, p.sq_entries * sizeof(struct io_uring_sqe), IORING_OFF_SQES);
}

int main(int argc, char **argv)
{
	struct ring r;
	struct odc_open_how how = { 0 };

	if (argc != 4 || (strcmp(argv[1], "openat") && strcmp(argv[1], "openat2"))) {
		fprintf(stderr, "usage: odc_uring openat|openat2 PATH FLAGS\n");
		return 2;
	}
	ring_open(&r);
	struct io_uring_sqe *sqe = &r.sqes[0];
	memset(sqe, 0, sizeof *sqe);
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)argv[2];
	how.flags = (unsigned)parse_flags(argv[3]);
	how.mode = 0755;
	if (strcmp(argv[1], "openat2") == 0) {
		sqe->opcode = IORING_OP_OPENAT2;
		sqe->len = sizeof how;
		sqe->addr2 = (unsigned long)&how;
	} else {
		sqe->opcode = IORING_OP_OPENAT;
		sqe->open_flags = (unsigned)how.flags;
		sqe->len = (unsigned)how.mode;
	}
	r.sq_array[0] = 0;
	__atomic_store_n(r.sq_tail, *r.sq_tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, r.fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0) {
		perror("odc_uring: io_uring_enter");
		return 1;
	}
	unsigned head = *r.cq_head;
	if (head == __atomic_load_n(r.cq_tail, __ATOMIC_ACQUIRE)) {
		fprintf(stderr, "odc_uring: no completion\n");
		return 1;
	}
	int res = r.cqes[head & r.cq_mask].res;
	printf("%s\n", res >= 0 ? "fd" : errno_name(-res));
	return 0;
}
