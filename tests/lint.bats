#!/usr/bin/env bats
# tests/lint.sh: no shell function is handed to a program that runs a command;
# and LICENSE says what debian/copyright says.

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

@test "lint: LICENSE is debian/copyright's MIT licence, with its copyright line" {
	run sed -n 's/^Files: \*$/&/p; s/^Copyright: //p; s/^License: //p' "$ROOT/debian/copyright"
	assert_output "Files: *
2026 odcreat developers
MIT
MIT"
	holder=$(sed -n 's/^Copyright: //p' "$ROOT/debian/copyright")
	assert_equal "$(sed -n 3p "$ROOT/LICENSE")" "Copyright $holder"
	# The text after the last "License: MIT", as the copyright format writes it: one space in, "." a blank line.
	run diff <(sed 1,4d "$ROOT/LICENSE") <(awk '/^License: MIT$/ { n = NR } { l[NR] = $0 }
		END { for (i = n + 1; i <= NR; i++) { s = l[i]; sub(/^ /, "", s); if (s == ".") s = ""; print s } }' \
		"$ROOT/debian/copyright")
	assert_success
	assert_output ""
	assert_equal "$(sed -n 1p "$ROOT/LICENSE")" "MIT License"
}
