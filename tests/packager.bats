#!/usr/bin/env bats
# The suites where a packager runs them: the package build installs only
# what Build-Depends names, and its tests run, or skip saying why, in a
# plain chroot (made here as sbuild's or a debootstrap's is: / a directory,
# no mount point) and in a container that refuses unshare(2) (played by a
# seccomp filter). The whole build with its tests in a fresh root is make
# check-deb-fresh; here, tests/isolate.sh and a few tests of each kind.

load test_helper
bats_require_minimum_version 1.5.0

# Build-Depends of debian/control, one name a line (the build machine's
# own, :native, by their names: what runs there, in a cross build too).
build_depends() {
	sed -n '/^Build-Depends:/,/^[A-Z]/p' "$ROOT/debian/control" | sed '$d; s/^Build-Depends://' |
		tr ',' '\n' | awk 'NF { sub(/:native$/, "", $1); print $1 }'
}

@test "Build-Depends names every package that make check, make watch and the build may need, and no other" {
	local pkg missing=() bd listed
	bd=" $(build_depends | tr '\n' ' ') "
	listed=" $({ sh "$ROOT/tests/deps.sh" --list check; sh "$ROOT/tests/deps.sh" --list watch;
		     sh "$ROOT/tests/deps.sh" --list build cc; } | tr '\n' ' ') "
	for pkg in $listed; do
		[[ $bd != *" $pkg "* ]] || continue
		# Build-essential's and the Essential packages go without saying.
		case $pkg in gcc|libc6-dev|make) continue ;; esac
		[ "$(dpkg-query -W -f '${Essential}' "$pkg" 2> /dev/null)" != yes ] || continue
		missing+=("$pkg")
	done
	assert_equal "${missing[*]}" ""
	# And the other way: what the package build's suite passes with, the
	# README's make check installs, so that one proves the other.
	for pkg in $bd; do
		[ "$pkg" = debhelper-compat ] || [[ $listed == *" $pkg "* ]] || missing+=("$pkg")
	done
	assert_equal "${missing[*]}" ""
	# The test suite's alone are left out of a build without it.
	for pkg in bats rsyslog systemd systemd-journal-remote iproute2 git golang-go; do
		grep -qE "^ +$pkg( \[[a-z0-9 ]+\])? <!nocheck>,?$" "$ROOT/debian/control" ||
			fail "$pkg is not marked <!nocheck>"
	done
}

@test "in a package build (ODC_DEPS_INSTALL=no, as debian/rules sets), deps.sh installs nothing: it names what Build-Depends lacks, and fails" {
	grep -qx 'export ODC_DEPS_INSTALL = no' "$ROOT/debian/rules"
	# An apt-get that says when it is called, on a PATH where nothing else is
	# (but uname, which says which compilers the machine's tests need).
	local bin=$BATS_TEST_TMPDIR/bin
	mkdir "$bin"
	ln -s "$(command -v uname)" "$bin/"
	printf '#!/bin/sh\necho "apt-get $*" >> "%s/apt"\n' "$BATS_TEST_TMPDIR" > "$bin/apt-get"
	chmod 755 "$bin/apt-get"
	run --separate-stderr env PATH="$bin" ODC_DEPS_INSTALL=no /bin/sh "$ROOT/tests/deps.sh" check
	assert_failure 1
	[[ $stderr == "make check needs: gcc libc6-dev bats "*", which a package build must not install: add them to debian/control's Build-Depends" ]] ||
		fail "said: $stderr"
	[ ! -e "$BATS_TEST_TMPDIR/apt" ] || fail "apt-get ran: $(cat "$BATS_TEST_TMPDIR/apt")"
	# Where nothing is missing, nothing is said.
	run --separate-stderr env ODC_DEPS_INSTALL=no sh "$ROOT/tests/deps.sh" check
	assert_success
	assert_equal "$stderr" ""
}

# in_chroot CMD...: CMD as root in a plain chroot of this machine, made in
# a mount namespace of the test's own: its / a directory of a tmpfs, /usr
# and the tree under test bound in, /etc a copy less odcreat's settings,
# /proc, /dev and /sys mounted; a login's environment.
in_chroot() {
	local t=$BATS_TEST_TMPDIR/plain
	mkdir -p "$t"
	unshare -m --propagation private sh -euc '
		t=$1 tree=$2
		shift 2
		mount -t tmpfs odc-plain "$t"
		c=$t/root
		mkdir -p "$c/usr" "$c/etc" "$c/proc" "$c/dev" "$c/sys" "$c/run" "$c/root" "$c/var/tmp" "$c$tree"
		install -d -m 1777 "$c/tmp"
		for l in bin sbin lib lib32 lib64 libx32; do
			[ ! -L "/$l" ] || ln -s "$(readlink "/$l")" "$c/$l"
		done
		mount --rbind /usr "$c/usr"
		cp -a /etc/. "$c/etc/"
		rm -f "$c/etc/odcreat.conf" "$c/etc/ld.so.preload"
		mount -t proc proc "$c/proc"
		mount --rbind /dev "$c/dev"
		mount --rbind /sys "$c/sys"
		mount --bind "$tree" "$c$tree"
		exec chroot "$c" /bin/sh -c '"'"'cd "$1" && shift && exec env -i HOME=/root ODC_BUILD="$0" \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"'"'"' \
			"${ODC_BUILD:-build}" "$tree" "$@"' sh "$t" "$ROOT" "$@"
}

# Tests that make a mount namespace, a user namespace, and a pid namespace,
# with a file's setup that needs one.
NS_TESTS=(-f 'survey refusals|a log on a full or read-only|another user namespace|report names a forger'
	  tests/survey_command.bats tests/command.bats tests/seccomp.bats tests/logd.bats)

# skipped_for_namespaces: the bats output in $output ran each of NS_TESTS's
# tests, skipping each for the namespace it makes, and nothing failed.
skipped_for_namespaces() {
	refute_line --regexp '^not ok'
	assert_line --regexp '^ok [0-9]+ survey refusals: .* # skip no mount namespace here \(unshare refuses it: a chroot or a container\)$'
	assert_line --regexp '^ok [0-9]+ a log on a full or read-only .* # skip no mount namespace here '
	assert_line --regexp '^ok [0-9]+ a target in another user namespace .* # skip no user namespace here \(unshare refuses it: a chroot or a container\)$'
	assert_line --regexp '^ok [0-9]+ journal: report names a forger .* # skip no mount namespace here '
	assert_equal "$(grep -c '^ok ' <<< "$output")" 4
}

@test "in a plain chroot: tests/isolate.sh runs the suites as they are, saying so, where there is nothing to hide, and refuses where there is" {
	needs_root "makes a chroot"
	needs_ns mount
	run --separate-stderr in_chroot sh tests/isolate.sh sh -c 'echo the suites ran'
	assert_success
	assert_output "the suites ran"
	assert_equal "$stderr" "isolate.sh: this machine makes no private mount namespace to hide it in (unshare: cannot change root filesystem propagation: Invalid argument); neither /etc/odcreat.conf nor /etc/ld.so.preload exists, so nothing is hidden: the tests run as they are"
	run --separate-stderr in_chroot sh -c 'touch /etc/ld.so.preload && sh tests/isolate.sh sh -c "echo the suites ran"'
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "isolate.sh: /etc/ld.so.preload would reach the programs the tests run, and this machine makes no private mount namespace to hide it in (unshare: cannot change root filesystem propagation: Invalid argument): run the tests as root where unshare -m works, or move /etc/ld.so.preload aside while they run"
}

@test "in a plain chroot: the tests that make a namespace skip, each saying which" {
	needs_root "makes a chroot"
	needs_ns mount
	run in_chroot sh tests/isolate.sh bats "${NS_TESTS[@]}"
	assert_success
	skipped_for_namespaces
}

@test "in a container that refuses unshare(2): tests/isolate.sh runs the suites as they are, and the tests that make a namespace skip" {
	needs_root "a seccomp filter on the suite, as a container's"
	# A login's environment, as above; no new privileges under the filter.
	run env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		ODC_BUILD="${ODC_BUILD:-build}" "$BUILD/tests/odc_deny" unshare EPERM \
		sh -c 'cd "$1" && shift && sh tests/isolate.sh bats "$@"' sh "$ROOT" "${NS_TESTS[@]}"
	assert_success
	assert_line "isolate.sh: this machine makes no private mount namespace to hide it in (unshare: unshare failed: Operation not permitted); neither /etc/odcreat.conf nor /etc/ld.so.preload exists, so nothing is hidden: the tests run as they are"
	skipped_for_namespaces
}
