#!/usr/bin/env bats
# The built packages (make check-deb, after make deb): installed with dpkg
# into an overlay of this machine's root (its changes in a tmpfs, in a
# private mount namespace, never on the host; the root file system's own
# /etc/odcreat.conf and /etc/ld.so.preload taken out of it, which
# tests/isolate.sh hides only where /etc is mounted), entered with chroot, where
# an upgrade keeps the survey's line, and debian/tests/preload-removal then
# runs as autopkgtest would run it.

load ../test_helper

@test "the built packages: survey start preloads their library and stop takes it out; an upgrade keeps their entry; removing them takes out only theirs" {
	needs_root "installs packages into an overlay of / in a private mount namespace"
	local debs=("$ROOT"/build/deb/libodcreat_*.deb "$ROOT"/build/deb/odcreat_*.deb) in=$BATS_TEST_TMPDIR/debs
	[ -f "${debs[0]}" ] && [ -f "${debs[1]}" ] || fail "no packages in build/deb: make deb first"
	mkdir "$in"
	cp "${debs[@]}" "$ROOT/debian/tests/preload-removal" "$in/"
	# Installed again over themselves, as an upgrade: prerm upgrade, then the new files.
	cat > "$in/steps" <<-'STEPS'
		set -e
		dpkg -i /tmp/debs/*.deb > /dev/null
		dpkg -s libodcreat odcreat | grep -c '^Status: install ok installed'
		# The package's survey: its own line, the one its removal takes out.
		odcreat survey start > /dev/null
		cat /etc/ld.so.preload
		odcreat survey stop > /dev/null
		ls /etc/ld.so.preload /etc/odcreat.conf 2> /dev/null | wc -l
		echo '/usr/$LIB/odcreat/libodcreat.so' > /etc/ld.so.preload
		dpkg -i /tmp/debs/*.deb > /dev/null
		cat /etc/ld.so.preload
		rm /etc/ld.so.preload
		/tmp/debs/preload-removal
	STEPS
	T=$BATS_TEST_TMPDIR/chroot
	mkdir "$T"
	run unshare -m --propagation private sh -c "
		mount -t tmpfs odc-deb '$T' &&
		mkdir '$T/upper' '$T/work' '$T/root' &&
		mount -t overlay odc-root -o lowerdir=/,upperdir='$T/upper',workdir='$T/work' '$T/root' &&
		rm -f '$T/root/etc/odcreat.conf' '$T/root/etc/ld.so.preload' &&
		mount --rbind /dev '$T/root/dev' && mount --rbind /proc '$T/root/proc' &&
		mount -t tmpfs odc-tmp '$T/root/tmp' &&
		cp -r '$in' '$T/root/tmp/debs' &&
		chroot '$T/root' sh /tmp/debs/steps"
	assert_success
	assert_line --index 0 2
	assert_line --index 1 '/usr/$LIB/odcreat/libodcreat.so'
	assert_line --index 2 0
	assert_line --index 3 '/usr/$LIB/odcreat/libodcreat.so'
	assert_output --partial "preload-removal: only the package's entries left /etc/ld.so.preload"
}

@test "the built odcreat package ships the README and docs/, uncompressed, and the man pages" {
	local deb=("$ROOT"/build/deb/odcreat_*.deb)
	[ -f "${deb[0]}" ] || fail "no package in build/deb: make deb first"
	run dpkg-deb -c "${deb[0]}"
	assert_line --regexp ' \./usr/share/doc/odcreat/README\.md$'
	assert_line --regexp ' \./usr/share/doc/odcreat/docs/TESTING\.md$'
	assert_line --regexp ' \./usr/share/man/man1/odcreat\.1\.gz$'
}
