#!/usr/bin/env bats
# The two commands of docs/TESTING.md (make demo, make check) where a newcomer meets them (make check-fresh):
# a fresh minimal Debian 12 root (mmdebstrap --variant=minbase, from the
# mirror this machine's apt uses, read now), with apt's Recommends off, a
# clone of this repository's committed state in /root (0700), entered with
# pivot_root in mount and PID namespaces of its own. make demo prints its
# table; then make check passes, with no skip that CI would refuse. The
# inner rename races are shortened (ODC_RACE_CALLS=1000): the outer make
# check runs them whole.

load ../test_helper

FRESH_SKIP="no Debian mirror can be reached from here (make check-fresh)"

# The Debian 12 mirror of this machine's apt sources.
debian_mirror() {
	apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null |
		awk '$2 == "bookworm" { print $1; exit }'
}

# This machine's apt settings that a mirror may need: a snapshot mirror's
# Release files are past their Valid-Until date.
host_aptopts() {
	apt-config dump Acquire::Check-Valid-Until | sed -n 's/^\(Acquire::Check-Valid-Until\) \(.*\);$/--aptopt=\1 \2/p'
}

inside() {
	"$ROOT/tests/fresh/enter.sh" "$FRESH" sh -c "cd /root/odcreat && $1"
}

@test "a fresh minimal Debian 12: make demo prints its table and make check passes, from a 0700 clone" {
	needs_root "builds a Debian root with mmdebstrap and enters it"
	local mirror aptopt
	mirror=$(debian_mirror)
	[ -n "$mirror" ] && /usr/lib/apt/apt-helper download-file "${mirror%/}/dists/bookworm/Release" \
		"$BATS_TEST_TMPDIR/Release" > /dev/null 2>&1 || skip "$FRESH_SKIP"
	FRESH=$BATS_TEST_TMPDIR/root
	aptopt=$(host_aptopts)
	run mmdebstrap --variant=minbase --include=git,make,ca-certificates \
		--aptopt='APT::Install-Recommends "false"' ${aptopt:+"$aptopt"} bookworm "$FRESH" "$mirror"
	assert_success
	git clone -q "$ROOT" "$FRESH/root/odcreat"
	assert_equal "$(stat -c %a "$FRESH/root")" 700
	# Nothing but minbase and the three packages: no compiler, no Python.
	run inside 'for c in cc gcc python3 bats; do command -v $c; done; true'
	assert_output ""

	SECONDS=0
	run inside 'make demo'
	echo "# make demo: ${SECONDS} s" >&3
	assert_success
	assert_line --regexp '^python3 +- +EINVAL/- +EINVAL/- +ENOENT/- +ok/dir +ok/file +ENOTDIR/file$'
	assert_line --regexp '^dd +dir +EINVAL/dir +EINVAL/dir +EISDIR/dir'

	SECONDS=0
	inside 'ODC_RACE_CALLS=1000 make check' > "$BATS_TEST_TMPDIR/check.log" 2>&1 || {
		grep -A15 '^not ok' "$BATS_TEST_TMPDIR/check.log" | head -80
		tail -20 "$BATS_TEST_TMPDIR/check.log"
		return 1
	}
	echo "# make check: ${SECONDS} s, $(grep -c '^ok ' "$BATS_TEST_TMPDIR/check.log") passed" >&3
	run grep -c '^not ok' "$BATS_TEST_TMPDIR/check.log"
	assert_output 0
	run sh "$ROOT/tests/skips.sh" "$BATS_TEST_TMPDIR/check.log"
	assert_success
}
