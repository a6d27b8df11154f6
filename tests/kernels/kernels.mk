# make check-kernels: Debian's own kernels (tests/kernels/kernels.txt:
# 5.10, 6.1 and 6.12, for x86-64 and for AArch64), each booted under qemu
# with a Debian 12 root and the build tree of its architecture, and the
# host's kernel, run the same checks (guest.sh): the semantics table bare
# and in every mode, --probe, --seccomp, and the watcher's coverage tests.
# Kernels and the guests' roots are downloaded once into ODC_KERNEL_CACHE
# (default $(BUILD)/kernels). make check-kernels-ci: 6.1, 5.10 and
# AArch64's 6.12 (fentry on AArch64, with a BTF other than the build's):
# the bare table, every mode only on 5.10 (linux-5.7), --probe, and the
# watcher's rows whose BPF differs by kernel (guest.sh's ci: CI's budget).
#
# AArch64's guests run $(ARM64_BUILD), built here with Debian's cross
# compiler as the project builds it (make watch, -Werror): the watcher's
# kernel side against the BTF of arm64-6.1, cut out of its vmlinuz (CO-RE
# relocates it for the others), its user side linked with the guests' own
# libbpf (root.sh's sysroot).
ODC_KERNEL_CACHE ?= $(abspath $(BUILD))/kernels
ARM64_BUILD := build-aarch64
KERNEL_CHECK = ODC_BUILD=$(BUILD) ODC_BUILD_ARM64=$(ARM64_BUILD) ODC_KERNEL_CACHE=$(ODC_KERNEL_CACHE) \
	       bash tests/kernels/run.sh
KERNEL_SH = ODC_KERNEL_CACHE=$(ODC_KERNEL_CACHE) sh tests/kernels

.PHONY: check-kernels check-kernels-ci kernel-test-bins guest-bins

$(BUILD)/tests/odc_table: tests/kernels/odc_table.c Makefile tests/kernels/kernels.mk
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $<

# What a guest runs: the build and every test program, the watcher too.
guest-bins: all $(TEST_BINS) $(SECCOMP_TEST_BINS) watch $(WATCH_TEST_BINS) $(BUILD)/tests/odc_table

kernel-test-bins: test-deps
	@sh tests/deps.sh kernels
	@sh tests/deps.sh aarch64
	$(MAKE) guest-bins
	$(MAKE) CC=aarch64-linux-gnu-gcc BUILD=$(ARM64_BUILD) VMLINUX_BTF="$$($(KERNEL_SH)/fetch.sh arm64-6.1)/vmlinuz" \
		WATCH_SYSROOT="$$($(KERNEL_SH)/root.sh arm64 | sed 's/\.cpio$$/.sysroot/')" guest-bins

check-kernels: kernel-test-bins
	$(KERNEL_CHECK) all host 5.10 6.1 6.12 arm64-5.10 arm64-6.1 arm64-6.12

# CI's guests: 15 minutes each at most (one took 3 to 4 under a loaded
# host), 30 in all, inside .ci/run's 40 for a stage with the build before.
check-kernels-ci: kernel-test-bins
	ODC_GUEST_SECONDS=900 ODC_KERNELS_SECONDS=1800 $(KERNEL_CHECK) ci 6.1 5.10 arm64-6.12
