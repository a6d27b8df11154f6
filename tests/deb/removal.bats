#!/usr/bin/env bats
# The built packages (make check-deb, after make deb): installed with dpkg
# into an overlay of this machine's root (its changes in a tmpfs, in a
# private mount namespace, never on the host), entered with chroot, where
# debian/tests/preload-removal then runs as autopkgtest would run it.

load ../test_helper

@test "the built packages: removing them takes their entries out of /etc/ld.so.preload, and only those" {
	needs_root "installs packages into an overlay of / in a private mount namespace"
	local debs=("$ROOT"/build/deb/libodcreat_*.deb "$ROOT"/build/deb/odcreat_*.deb)
	[ -f "${debs[0]}" ] && [ -f "${debs[1]}" ] || fail "no packages in build/deb: make deb first"
	T=$BATS_TEST_TMPDIR/chroot
	mkdir "$T"
	run unshare -m --propagation private sh -c "
		mount -t tmpfs odc-deb '$T' &&
		mkdir '$T/upper' '$T/work' '$T/root' &&
		mount -t overlay odc-root -o lowerdir=/,upperdir='$T/upper',workdir='$T/work' '$T/root' &&
		mount --rbind /dev '$T/root/dev' && mount --rbind /proc '$T/root/proc' &&
		mount -t tmpfs odc-tmp '$T/root/tmp' &&
		mkdir '$T/root/tmp/debs' &&
		cp ${debs[*]} '$ROOT/debian/tests/preload-removal' '$T/root/tmp/debs/' &&
		chroot '$T/root' sh -c 'dpkg -i /tmp/debs/*.deb > /dev/null &&
			dpkg -s libodcreat odcreat | grep -c \"^Status: install ok installed\" &&
			/tmp/debs/preload-removal'"
	assert_success
	assert_line --index 0 2
	assert_output --partial "preload-removal: only the package's entries left /etc/ld.so.preload"
}
