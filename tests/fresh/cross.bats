#!/usr/bin/env bats
# The arm64 packages, cross-built on x86-64 as Debian cross-builds them
# (make check-deb-arm64): a fresh minimal Debian 12 root (fresh.bash) with
# arm64 as a foreign architecture, what the build needs installed by
# apt-get build-dep -a arm64 (the nocheck profile: the packages' tests run
# on arm64 itself, and make check-kernels's AArch64 guests run the same
# build), then dpkg-buildpackage -a arm64. The watcher's kernel side is
# built against the target kernel's BTF, which a cross build must be given
# (VMLINUX_BTF: here the vmlinuz of Debian 12's arm64 kernel); an arm64
# buildd builds natively, against its own kernel's.

load ../test_helper
load fresh

inside() {
	"$ROOT/tests/fresh/enter.sh" "$FRESH" sh -c "cd /root/odcreat && $1"
}

@test "arm64 packages cross-built in a fresh Debian 12: Build-Depends install for arm64, a build without the target's BTF says so, and odcreat-watch holds AArch64's watcher" {
	fresh_root
	local vmlinuz log=$BATS_TEST_TMPDIR/cross.log deb
	vmlinuz=$(ODC_KERNEL_CACHE=${ODC_KERNEL_CACHE:-$BUILD/kernels} sh "$ROOT/tests/kernels/fetch.sh" arm64-6.1)/vmlinuz
	cp "$vmlinuz" "$FRESH/root/vmlinuz-arm64"
	SECONDS=0
	inside 'dpkg --add-architecture arm64 && apt-get update -q &&
		apt-get install -y -q --no-install-recommends dpkg-dev debhelper fakeroot crossbuild-essential-arm64 &&
		apt-get build-dep -y -q -a arm64 -P nocheck ./' > "$log" 2>&1 ||
		fail "the Build-Depends for arm64 did not install: $(tail -30 "$log")"
	echo "# the Build-Depends for arm64: ${SECONDS} s" >&3
	SECONDS=0
	run inside 'DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -a arm64 --build-profiles=nocheck -B -us -uc 2>&1'
	assert_failure
	assert_line "make watch: a build for aarch64-linux-gnu on x86_64 needs the target"
	assert_line "    kernel's BTF: VMLINUX_BTF=FILE, its /sys/kernel/btf/vmlinux or its vmlinuz"
	inside 'VMLINUX_BTF=/root/vmlinuz-arm64 DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -a arm64 --build-profiles=nocheck -B -us -uc' \
		> "$log" 2>&1 || fail "dpkg-buildpackage -a arm64 failed: $(tail -30 "$log")"
	echo "# dpkg-buildpackage -a arm64: ${SECONDS} s" >&3
	run ls "$FRESH/root"
	assert_line --regexp '^libodcreat_[0-9.]+_arm64\.deb$'
	assert_line --regexp '^odcreat_[0-9.]+_arm64\.deb$'
	assert_line --regexp '^odcreat-watch_[0-9.]+_arm64\.deb$'
	deb=$(ls "$FRESH"/root/odcreat-watch_*_arm64.deb)
	dpkg-deb -x "$deb" "$BATS_TEST_TMPDIR/watch"
	run readelf -h "$BATS_TEST_TMPDIR/watch/usr/libexec/odcreat/odcreat-watch"
	assert_line --regexp '^ +Machine: +AArch64$'
	# Its kernel side, which the skeleton holds: AArch64's calls, through their functions too.
	grep -q 'fentry/__arm64_sys_openat' "$BATS_TEST_TMPDIR/watch/usr/libexec/odcreat/odcreat-watch"
	! grep -q '__x64_sys_openat' "$BATS_TEST_TMPDIR/watch/usr/libexec/odcreat/odcreat-watch"
	[[ $(dpkg-deb -f "$deb" Depends) == *libbpf1* ]]
}
