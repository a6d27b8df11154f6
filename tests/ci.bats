#!/usr/bin/env bats
# .ci/run against stages that never end: CI's runner stops a run at 90
# minutes, and a run stopped there prints no counts and no failures. Its
# stages run in a copy of .ci/run's own few files, with a make on PATH that
# hangs where told (ODC_FAKE_HANG, a target) and passes elsewhere.

load test_helper

setup() {
	T=$BATS_TEST_TMPDIR/tree
	mkdir -p "$T/tests" "$T/src" "$T/bin"
	cp -r "$ROOT/.ci" "$T/"
	cp "$ROOT/tests/skips.sh" "$ROOT/tests/skips.txt" "$T/tests/"
	# Nothing to install, and no foreign ABI run natively.
	printf 'exit 0\n' > "$T/tests/deps.sh"
	printf 'exit 3\n' > "$T/src/abi.sh"
	# The hang is sleep under a name of its own, so that teardown finds the
	# sleeper itself: a shell around it, killed alone, would leave it
	# holding every descriptor it was given, the pair lock's among them.
	ln -s "$(command -v sleep)" "$T/bin/odc-ci-hang"
	cat > "$T/bin/make" <<-'EOF'
		#!/bin/sh
		if [ "$*" = "$ODC_FAKE_HANG" ]; then
			odc-ci-hang 100000 &
			wait
		fi
		echo "ok 1 - make $*"
	EOF
	chmod 755 "$T/bin/make"
}

teardown() {
	pkill -f 'odc-ci-hang' || true
}

ci() {
	run env PATH="$T/bin:$PATH" TMPDIR="$BATS_TEST_TMPDIR" "$@" bash "$T/.ci/run"
}

@test "CI: a stage that outlives the run's time is stopped, showing what it ran, and the run still ends with its counts" {
	SECONDS=0
	ci ODC_CI_SECONDS=10 ODC_FAKE_HANG=check
	[ "$SECONDS" -lt 60 ] || fail "the run took $SECONDS s"
	assert_failure
	assert_line --regexp '^not ok - make check: still running after [0-9]+ s, stopped; its processes:$'
	assert_line --regexp '^# .*odc-ci-hang 100000$'
	assert_line 'not ok - make check-musl: not run, CI'"'"'s time ran out'
	# Lane 2's stages ended within the time, and passed.
	assert_line 'ok 1 - make check-fresh-ci'
	assert_line --regexp '^\[make_check\] not ok - make check: still running'
	assert_line --index $((${#lines[@]} - 1)) --regexp '^[0-9]+ passed, [1-9][0-9]* failed$'
	run pgrep -f odc-ci-hang
	assert_failure
}

@test "CI: a stage that outlives its own time is stopped, and the stages after it run" {
	ci ODC_CI_STAGE_SECONDS=3 ODC_FAKE_HANG=check-musl
	assert_failure
	assert_line --regexp '^not ok - make check-musl: still running after 3 s, stopped; its processes:$'
	assert_line 'ok 1 - make check'
	assert_line 'ok 1 - make check32 ODC_I386=qemu TABLE32=tests/table.bats'
	assert_line 'ok 1 - make check-autopkgtest DEB_BUILT=1'
	assert_line --index $((${#lines[@]} - 1)) --regexp '^[0-9]+ passed, [1-9][0-9]* failed$'
}
