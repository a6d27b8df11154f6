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
	run in_chroot '{ unshare -m true; echo "unshare: $?"; } 2>&1'
	# A plain chroot indeed: no private mount namespace.
	assert_output 'unshare: cannot change root filesystem propagation: Invalid argument
unshare: 1'
	# The skips a plain chroot's refusals allow (tests/skips.txt's "chroot:" lines).
	fresh_deb in_chroot chroot
}
