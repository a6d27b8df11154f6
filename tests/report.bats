#!/usr/bin/env bats
# odcreat report: the survey's logs, tallied per program.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
}

# line PROG PATH RESULT STATE WOULD: a log line as the library writes it.
line() {
	echo "2026-12-04T10:00:00.000000Z pid=1 prog=\"$1\" call=openat dirfd=AT_FDCWD path=\"$2\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=native result=$3${4:+ state=$4 would=\"$5\"}"
}

MISSING='einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made'
DIR='einval=EINVAL freebsd=fd mkdir=fd legacy=EISDIR linux-5.7=EISDIR'

@test "the issue's example: python3 under native, logged and reported with one call" {
	"$ODCREAT" -m native -l log python3 -c 'import os; os.open("m", os.O_CREAT|os.O_DIRECTORY)' 2> /dev/null || true
	run cat log
	assert_output --partial ' state=missing would="einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL"'
	run "$ODCREAT" report log
	assert_success
	assert_line --index 1 --regexp '^python3 +1 +1  missing '
	assert_line --partial "1 calls from 1 programs"
}

@test "per program: calls, distinct paths, states, and each mode's differences and leftovers" {
	{
		line a.out /x EINVAL missing "$MISSING"
		line a.out /x EINVAL missing "$MISSING"
		line a.out /d EINVAL dir "$DIR"
		# Logged on a kernel with the series: native made the directory.
		line tool /y 3 missing "$MISSING native=fd+made"
		line old /z EINVAL
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_output 'program,calls,paths,states,einval_differ,einval_made,freebsd_differ,freebsd_made,mkdir_differ,mkdir_made,legacy_differ,legacy_made,linux-5.7_differ,linux-5.7_made,native_differ,native_made
"a.out",3,2,missing;dir,0,0,3,0,3,2,3,2,3,2,,
"tool",1,1,missing,1,0,1,0,0,1,0,1,1,1,0,1
"old",1,1,,,,,,,,,,,,,'
	run "$ODCREAT" report log
	assert_line --regexp '^  einval +tool$'
	assert_line --regexp '^  mkdir +a.out tool$'
	assert_line --regexp '^  native +tool$'
	assert_line --regexp '^a.out +3 +2  missing,dir +0/0 +3/0 +3/2 +3/2 +3/2 +-$'
	assert_line "5 calls from 3 programs"
}

@test "JSON: the same numbers, and valid" {
	{ line a.out /x EINVAL missing "$MISSING"; line 'my prog\x5c' /y EINVAL dir "$DIR"; } > log
	run "$ODCREAT" report --format=json log
	assert_success
	run python3 -c 'import json, sys
r = json.load(sys.stdin)
print(r["calls"], r["unparsed"], [(p["program"], p["calls"], p["states"], p["modes"]["mkdir"]) for p in r["programs"]])' <<< "$output"
	assert_output "2 0 [('a.out', 1, ['missing'], {'differ': 1, 'made': 1}), ('my prog\\\\x5c', 1, ['dir'], {'differ': 1, 'made': 0})]"
}

@test "lines it cannot read are counted and named, never fatal; - is standard input" {
	{ line a /x EINVAL missing "$MISSING"; echo garbage; echo 'prog="a" path="unclosed'; line a /y EINVAL; } > log
	run "$ODCREAT" report - < log
	assert_success
	assert_line "2 calls from 1 programs; 2 lines could not be read: -:2 -:3"
	run "$ODCREAT" report log missing-file log
	assert_failure 125
	assert_line --partial "missing-file: No such file or directory"
	assert_line "4 calls from 1 programs; 4 lines could not be read: log:2 log:3 log:2 log:3"
	run "$ODCREAT" report --format=xml log
	assert_failure 2
}

@test "--journal: journald's export format, binary fields too; the program is journald's _EXE where it logged itself" {
	{
		printf '_PID=7\nSYSLOG_PID=7\n_EXE=/usr/bin/tool\nODCREAT_PROG=tool\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\nODCREAT_STATE=missing\nODCREAT_WOULD=%s\n' "$MISSING"
		printf 'MESSAGE\n\x05\x00\x00\x00\x00\x00\x00\x00a\nb=c\n'
		printf '\n_PID=8\nSYSLOG_PID=9\n_EXE=/usr/bin/odcreat\nODCREAT_PROG=static\nODCREAT_PATH=/y\nODCREAT_RESULT=4\nODCREAT_STATE=dir\nODCREAT_WOULD=%s\n' "$DIR"
		printf '\nMESSAGE=not ours\n_PID=3\n'
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_output 'program,calls,paths,states,einval_differ,einval_made,freebsd_differ,freebsd_made,mkdir_differ,mkdir_made,legacy_differ,legacy_made,linux-5.7_differ,linux-5.7_made,native_differ,native_made
"/usr/bin/tool",1,1,missing,0,0,1,0,1,1,1,1,1,1,,
"static",1,1,dir,1,0,0,0,0,0,1,0,1,0,,'
}

@test "a program named report runs after --" {
	run -127 "$ODCREAT" -- report
}
