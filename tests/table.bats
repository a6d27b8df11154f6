#!/usr/bin/env bats
# The semantics table (tests/table.txt) through every entry point, in every mode.

load test_helper

@test "the table has a column for every mode odcreat lists but native, in its order" {
	[ -n "$MODES" ]
	assert_equal "$(table_modes)" "$MODES"
}

@test "open: creat,directory" { check_table open creat,directory; }
@test "open: creat,directory,excl" { check_table open creat,directory,excl; }
@test "open: creat,directory,rdwr" { check_table open creat,directory,rdwr; }
@test "open: creat,directory,wronly" { check_table open creat,directory,wronly; }
@test "open: creat,directory,trunc" { check_table open creat,directory,trunc; }
@test "open: creat,directory,trunc,excl" { check_table open creat,directory,trunc,excl; }

@test "open64: creat,directory" { check_table open64 creat,directory; }
@test "open64: creat,directory,excl" { check_table open64 creat,directory,excl; }
@test "open64: creat,directory,rdwr" { check_table open64 creat,directory,rdwr; }
@test "open64: creat,directory,wronly" { check_table open64 creat,directory,wronly; }
@test "open64: creat,directory,trunc" { check_table open64 creat,directory,trunc; }
@test "open64: creat,directory,trunc,excl" { check_table open64 creat,directory,trunc,excl; }

@test "openat: creat,directory" { check_table openat creat,directory; }
@test "openat: creat,directory,excl" { check_table openat creat,directory,excl; }
@test "openat: creat,directory,rdwr" { check_table openat creat,directory,rdwr; }
@test "openat: creat,directory,wronly" { check_table openat creat,directory,wronly; }
@test "openat: creat,directory,trunc" { check_table openat creat,directory,trunc; }
@test "openat: creat,directory,trunc,excl" { check_table openat creat,directory,trunc,excl; }

@test "openat64: creat,directory" { check_table openat64 creat,directory; }
@test "openat64: creat,directory,excl" { check_table openat64 creat,directory,excl; }
@test "openat64: creat,directory,rdwr" { check_table openat64 creat,directory,rdwr; }
@test "openat64: creat,directory,wronly" { check_table openat64 creat,directory,wronly; }
@test "openat64: creat,directory,trunc" { check_table openat64 creat,directory,trunc; }
@test "openat64: creat,directory,trunc,excl" { check_table openat64 creat,directory,trunc,excl; }

@test "openat2: creat,directory" { check_table openat2 creat,directory; }
@test "openat2: creat,directory,excl" { check_table openat2 creat,directory,excl; }
@test "openat2: creat,directory,rdwr" { check_table openat2 creat,directory,rdwr; }
@test "openat2: creat,directory,wronly" { check_table openat2 creat,directory,wronly; }
@test "openat2: creat,directory,trunc" { check_table openat2 creat,directory,trunc; }
@test "openat2: creat,directory,trunc,excl" { check_table openat2 creat,directory,trunc,excl; }

@test "sys_open: creat,directory" { check_table sys_open creat,directory; }
@test "sys_open: creat,directory,excl" { check_table sys_open creat,directory,excl; }
@test "sys_open: creat,directory,rdwr" { check_table sys_open creat,directory,rdwr; }
@test "sys_open: creat,directory,wronly" { check_table sys_open creat,directory,wronly; }
@test "sys_open: creat,directory,trunc" { check_table sys_open creat,directory,trunc; }
@test "sys_open: creat,directory,trunc,excl" { check_table sys_open creat,directory,trunc,excl; }

@test "sys_openat: creat,directory" { check_table sys_openat creat,directory; }
@test "sys_openat: creat,directory,excl" { check_table sys_openat creat,directory,excl; }
@test "sys_openat: creat,directory,rdwr" { check_table sys_openat creat,directory,rdwr; }
@test "sys_openat: creat,directory,wronly" { check_table sys_openat creat,directory,wronly; }
@test "sys_openat: creat,directory,trunc" { check_table sys_openat creat,directory,trunc; }
@test "sys_openat: creat,directory,trunc,excl" { check_table sys_openat creat,directory,trunc,excl; }

@test "sys_openat2: creat,directory" { check_table sys_openat2 creat,directory; }
@test "sys_openat2: creat,directory,excl" { check_table sys_openat2 creat,directory,excl; }
@test "sys_openat2: creat,directory,rdwr" { check_table sys_openat2 creat,directory,rdwr; }
@test "sys_openat2: creat,directory,wronly" { check_table sys_openat2 creat,directory,wronly; }
@test "sys_openat2: creat,directory,trunc" { check_table sys_openat2 creat,directory,trunc; }
@test "sys_openat2: creat,directory,trunc,excl" { check_table sys_openat2 creat,directory,trunc,excl; }

# open(2) returns the lowest descriptor free; the table's rows check each
# descriptor is that (odc_call adds NOT-LOWEST), these the numbers themselves.
@test "open: the lowest descriptor free, as open(2) gives it" { check_lowest open; }
@test "open64: the lowest descriptor free, as open(2) gives it" { check_lowest open64; }
@test "openat: the lowest descriptor free, as open(2) gives it" { check_lowest openat; }
@test "openat64: the lowest descriptor free, as open(2) gives it" { check_lowest openat64; }
@test "openat2: the lowest descriptor free, as open(2) gives it" { check_lowest openat2; }
@test "sys_open: the lowest descriptor free, as open(2) gives it" { check_lowest sys_open; }
@test "sys_openat: the lowest descriptor free, as open(2) gives it" { check_lowest sys_openat; }
@test "sys_openat2: the lowest descriptor free, as open(2) gives it" { check_lowest sys_openat2; }
