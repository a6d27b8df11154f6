# make check-kernels: Debian's own kernels (tests/kernels/kernels.txt:
# 5.10, 6.1, 6.12), each booted under qemu with a Debian 12 root and this
# build tree, and the host's kernel, run the same checks (guest.sh): the
# semantics table bare and in every mode, --probe, --seccomp, and the
# watcher's coverage tests. Kernels and the guests' root are downloaded
# once into ODC_KERNEL_CACHE (default $(BUILD)/kernels). make
# check-kernels-ci: 6.1 and 5.10, the table and the watcher (CI's budget).
ODC_KERNEL_CACHE ?= $(abspath $(BUILD))/kernels
KERNEL_CHECK = ODC_BUILD=$(BUILD) ODC_KERNEL_CACHE=$(ODC_KERNEL_CACHE) bash tests/kernels/run.sh

.PHONY: check-kernels check-kernels-ci kernel-test-bins

$(BUILD)/tests/odc_table: tests/kernels/odc_table.c Makefile tests/kernels/kernels.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $<

# What a guest runs: the build and every test program, the watcher too.
kernel-test-bins: test-deps
	@sh tests/deps.sh kernels
	$(MAKE) all $(TEST_BINS) $(SECCOMP_TEST_BINS) watch $(WATCH_TEST_BINS) $(BUILD)/tests/odc_table

check-kernels: kernel-test-bins
	$(KERNEL_CHECK) all host 5.10 6.1 6.12

check-kernels-ci: kernel-test-bins
	$(KERNEL_CHECK) ci 6.1 5.10
