#!/usr/bin/env bats
# The packages built with their tests where a packager builds them (make
# check-deb-fresh): a fresh minimal Debian 12 root (tests/fresh/fresh.bash)
# entered as a plain chroot, as sbuild's or pbuilder's is, its / no mount
# point, where the kernel gives no user namespace and unshare cannot make
# a private mount namespace. As root, make deb installs the Build-Depends
# (and dpkg-dev, debhelper, lintian, fakeroot), then builds the packages
# and runs the whole suite: it passes, each test that needs a namespace
# skipping for it, and the build installs nothing more. The rename races
# are shortened as debian/rules shortens them.

load ../test_helper
load fresh

# in_chroot CMD: CMD by sh, as root, in /root/odcreat of the fresh root
# entered with chroot, a login's environment; /proc, /sys (tracefs in it)
# and /dev mounted in a mount namespace of the test's own, where CI's
# ODC_PAIR_LOCK (the Makefile's) is the same file inside.
in_chroot() {
	cp /etc/resolv.conf "$FRESH/etc/resolv.conf"
	unshare -m --propagation private sh -euc '
		root=$1 cmd=$2
		mount -t proc proc "$root/proc"
		mount --rbind /sys "$root/sys"
		mount --rbind /dev "$root/dev"
		if [ -n "${ODC_PAIR_LOCK:-}" ]; then
			mkdir -p "$root${ODC_PAIR_LOCK%/*}"
			touch "$ODC_PAIR_LOCK" "$root$ODC_PAIR_LOCK"
			mount --bind "$ODC_PAIR_LOCK" "$root$ODC_PAIR_LOCK"
		fi
		exec chroot "$root" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root TERM=dumb ${ODC_PAIR_LOCK:+ODC_PAIR_LOCK="$ODC_PAIR_LOCK"} \
			sh -c "cd /root/odcreat && $cmd"' sh "$FRESH" "$1"
}

@test "a fresh minimal Debian 12, a plain chroot: make deb installs the Build-Depends, builds the packages and passes their tests, and the build installs nothing" {
	fresh_root
	needs_ns mount
	local log=$BATS_TEST_TMPDIR/deb.log
	SECONDS=0
	# make deb's first step: what the build needs, from debian/control.
	run in_chroot 'sh tests/deps.sh deb && dpkg-query -W > /tmp/before && { unshare -m true; echo "unshare: $?"; }'
	assert_success
	# A plain chroot indeed: no private mount namespace.
	assert_line 'unshare: cannot change root filesystem propagation: Invalid argument'
	assert_line 'unshare: 1'
	echo "# the Build-Depends: ${SECONDS} s" >&3
	SECONDS=0
	in_chroot 'make deb && dpkg-query -W > /tmp/after' > "$log" 2>&1 || {
		grep -A15 '^not ok' "$log" | head -80
		tail -30 "$log"
		return 1
	}
	echo "# make deb: ${SECONDS} s, $(grep -c '^ok ' "$log") passed" >&3
	run grep -c '^not ok' "$log"
	assert_output 0
	assert [ "$(grep -c '^ok ' "$log")" -gt 300 ]
	run diff "$FRESH/tmp/before" "$FRESH/tmp/after"
	assert_output ""
	run ls "$FRESH/root/odcreat/build/deb"
	assert_line --regexp '^odcreat_[0-9.]+_[a-z0-9]+\.deb$'
	assert_line --regexp '^libodcreat_[0-9.]+_[a-z0-9]+\.deb$'
	# The skips a plain chroot's refusals allow (tests/skips.txt's "chroot:" lines).
	run env ODC_SKIPS_WHERE=chroot sh "$ROOT/tests/skips.sh" "$log"
	echo "$output" | sed 's/^/# /' >&3
	assert_success
}
