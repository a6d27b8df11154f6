/*
 * bpf_stats: BPF programs' run time counted (BPF_ENABLE_STATS) for as long
 * as this runs, without the global sysctl: bench/watch.sh reads each of
 * the watcher's programs' run_time_ns and run_cnt meanwhile. Ends at SIGTERM.
 */
#include <stdio.h>
#include <unistd.h>

#include <bpf/bpf.h>

int main(void)
{
	int fd = bpf_enable_stats(BPF_STATS_RUN_TIME);

	if (fd < 0) {
		perror("bpf_stats: BPF_ENABLE_STATS");
		return 1;
	}
	printf("counting\n");
	fflush(stdout);
	pause();
	return 0;
}
