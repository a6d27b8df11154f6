#!/usr/bin/env bats
# The built packages (make check-deb, after make deb): installed with dpkg
# into an overlay of this machine's root (its changes in a tmpfs, in a
# private mount namespace, never on the host; the root file system's own
# /etc/odcreat.conf and /etc/ld.so.preload taken out of it, which
# tests/isolate.sh hides only where /etc is mounted), entered with chroot:
# an upgrade keeps the survey's line, debian/tests/preload-removal runs as
# autopkgtest would run it, removing or purging the packages during a
# survey leaves /etc as before start, and the suites that look for an
# installed odcreat pass beside them.

load ../test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "installs packages into an overlay of / in a private mount namespace"
	needs_ns mount
	DEBS=("$ROOT"/build/deb/libodcreat_*.deb "$ROOT"/build/deb/odcreat_*.deb)
	[ -f "${DEBS[0]}" ] && [ -f "${DEBS[1]}" ] || fail "no packages in build/deb: make deb first"
	IN=$BATS_TEST_TMPDIR/debs
	mkdir "$IN"
	cp "${DEBS[@]}" "$IN/"
	# Where i386 programs run, survey start needs the i386 library, which
	# the packages do not build: build32's stands in for libodcreat:i386.
	survey_abis
	[ -z "$I386_SHIM" ] || cp "$I386_SHIM" "$IN/libodcreat-i386.so"
}

# in_root STEPS: the script STEPS by sh -e, in the overlay's chroot, where
# the packages are in /tmp/debs, the i386 library (if any) is installed
# where the package's would be, and the tree under test is at its own path.
in_root() {
	printf '%s\n' "$1" > "$IN/steps"
	local t=$BATS_TEST_TMPDIR/chroot
	mkdir "$t"
	unshare -m --propagation private sh -c "
		mount -t tmpfs odc-deb '$t' &&
		mkdir '$t/upper' '$t/work' '$t/root' &&
		mount -t overlay odc-root -o lowerdir=/,upperdir='$t/upper',workdir='$t/work' '$t/root' &&
		rm -f '$t/root/etc/odcreat.conf' '$t/root/etc/ld.so.preload' &&
		mount --rbind /dev '$t/root/dev' && mount --rbind /proc '$t/root/proc' &&
		mount --rbind /sys '$t/root/sys' &&
		mount -t tmpfs odc-tmp '$t/root/tmp' &&
		mkdir -p '$t/root$ROOT' && mount --bind '$ROOT' '$t/root$ROOT' &&
		cp -r '$IN' '$t/root/tmp/debs' &&
		{ [ -z '$I386_SUB' ] || install -D -m 644 '$IN/libodcreat-i386.so' \
			'$t/root/usr/$I386_SUB/odcreat/libodcreat.so'; } &&
		chroot '$t/root' sh -ec '. /tmp/debs/steps'"
}

# /etc as snapshot() in tests/survey_command.bats takes it, in the chroot's steps.
SNAPSHOT='snapshot() { (cd /etc && find . -printf "%p %y %m %U %G %s %l\n" | LC_ALL=C sort &&
	find . -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum); }'

@test "the built packages: survey start preloads their library and stop takes it out; an upgrade keeps their entry; removing them takes out only theirs" {
	cp "$ROOT/debian/tests/preload-removal" "$IN/"
	# Installed again over themselves, as an upgrade: prerm upgrade, then the new files.
	run in_root '
		dpkg -i /tmp/debs/*.deb > /dev/null
		dpkg -s libodcreat odcreat | grep -c "^Status: install ok installed"
		# The package'\''s survey: its own line, the one its removal takes out.
		odcreat survey start > /dev/null
		cat /etc/ld.so.preload
		odcreat survey stop > /dev/null
		ls /etc/ld.so.preload /etc/odcreat.conf 2> /dev/null | wc -l
		echo "/usr/\$LIB/odcreat/libodcreat.so" > /etc/ld.so.preload
		dpkg -i /tmp/debs/*.deb > /dev/null
		cat /etc/ld.so.preload
		rm /etc/ld.so.preload
		/tmp/debs/preload-removal'
	assert_success
	assert_line --index 0 2
	assert_line --index 1 '/usr/$LIB/odcreat/libodcreat.so'
	assert_line --index 2 0
	assert_line --index 3 '/usr/$LIB/odcreat/libodcreat.so'
	assert_output --partial "preload-removal: only the package's entries left /etc/ld.so.preload"
}

@test "the packages removed, or purged, during a survey: /etc as before survey start; purge leaves no state; what a remove cannot undo it says" {
	run --separate-stderr in_root "$SNAPSHOT"'
		dpkg -i /tmp/debs/*.deb > /dev/null
		echo /usr/lib/other.so > /etc/ld.so.preload
		snapshot > /tmp/before
		for how in -r --purge; do
			odcreat survey start > /dev/null
			dpkg $how odcreat libodcreat > /dev/null
			snapshot > /tmp/after
			cmp /tmp/before /tmp/after || diff /tmp/before /tmp/after
			ls -A /var/lib/odcreat 2> /dev/null || echo "$how: no state"
			dpkg -i /tmp/debs/*.deb > /dev/null
		done
		# The survey'\''s line merged into another by hand: stop refuses; remove says
		# what stays, the library'\''s entry goes; purge takes the rest.
		odcreat survey start > /dev/null
		echo "/usr/lib/other.so /usr/\$LIB/odcreat/libodcreat.so" > /etc/ld.so.preload
		dpkg -r odcreat libodcreat > /dev/null
		cat /etc/ld.so.preload /etc/odcreat.conf > /dev/null
		dpkg --purge odcreat libodcreat > /dev/null
		snapshot > /tmp/after
		cmp /tmp/before /tmp/after || diff /tmp/before /tmp/after
		ls -A /var/lib/odcreat 2> /dev/null || echo "merged: no state"'
	assert_success
	assert_output "-r: no state
--purge: no state
merged: no state"
	output=$(grep -A1 "^odcreat: the survey's settings" <<< "$stderr")
	unwrapped
	assert_equal "$output" "odcreat: the survey's settings (/etc/odcreat.conf) and state (/var/lib/odcreat/survey) stay until you remove them or purge the package"
}

@test "the suites that look for an installed odcreat pass where the packages are installed" {
	# A login's environment: none of this bats run's own.
	run in_root "
		dpkg -i /tmp/debs/*.deb > /dev/null
		cd '$ROOT'
		suites() { env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \\
			ODC_BUILD=${ODC_BUILD:-build} sh tests/isolate.sh bats \"\$@\" 2>&1; }
		suites tests/survey_command.bats
		suites -f 'not installed' tests/watch.bats"
	assert_success
	refute_line --regexp '^not ok'
	assert_line --regexp '^ok .* survey start, status, stop'
	assert_line --regexp '^ok .* watch: not installed'
}

@test "the built odcreat package ships the README and docs/, uncompressed, and the man pages" {
	run dpkg-deb -c "${DEBS[1]}"
	assert_line --regexp ' \./usr/share/doc/odcreat/README\.md$'
	assert_line --regexp ' \./usr/share/doc/odcreat/docs/TESTING\.md$'
	assert_line --regexp ' \./usr/share/man/man1/odcreat\.1\.gz$'
}
