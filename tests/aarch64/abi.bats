#!/usr/bin/env bats
# AArch64 only (make check-aarch64): what differs there beyond the table.

load ../test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
}

@test "aarch64: the log names the flags by AArch64's values: O_NOFOLLOW is not x86's O_LARGEFILE" {
	ODCREAT_LOG=stderr run --separate-stderr shim einval "$ODC_CALL" open d creat,directory,nofollow
	assert_output "EINVAL -"
	[[ $stderr == *' call=open dirfd=AT_FDCWD path="d" flags=O_RDONLY|O_CREAT|O_DIRECTORY|O_NOFOLLOW mode='* ]] ||
		fail "flags misnamed: $stderr"
}
