#!/usr/bin/env bats
# make watch for the target, not for this machine: the architecture is the
# compiler's target, and the BTF the kernel side is built against is the
# target kernel's, given (VMLINUX_BTF: its BTF, or its image, which
# src/btf.sh cuts the BTF out of) wherever it is not this kernel's. A
# real cross build, run in AArch64 guests, is make check-kernels's.

load test_helper
bats_require_minimum_version 1.5.0

# fake_cc TRIPLET: a compiler, as far as make asks one (-dumpmachine),
# that builds for TRIPLET; its path in $FAKE_CC. It compiles nothing.
fake_cc() {
	FAKE_CC=$BATS_TEST_TMPDIR/$1-gcc
	printf '#!/bin/sh\n[ "$1" = -dumpmachine ] && echo %s && exit 0\necho "a fake: $*" >&2\nexit 1\n' "$1" \
		> "$FAKE_CC"
	chmod 755 "$FAKE_CC"
}

# This kernel's BTF, which every test here cuts out of something.
setup() {
	[ -r /sys/kernel/btf/vmlinux ] || skip "this kernel has no BTF (/sys/kernel/btf/vmlinux): make watch builds no watcher"
	BTF=/sys/kernel/btf/vmlinux
}

@test "make watch: a cross build given no BTF of its target's kernel is refused, saying what to give, and builds nothing" {
	fake_cc aarch64-linux-gnu
	[ "$(uname -m)" != aarch64 ] || fake_cc x86_64-linux-gnu
	run --separate-stderr own_make CC="$FAKE_CC" watch
	[ "$status" -ne 0 ]
	unwrapped stderr
	assert_equal "${stderr_lines[0]}" "make watch: a build for $("$FAKE_CC" -dumpmachine) on $(uname -m) needs the target kernel's BTF: VMLINUX_BTF=FILE, its /sys/kernel/btf/vmlinux or its vmlinuz"
	[ ! -e "$BATS_TEST_TMPDIR/build/watch" ]
	[ ! -e "$BATS_TEST_TMPDIR/build/odcreat-watch" ]
}

@test "make watch: the architecture is the compiler's target: a compiler for i386 is refused, whatever this machine is" {
	fake_cc i686-linux-gnu
	run --separate-stderr own_make CC="$FAKE_CC" VMLINUX_BTF="$BTF" watch
	[ "$status" -ne 0 ]
	unwrapped stderr
	assert_equal "${stderr_lines[0]}" "make watch: the watcher is written for x86-64 and AArch64, not for i686-linux-gnu"
	[ ! -e "$BATS_TEST_TMPDIR/build/watch" ]
}

@test "make watch: a VMLINUX_BTF that is missing is refused" {
	run --separate-stderr own_make VMLINUX_BTF="$BATS_TEST_TMPDIR/none" watch
	[ "$status" -ne 0 ]
	assert_equal "${stderr_lines[0]}" "make watch: VMLINUX_BTF=$BATS_TEST_TMPDIR/none is missing"
}

@test "make watch: VMLINUX_BTF may be a kernel's image: the kernel side is built against the BTF cut out of it" {
	# An image whose kernel is compressed after a stub, as x86's bzImage is.
	{ head -c 5000 /dev/urandom; head -c 64 /dev/zero; gzip -c < "$BTF"; } > "$BATS_TEST_TMPDIR/vmlinuz"
	own_make VMLINUX_BTF="$BATS_TEST_TMPDIR/vmlinuz" "$BATS_TEST_TMPDIR/build/watch/vmlinux.btf" > /dev/null
	cmp "$BATS_TEST_TMPDIR/build/watch/vmlinux.btf" "$BTF"
}

@test "src/btf.sh: the BTF itself, or cut out of an image that holds it plain or compressed (gzip, xz), byte for byte" {
	local tool
	run sh "$ROOT/src/btf.sh" "$BTF"
	[ "$status" -eq 0 ]
	sh "$ROOT/src/btf.sh" "$BTF" | cmp - "$BTF"
	# A stub, a header like BTF's whose strings do not follow its types, then the kernel's own.
	{ head -c 4096 /dev/urandom; printf '\x9f\xeb\x01\x00\x18\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00'
	  printf '\x20\x00\x00\x00\x10\x00\x00\x00'; head -c 4096 /dev/urandom; cat "$BTF"; head -c 4096 /dev/urandom
	} > "$BATS_TEST_TMPDIR/Image"
	sh "$ROOT/src/btf.sh" "$BATS_TEST_TMPDIR/Image" | cmp - "$BTF"
	gzip -c "$BATS_TEST_TMPDIR/Image" > "$BATS_TEST_TMPDIR/Image.gz"
	sh "$ROOT/src/btf.sh" "$BATS_TEST_TMPDIR/Image.gz" | cmp - "$BTF"
	for tool in gzip xz; do
		{ head -c 8192 /dev/urandom; $tool -c "$BATS_TEST_TMPDIR/Image"; head -c 512 /dev/urandom; } \
			> "$BATS_TEST_TMPDIR/bzImage"
		sh "$ROOT/src/btf.sh" "$BATS_TEST_TMPDIR/bzImage" | cmp - "$BTF"
	done
}

@test "src/btf.sh: a file with no BTF in it: a clear message, status 1, nothing on standard output" {
	head -c 100000 /dev/zero > "$BATS_TEST_TMPDIR/none"
	gzip -c "$BATS_TEST_TMPDIR/none" > "$BATS_TEST_TMPDIR/none.gz"
	run --separate-stderr sh "$ROOT/src/btf.sh" "$BATS_TEST_TMPDIR/none.gz"
	[ "$status" -eq 1 ]
	assert_equal "$output" ""
	assert_equal "$stderr" "btf.sh: $BATS_TEST_TMPDIR/none.gz holds no BTF (a kernel built without CONFIG_DEBUG_INFO_BTF?)"
	run --separate-stderr sh "$ROOT/src/btf.sh" "$BATS_TEST_TMPDIR/nowhere"
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "btf.sh: cannot read $BATS_TEST_TMPDIR/nowhere"
}
