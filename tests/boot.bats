#!/usr/bin/env bats
# tests/kernels/boot.sh against guests that never come back, and
# tests/kernels/run.sh against a budget that runs out: make
# check-kernels-ci must end within CI's stage limit, whatever a guest
# does. A qemu on PATH plays the guest; the kernel and the root are
# stand-ins in a cache of the test's own, so nothing is fetched or booted.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	T=$BATS_TEST_TMPDIR
	mkdir -p "$T/bin" "$T/cache" "$T/tree"
	# The root root.sh would make, under the name it gives it.
	echo root > "$T/cache/root-bookworm-amd64-$(cksum < "$ROOT/tests/kernels/root.sh" | cut -d' ' -f1).cpio"
	# Any file but an AArch64 Image is an x86-64 kernel to boot.sh.
	head -c 4096 /dev/zero > "$T/vmlinuz"
	echo 'echo ok - ran' > "$T/tree/payload.sh"
	export ODC_KERNEL_CACHE=$T/cache ODC_QEMU_LOCK=$T/qemu.lock ODC_QEMU_ACCEL=tcg
}

# fake_qemu LOCKUPS: a qemu that writes LOCKUPS soft lockups to the
# guest's console (the first -serial file), then sleeps, never ending.
fake_qemu() {
	cat > "$T/bin/qemu-system-x86_64" <<-EOF
		#!/bin/sh
		for a; do case \$a in file:*) : > "\${a#file:}"; [ -n "\${c:-}" ] || c=\${a#file:} ;; esac; done
		for i in \$(seq $1); do
			echo "[  2\$i.0] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [sleep:1]" >> "\$c"
		done
		exec sleep 1000 # odc-boot-hang
	EOF
	chmod 755 "$T/bin/qemu-system-x86_64"
}

teardown() {
	pkill -f 'odc-boot-hang' || true
}

@test "boot.sh: a guest whose kernel says 8 soft lockups is stopped, saying so, long before its time" {
	fake_qemu 8
	SECONDS=0
	run --separate-stderr env PATH="$T/bin:$PATH" sh "$ROOT/tests/kernels/boot.sh" -t 120 \
		"$T/vmlinuz" "$T/tree" "$T/tree/payload.sh"
	[ "$SECONDS" -lt 60 ] || fail "stopped after $SECONDS s"
	assert_equal "$status" 125
	[[ $stderr == *"did not finish (its kernel's CPUs locked up: 8 soft lockups said, stopped, after "* ]] ||
		fail "$stderr"
	run pgrep -f odc-boot-hang
	assert_failure
}

@test "boot.sh: fewer soft lockups are waited out, to the guest's time" {
	fake_qemu 7
	SECONDS=0
	run --separate-stderr env PATH="$T/bin:$PATH" sh "$ROOT/tests/kernels/boot.sh" -t 5 \
		"$T/vmlinuz" "$T/tree" "$T/tree/payload.sh"
	[ "$SECONDS" -ge 5 ] || fail "stopped after $SECONDS s"
	assert_equal "$status" 124
	[[ $stderr == *"did not finish (it ran out of its 5 s, after "* ]] || fail "$stderr"
}

@test "run.sh: a guest left less than 2 minutes of the guests' time is not booted, and fails saying so" {
	fake_qemu 0
	# Not one boot fits in 100 s.
	run env PATH="$T/bin:$PATH" ODC_KERNELS_SECONDS=100 bash "$ROOT/tests/kernels/run.sh" ci 6.1 5.10
	assert_failure
	assert_line 'not ok 1 6.1: not booted: the guests'"'"' 100 s (ODC_KERNELS_SECONDS) are spent'
	assert_line 'not ok 2 5.10: not booted: the guests'"'"' 100 s (ODC_KERNELS_SECONDS) are spent'
	assert_line '1..2'
}
