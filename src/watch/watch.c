/*
 * odcreat-watch: every call on this machine that passes the pair, as the
 * kernel sees it, one line each on standard output, until SIGINT or
 * SIGTERM (then exit 0). Its kernel side is watch.bpf.c, loaded through
 * the skeleton bpftool made of it; what arrives is handed, one event at a
 * time, to odc_watch_put.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <bpf/libbpf.h>

#include "odc_meaning.h"
#include "odc_watch.h"
#include "watch.skel.h"

static volatile sig_atomic_t odc_stop;

static void odc_on_signal(int sig)
{
	(void)sig;
	odc_stop = 1;
}

/* libbpf's own messages, warnings and errors alone: its debug chatter is for developers. */
static int odc_libbpf_print(enum libbpf_print_level level, const char *fmt, va_list args)
{
	return level == LIBBPF_DEBUG ? 0 : vfprintf(stderr, fmt, args);
}

/* A record, which ends where its path does, made whole again: the rest is zero. */
static int odc_on_event(void *ctx, void *data, size_t size)
{
	struct odc_watch_event e = { 0 };

	(void)ctx;
	memcpy(&e, data, size < sizeof e ? size : sizeof e);
	e.path[sizeof e.path - 1] = '\0';
	return odc_watch_put(&e) ? 0 : -EIO;
}

/* --help: 0, on standard output; anything else: 2. */
static int odc_usage(const char *arg)
{
	bool help = strcmp(arg, "--help") == 0;

	fprintf(help ? stdout : stderr,
		"usage: odcreat-watch\n"
		"Writes a line for every open, openat, openat2 and io_uring open on this machine\n"
		"that passes O_CREAT|O_DIRECTORY, until SIGINT or SIGTERM.\n");
	return help ? 0 : 2;
}

/* The kernel side, told the watcher's pid namespace, loaded; NULL and errno where it cannot be. */
static struct odc_watch_bpf *odc_watch_bpf_load(void)
{
	struct stat ns;
	struct odc_watch_bpf *skel = odc_watch_bpf__open();

	if (!skel)
		return NULL;
	int err = stat("/proc/self/ns/pid", &ns) < 0 ? errno : 0;
	if (!err) {
		skel->rodata->odc_pidns_ino = (__u32)ns.st_ino;
		err = -odc_watch_bpf__load(skel);
	}
	if (!err)
		return skel;
	odc_watch_bpf__destroy(skel);
	errno = err;
	return NULL;
}

/* Polls until a signal asks to stop: 0, or why it could not go on. */
static int odc_poll(struct odc_watch_bpf *skel)
{
	struct ring_buffer *rb = ring_buffer__new(bpf_map__fd(skel->maps.odc_events), odc_on_event, NULL, NULL);
	int ret = 0;

	if (!rb)
		return -errno;
	/* Tests and services wait for this line: from here on, every call is seen. */
	fprintf(stderr, "odcreat-watch: watching\n");
	/* EINTR: a signal, or a SIGSTOP and SIGCONT, which end epoll_wait too. */
	while (!odc_stop && (ret >= 0 || ret == -EINTR))
		ret = ring_buffer__poll(rb, 200);
	if (ret == -EINTR)
		ret = 0;
	if (ret >= 0)	/* what arrived before the signal */
		ret = ring_buffer__consume(rb);
	ring_buffer__free(rb);
	return ret < 0 ? ret : 0;
}

/* The records the kernel side could not send whole, said at the end. */
static void odc_say_losses(const struct odc_watch_bpf *skel)
{
	if (skel->bss->odc_dropped)
		fprintf(stderr, "odcreat-watch: %llu calls lost: the ring buffer was full\n",
			(unsigned long long)skel->bss->odc_dropped);
	if (skel->bss->odc_unpaired)
		fprintf(stderr, "odcreat-watch: %llu calls without their result: too many at once\n",
			(unsigned long long)skel->bss->odc_unpaired);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return odc_usage(argv[1]);
	struct sigaction sa = { .sa_handler = odc_on_signal };
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	libbpf_set_print(odc_libbpf_print);

	/* Asked of the kernel with the pair itself: before the watching starts, or it would be seen. */
	odc_kernel_meaning();
	struct odc_watch_bpf *skel = odc_watch_bpf_load();
	if (!skel) {
		fprintf(stderr, "odcreat-watch: cannot load the BPF program: %s\n", strerror(errno));
		return 1;
	}
	int ret = odc_watch_bpf__attach(skel);
	if (ret)
		fprintf(stderr, "odcreat-watch: cannot attach the BPF program: %s\n", strerror(-ret));
	else if ((ret = odc_poll(skel)))
		fprintf(stderr, "odcreat-watch: stopped: %s\n", strerror(-ret));
	else
		odc_say_losses(skel);
	odc_watch_bpf__destroy(skel);
	return ret == 0 ? 0 : 1;
}
