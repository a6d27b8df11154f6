#!/usr/bin/env bats
# musl only (make check-musl): what the musl build's odcreat is for. Its
# library needs musl's libc.so, which glibc's loader cannot load: musl
# programs run under it with the chosen semantics; for a glibc program it
# says so in one message and runs nothing, where glibc's loader would
# otherwise stop the program with "invalid ELF header".

load ../test_helper
bats_require_minimum_version 1.5.0

# The native build's test program, a glibc one (make check-musl builds it).
GLIBC_CALL="$ROOT/build/tests/odc_call"

setup() {
	new_scratch
	cd "$SCRATCH"
}

@test "musl: the command is linked statically, so it starts where no musl loader is" {
	run file "$ODCREAT" "$ODC_CALL"
	assert_line --index 0 --partial "statically linked"
	assert_line --index 1 --partial "interpreter /lib/ld-musl-"
}

@test "musl: a musl program runs under it with the mode's semantics" {
	run "$ODCREAT" -m mkdir "$ODC_CALL" open d creat,directory
	assert_success
	assert_output "fd:dir d:dir"
	run "$ODCREAT" -m legacy -- "$ODC_CALL" openat f creat,directory
	assert_output "fd:file d:dir f:file"
}

@test "musl: a glibc program, or a script whose interpreter is one, is named in one message, exit 126, nothing run" {
	loader=$(file -L "$GLIBC_CALL" | sed -n 's/.*interpreter \([^,]*\),.*/\1/p')
	[ -n "$loader" ]
	run --separate-stderr "$ODCREAT" -m mkdir "$GLIBC_CALL" open d creat,directory
	assert_failure 126
	assert_output ""
	unwrapped stderr
	assert_equal "$stderr" "odcreat: $GLIBC_CALL is not a musl program (its loader is $loader), and this odcreat, built against musl, preloads a library only musl programs can load: run it with a glibc build's odcreat, or with --seccomp"
	[ ! -e d ]
	# Found on PATH, as execvp finds it, and through a #! line.
	printf '#!%s\n' "$GLIBC_CALL" > script
	chmod +x script
	PATH="$SCRATCH:$PATH" run --separate-stderr "$ODCREAT" script open d creat,directory
	assert_failure 126
	unwrapped stderr
	assert_equal "$stderr" "odcreat: script runs $GLIBC_CALL, which is not a musl program (its loader is $loader), and this odcreat, built against musl, preloads a library only musl programs can load: run it with a glibc build's odcreat, or with --seccomp"
	[ ! -e d ]
}

@test "musl: a glibc program runs under it with --seccomp, which preloads nothing" {
	run "$ODCREAT" --seccomp -m mkdir "$GLIBC_CALL" open d creat,directory
	assert_success
	assert_output "fd:dir d:dir"
}
