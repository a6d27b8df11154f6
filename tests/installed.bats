#!/usr/bin/env bats
# The installed packages (make check-installed, debian/tests): the command,
# the library where the loader's $LIB leads, and the manual.

load test_helper

setup() {
	[ -n "${ODC_INSTALLED:-}" ] || skip "for the installed packages: make check-installed"
	new_scratch
	cd "$SCRATCH"
}

@test "installed: odcreat -m mkdir makes the directory that Python's os.open asks for" {
	run "$ODCREAT" -m mkdir python3 -c 'import os, stat
fd = os.open("d", os.O_CREAT | os.O_DIRECTORY)
print(stat.S_ISDIR(os.fstat(fd).st_mode))'
	assert_success
	assert_output "True"
	[ -d d ]
}

@test "installed: the library in the multiarch directory, preloaded by \$LIB" {
	[ -f "$SHIM" ]
	run "$ODCREAT" sh -c 'echo "$LD_PRELOAD"'
	assert_output "$ODC_INSTALLED/\$LIB/odcreat/libodcreat.so"
	run env ODCREAT_MODE=mkdir LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	assert_output "fd:dir p:dir"
}

@test "installed: man odcreat and man 7 odcreat" {
	run env MANWIDTH=80 man odcreat
	assert_success
	assert_output --partial "odcreat --seccomp"
	run env MANWIDTH=80 man 7 odcreat
	assert_success
	assert_output --partial "O_CREAT"
}
