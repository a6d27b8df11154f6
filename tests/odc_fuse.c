/*
 * odc_fuse: a FUSE file system whose lookups are read and never answered,
 * for tests/watch.bats: whatever looks a name up in it, or in an overlay
 * over it, sleeps uninterruptibly (D) until this process dies. Made with
 * /dev/fuse itself, so that the test needs no libfuse.
 *
 *   odc_fuse MOUNTPOINT
 *
 * Mounts an empty directory at MOUNTPOINT (as its caller: root, or root in
 * a user namespace of its own), prints "mounted", then serves until it is
 * killed: INIT, the root's attributes and statfs (an overlay's mount asks
 * for them) are answered; a lookup is never answered; anything else is
 * refused with ENOSYS.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static int fuse_fd;

/* The answer to IN: LEN bytes of BODY, or the errno ERR alone. */
static void answer(const struct fuse_in_header *in, int err, const void *body, size_t len)
{
	struct fuse_out_header out = { .len = (uint32_t)(sizeof out + len), .error = -err,
				       .unique = in->unique };
	struct iovec iov[2] = { { &out, sizeof out }, { (void *)body, len } };

	if (writev(fuse_fd, iov, err ? 1 : 2) < 0)
		perror("odc_fuse: answer");
}

static void serve(const struct fuse_in_header *in)
{
	switch (in->opcode) {
	case FUSE_INIT: {
		struct fuse_init_out init = { .major = FUSE_KERNEL_VERSION, .minor = FUSE_KERNEL_MINOR_VERSION,
					      .max_write = 4096 };
		answer(in, 0, &init, sizeof init);
		break;
	}
	case FUSE_GETATTR: {
		struct fuse_attr_out attr = { .attr = { .ino = FUSE_ROOT_ID, .mode = S_IFDIR | 0755, .nlink = 2,
							.uid = getuid(), .gid = getgid(), .blksize = 4096 } };
		answer(in, 0, &attr, sizeof attr);
		break;
	}
	case FUSE_STATFS: {
		struct fuse_statfs_out st = { .st = { .bsize = 4096, .frsize = 4096, .namelen = 255 } };
		answer(in, 0, &st, sizeof st);
		break;
	}
	case FUSE_LOOKUP:	/* held: the looker waits for ever */
	case FUSE_FORGET:	/* these three are never answered anyway */
	case FUSE_BATCH_FORGET:
	case FUSE_INTERRUPT:
		break;
	default:
		answer(in, ENOSYS, NULL, 0);
	}
}

int main(int argc, char **argv)
{
	static char buf[FUSE_MIN_READ_BUFFER + 65536];
	char options[128];

	if (argc != 2) {
		fprintf(stderr, "usage: odc_fuse MOUNTPOINT\n");
		return 2;
	}
	fuse_fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fuse_fd < 0) {
		perror("odc_fuse: /dev/fuse");
		return 1;
	}
	snprintf(options, sizeof options, "fd=%d,rootmode=40000,user_id=%u,group_id=%u", fuse_fd, getuid(),
		 getgid());
	if (mount("odc_fuse", argv[1], "fuse", MS_NOSUID | MS_NODEV, options) < 0) {
		perror("odc_fuse: mount");
		return 1;
	}
	printf("mounted\n");
	fflush(stdout);
	for (;;) {
		ssize_t n = read(fuse_fd, buf, sizeof buf);
		if (n < 0 && errno == ENODEV)
			return 0;	/* unmounted */
		if (n >= (ssize_t)sizeof(struct fuse_in_header))
			serve((const struct fuse_in_header *)buf);
		else if (n < 0 && errno != EINTR && errno != ENOENT)
			return 1;
	}
}
