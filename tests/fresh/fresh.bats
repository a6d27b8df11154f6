#!/usr/bin/env bats
# The two commands of docs/TESTING.md (make demo, make check) where a newcomer meets them (make check-fresh):
# a fresh minimal Debian 12 root (tests/fresh/fresh.bash), entered with
# pivot_root in mount and PID namespaces of its own. make demo prints its
# table; then make check passes, with no skip that CI would refuse. The
# inner rename races are shortened (ODC_RACE_CALLS=1000): the outer make
# check runs them whole.

load ../test_helper
load fresh

inside() {
	"$ROOT/tests/fresh/enter.sh" "$FRESH" sh -c "cd /root/odcreat && $1"
}

@test "a fresh minimal Debian 12: make demo prints its table and make check passes, from a 0700 clone" {
	fresh_root
	needs_ns mount pid
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
