#!/usr/bin/env bats
# tests/lint.sh: no shell function is handed to a program that runs a command.

load test_helper

@test "lint: no test hands a shell function to timeout, setpriv, unshare, env or odcreat" {
	run sh "$ROOT/tests/lint.sh"
	assert_success
	assert_output ""
}

@test "lint: finds a function behind a program or a wrapping function, and passes programs" {
	local t="$ROOT/tests/lint.example"
	run sh "$ROOT/tests/lint.sh" "$t" "$ROOT/tests/test_helper.bash"
	assert_failure
	assert_output "$t:6: timeout runs shim, a shell function it cannot see
$t:8: as_nobody runs helper, a shell function it cannot see
$t:9: env runs helper, a shell function it cannot see
$t:11: setpriv runs new_scratch, a shell function it cannot see
$t:12: \$ODCREAT runs helper, a shell function it cannot see"
}
