#!/usr/bin/env bats
# debian/tests as Debian's CI runs them (make check-autopkgtest, after make
# deb): autopkgtest under autopkgtest-virt-unshare, in a testbed unpacked
# from a fresh minimal Debian 12 tarball (mmdebstrap), as root mapped into
# a user namespace and chrooted: there, unshare can make no private mount
# namespace, and tests/isolate.sh must run the suites as they are. root's
# subordinate ids, which the testbed's unshare --map-auto needs, are given
# in an overlay of /etc in a mount namespace of the test's own.

load ../test_helper
load fresh

@test "autopkgtest under autopkgtest-virt-unshare, in a fresh Debian 12 testbed: every test of debian/tests passes" {
	needs_root "maps root's subordinate ids and unpacks a testbed"
	needs_ns mount
	local changes=("$ROOT"/build/deb/odcreat_*.changes) mirror aptopt t=$BATS_TEST_TMPDIR
	[ -f "${changes[0]}" ] || fail "no packages in build/deb: make deb first"
	mirror=$(debian_mirror)
	[ -n "$mirror" ] && /usr/lib/apt/apt-helper download-file "${mirror%/}/dists/bookworm/Release" \
		"$t/Release" > /dev/null 2>&1 || skip "$FRESH_SKIP"
	aptopt=$(host_aptopts)
	run mmdebstrap --variant=minbase --aptopt='APT::Install-Recommends "false"' ${aptopt:+"$aptopt"} \
		bookworm "$t/testbed.tar" "$mirror"
	assert_success
	mkdir "$t/upper" "$t/work"
	echo root:100000:65536 > "$t/upper/subuid"
	echo root:100000:65536 > "$t/upper/subgid"
	SECONDS=0
	run unshare -m --propagation private sh -c '
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir="$1/upper",workdir="$1/work" /etc &&
		cd "$2" && autopkgtest -U --output-dir "$1/out" "$3" -- unshare -r bookworm \
			-a "$(dpkg --print-architecture)" -t "$1/testbed.tar"' sh "$t" "$ROOT" "${changes[0]}"
	echo "# autopkgtest: ${SECONDS} s" >&3
	assert_success
	assert_line --regexp '^installed +PASS$'
	assert_line --regexp '^preload-removal +PASS$'
	# The suites ran where nothing was to be hidden, and said so.
	run cat "$t/out/installed-stderr"
	assert_output --partial "isolate.sh: this machine makes no private mount namespace to hide it in"
}
