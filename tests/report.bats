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
	# The program is the kernel's word for the executable (python3 may be a link),
	# its figures beside it, or where its name is longer than its column, under it.
	assert_line --index 1 --regexp '^/[^ ]*python3[.0-9]*( |\\$)'
	assert_line --regexp '^(/[^ ]*python3[.0-9]*)? +1 +1 +0 +1 +1 +L  missing$'
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
}

@test "per program: calls, distinct paths, states, and each mode's differences and leftovers" {
	{
		line a.out /x EINVAL missing "$MISSING"
		line a.out /x EINVAL missing "$MISSING"
		line a.out /d EINVAL dir "$DIR"
		# Logged on a kernel with the series: native made the directory, and
		# under native, the mode it was made in, nothing would change.
		line tool /y 3 missing "$MISSING native=fd+made"
		line old /z EINVAL
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_output 'program,calls,hosts,lost,claimed,paths,states,einval_differ,einval_made,freebsd_differ,freebsd_made,mkdir_differ,mkdir_made,legacy_differ,legacy_made,linux-5.7_differ,linux-5.7_made,native_differ,native_made,script,eyes
"a.out",3,1,0,3,2,missing;dir,0,0,3,0,3,2,3,2,3,2,,,"",library
"tool",1,1,0,1,1,missing,1,0,1,0,0,1,0,1,1,1,0,0,"",library
"old",1,1,0,1,1,,,,,,,,,,,,,,"",library'
	run "$ODCREAT" report log
	assert_line --regexp '^  einval +"tool"$'
	assert_line --regexp '^  mkdir +"a.out" "tool"$'
	assert_line --regexp '^  native +none$'
	assert_line --regexp '^a.out +3 +1 +0 +3 +2 +L  missing,dir$'
	assert_line --regexp '^a.out +0/0 +3/0 +3/2 +3/2 +3/2 +-$'
	assert_line --regexp '^tool +1/0 +1/0 +0/1 +0/1 +1/1 +0/0$'
	assert_line "5 calls from 3 programs on 1 host; 0 lost, 5 claimed"
}

@test "JSON: the same numbers, and valid" {
	{ line a.out /x EINVAL missing "$MISSING"; line 'my prog\x5c' /y EINVAL dir "$DIR"; } > log
	run "$ODCREAT" report --format=json log
	assert_success
	run python3 -c 'import json, sys
r = json.load(sys.stdin)
print(r["calls"], r["unparsed"], [(p["program"], p["calls"], p["states"], p["modes"]["mkdir"]) for p in r["rows"]])' <<< "$output"
	assert_output "2 0 [('a.out', 1, ['missing'], {'differ': 1, 'made': 1}), ('my prog\\\\x5c', 1, ['dir'], {'differ': 1, 'made': 0})]"
}

@test "lines it cannot read are counted and named, never fatal; - is standard input" {
	{ line a /x EINVAL missing "$MISSING"; echo garbage; echo 'prog="a" path="unclosed'; line a /y EINVAL; } > log
	run "$ODCREAT" report - < log
	assert_success
	assert_line "2 calls from 1 program on 1 host; 0 lost, 2 claimed"
	assert_line "2 lines could not be read: -:2 -:3"
	run "$ODCREAT" report log log
	assert_line "4 calls from 1 program on 1 host; 0 lost, 4 claimed"
	assert_line "4 lines could not be read: log:2 log:3 log:2 log:3"
}

@test "a FILE it cannot open: that error alone, no table, status 1" {
	touch log
	run "$ODCREAT" report log missing-file log
	assert_failure 1
	assert_output "odcreat report: missing-file: No such file or directory"
}

@test "bad options: one line naming the option or value, then the usage, status 2; --help is the usage, status 0" {
	local bad
	for bad in --format=xml --by=bogus --format --nope; do
		run --separate-stderr "$ODCREAT" report "$bad" < /dev/null
		assert_failure 2
		[ -z "$output" ] || fail "$bad: output: $output"
		[ "${#stderr_lines[@]}" -eq 4 ] || fail "$bad: $stderr"
		[[ ${stderr_lines[1]} == "usage: odcreat report "* ]] || fail "$bad: $stderr"
	done
	run --separate-stderr "$ODCREAT" report --format=xml
	assert_equal "${stderr_lines[0]}" 'odcreat report: unknown --format value "xml"'
	run --separate-stderr "$ODCREAT" report --by=bogus
	assert_equal "${stderr_lines[0]}" 'odcreat report: unknown --by value "bogus"'
	run --separate-stderr "$ODCREAT" report --format
	assert_equal "${stderr_lines[0]}" 'odcreat report: unknown option or missing value: --format'
	for bad in --help -h; do
		run --separate-stderr "$ODCREAT" report "$bad"
		assert_success
		assert_line --index 0 --partial "usage: odcreat report [--format=text|csv|json]"
		[ -z "$stderr" ] || fail "$stderr"
	done
}

@test "--journal: journald's export format, binary fields too; the program is journald's _EXE, or what this odcreat's supervisor says" {
	{
		printf '_PID=7\n_UID=0\nSYSLOG_PID=7\n_EXE=/usr/bin/tool\nODCREAT_PROG=tool\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\nODCREAT_STATE=missing\nODCREAT_WOULD=%s\n' "$MISSING"
		printf 'MESSAGE\n\x05\x00\x00\x00\x00\x00\x00\x00a\nb=c\n'
		printf '\n_PID=8\n_UID=0\nSYSLOG_PID=9\n_EXE=%s\nODCREAT_PROG=static\nODCREAT_PATH=/y\nODCREAT_RESULT=4\nODCREAT_STATE=dir\nODCREAT_WOULD=%s\n' "$(readlink -f "$ODCREAT")" "$DIR"
		printf '\nMESSAGE=not ours\n_PID=3\n'
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_output 'program,calls,hosts,lost,claimed,paths,states,einval_differ,einval_made,freebsd_differ,freebsd_made,mkdir_differ,mkdir_made,legacy_differ,legacy_made,linux-5.7_differ,linux-5.7_made,native_differ,native_made,script,eyes
"/usr/bin/tool",1,1,0,0,1,missing,0,0,1,0,1,1,1,1,1,1,,,"",library
"static",1,1,0,0,1,dir,1,0,0,0,0,0,1,0,1,0,,,"",library'
}

# sline PID SEQ LOST EXE [HOST]: a line as the library writes it now, with
# its sender's count; with HOST, behind the RFC 5424 header a forwarding
# syslog daemon writes.
sline() {
	local l="2026-12-04T10:00:00.000000Z pid=$1 prog=\"${4##*/}\" call=openat dirfd=AT_FDCWD path=\"/x\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=native result=EINVAL state=missing would=\"$MISSING\" uid=0 exe=\"$4\" seq=$2 lost=$3"
	echo "${5:+<14>1 2026-12-04T10:00:00.000000Z $5 odcreat $1 - - }$l"
}

@test "lost: a gap in a run's numbers, or the count its next line carries, whichever is more; per row and in total, in every format" {
	{
		sline 10 1 0 /usr/bin/a
		sline 10 2 0 /usr/bin/a
		sline 10 5 0 /usr/bin/a		# 3 and 4 never arrived
		sline 12 1 0 /usr/bin/a		# another process: numbered from 1
		sline 11 5 3 /usr/bin/b		# 2 to 4 were never sent; 1 may be in a log not read
		sline 13 1 0 /usr/bin/c
		sline 13 5 2 /usr/bin/c		# 2 unsent, and one more lost on the way
		sline 14 3 0 /usr/bin/c
		sline 14 1 0 /usr/bin/c		# out of order, not lost
		sline 14 2 0 /usr/bin/c
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_line --index 1 --regexp '^"/usr/bin/a",4,1,2,4,1,missing,'
	assert_line --index 2 --regexp '^"/usr/bin/b",1,1,3,1,1,missing,'
	assert_line --index 3 --regexp '^"/usr/bin/c",5,1,3,5,1,missing,'
	run "$ODCREAT" report log
	assert_line --regexp '^/usr/bin/b +1 +1 +3 +1 +1 +L  missing$'
	assert_line "10 calls from 3 programs on 1 host; 8 lost, 10 claimed"
	run "$ODCREAT" report --format=json log
	run python3 -c 'import json, sys
r = json.load(sys.stdin)
print(r["calls"], r["lost"], r["claimed"], [(p["program"], p["lost"]) for p in r["rows"]])' <<< "$output"
	assert_output "10 8 10 [('/usr/bin/a', 2), ('/usr/bin/b', 3), ('/usr/bin/c', 3)]"
}

@test "paths: counted exactly up to 100 a row, then as more than 100, in every format" {
	local i
	{
		for i in $(seq 150); do sline 10 "$i" 0 /usr/bin/a | sed "s#path=\"/x\"#path=\"/a/$i\"#"; done
		for i in 1 2 3 2 1; do sline 11 "$i" 0 /usr/bin/b | sed "s#path=\"/x\"#path=\"/b/$i\"#"; done
	} > log
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 --regexp '^"/usr/bin/a",150,1,0,150,>100,missing,'
	assert_line --index 2 --regexp '^"/usr/bin/b",5,1,[0-9]+,5,3,missing,'
	run "$ODCREAT" report log
	assert_line --regexp '^/usr/bin/a +150 +1 +0 +150 +>100 +L  missing$'
	run "$ODCREAT" report --format=json log
	run python3 -c 'import json, sys
print([(p["program"], p["paths"], p["paths_more"]) for p in json.load(sys.stdin)["rows"]])' <<< "$output"
	assert_output "[('/usr/bin/a', 100, True), ('/usr/bin/b', 3, False)]"
}

@test "the program is the executable the sender names, not the name it ran by: one row for a program run by two names" {
	{ sline 1 1 0 /usr/bin/python3.11; sline 2 1 0 /usr/bin/python3.11 | sed 's/prog="python3.11"/prog="python3"/'; } > log
	run "$ODCREAT" report --format=csv log
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp '^"/usr/bin/python3.11",2,'
}

@test "--by: per program with its hosts, per host with its programs, or per both; the host from the RFC 5424 header" {
	{
		sline 1 1 0 /usr/bin/python3 odc-host1
		sline 1 1 0 /usr/bin/python3 odc-host2
		sline 2 1 0 /usr/bin/odc_call odc-host2
		sline 2 2 0 /usr/bin/odc_call odc-host2
		sline 1 1 0 /usr/bin/python3 odc-host3
		sline 3 1 0 /usr/bin/dd
	} > log
	run "$ODCREAT" report --format=csv log
	assert_output --partial '
"/usr/bin/python3",3,3,0,3,1,'
	assert_output --partial '
"/usr/bin/odc_call",2,1,0,2,1,'
	assert_output --partial '
"/usr/bin/dd",1,1,0,1,1,'
	run "$ODCREAT" report --format=csv --by=host log
	assert_line --index 0 --partial 'host,calls,programs,lost,'
	assert_output --partial '
"odc-host1",1,1,0,1,1,'
	assert_output --partial '
"odc-host2",3,2,0,3,1,'
	assert_output --partial '
"(unknown)",1,1,0,1,1,'
	run "$ODCREAT" report --format=csv --by=host,program log
	assert_line --index 0 --partial 'host,program,calls,lost,'
	assert_equal "${#lines[@]}" 6
	assert_output --partial '
"odc-host2","/usr/bin/odc_call",2,0,2,1,'
	run "$ODCREAT" report --by=program,host log
	assert_line "6 calls from 3 programs on 4 hosts; 0 lost, 6 claimed"
	# The same process numbers on two hosts are two senders: no gap, no loss.
}

@test "--journal: the host is journald's _HOSTNAME; a short-lived program without _EXE joins its row by its own word, and counts as claimed" {
	{
		export_entry _PID=5 _UID=0 _HOSTNAME=h1 _EXE=/usr/bin/dd ODCREAT_EXE=/usr/bin/dd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_SEQ=1 ODCREAT_LOST=0
		export_entry _PID=6 _UID=0 _HOSTNAME=h1 _EXE=/usr/bin/dd ODCREAT_EXE=/usr/bin/dd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_SEQ=1 ODCREAT_LOST=0
		export_entry _PID=6 _UID=0 _HOSTNAME=h1 ODCREAT_EXE=/usr/bin/dd ODCREAT_PROG=dd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_SEQ=4 ODCREAT_LOST=0
		export_entry _PID=6 _UID=0 _HOSTNAME=h2 _EXE=/usr/bin/dd ODCREAT_EXE=/usr/bin/dd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_SEQ=1 ODCREAT_LOST=0
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_equal "${#lines[@]}" 2
	# pid 6 on h1 lost 2 lines between its first and its fourth; pid 6 on h2 is another process.
	assert_line --index 1 --partial '"/usr/bin/dd",4,2,2,1,1,'
	run "$ODCREAT" report --journal --format=csv --by=host export
	assert_line --index 1 --partial '"h1",3,1,2,1,1,'
	assert_line --index 2 --partial '"h2",1,1,0,0,1,'
}

@test "a program named report runs after --" {
	run -127 "$ODCREAT" -- report
}

# export [KEY=VALUE | KEY VALUE]...: one journal export entry, each VALUE
# of a pair written as a binary field (any bytes); python3 writes it.
export_entry() {
	python3 -c 'import struct, sys
out = sys.stdout.buffer
args = [a.encode("utf-8", "surrogateescape") for a in sys.argv[1:]]
i = 0
while i < len(args):
    if b"=" in args[i]:
        out.write(args[i] + b"\n"); i += 1
    else:
        out.write(args[i] + b"\n" + struct.pack("<Q", len(args[i + 1])) + args[i + 1] + b"\n"); i += 2
out.write(b"\n")' "$@"
}

@test "--journal: a binary field whose length runs past the end is unparsed, and the reading ends" {
	{
		export_entry _UID=0 _EXE=/usr/bin/tool ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		# 2^64 - 13: sought as -13 bytes, it led back to the newline before
		# the field's key, and so to the same field, for ever.
		printf 'MSG\n\xf3\xff\xff\xff\xff\xff\xff\xffabc\n'
	} > export
	run timeout 10 "$ODCREAT" report --journal export
	assert_success
	assert_line "1 call from 1 program on 1 host; 0 lost, 0 claimed"
	assert_line "1 line could not be read: export:6"
}

# little CMD...: CMD with 12 MiB of address space, or skip where even an
# empty report needs more (a sanitizer's build).
little() {
	prlimit --as=$((12 << 20)) "$ODCREAT" report < /dev/null > /dev/null 2>&1 ||
		skip "this build's odcreat needs more than 12 MiB of address space"
	prlimit --as=$((12 << 20)) "$@"
}

# xs N: N bytes of x, and no newline.
xs() {
	head -c "$1" /dev/zero | tr '\0' x
}

@test "a line longer than any the library writes is unparsed and counted, and every line after it read, in little memory" {
	{ line a /x EINVAL; xs $((16 << 20)); echo; line b /y EINVAL; xs 3000; echo; line c /z EINVAL; } > log
	run --separate-stderr little "$ODCREAT" report log
	assert_success
	assert_line "3 calls from 3 programs on 1 host; 0 lost, 3 claimed"
	assert_line "2 lines could not be read: log:2 log:4"
	assert_equal "$stderr" ""
	# The longest line the library writes, behind a syslog header, is read.
	printf '<14>1 2026-12-04T10:00:00.000000Z %s odcreat 1 - - %s\n' "$(xs 255)" \
		"$(line "$(xs 1800)" /x EINVAL)" > log
	run "$ODCREAT" report log
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
}

@test "--journal: a field longer than report keeps is skipped, and its entry and every one after it read, in little memory" {
	{
		printf '_UID=0\n_EXE=/usr/bin/a\n_CMDLINE='
		xs $((16 << 20))
		printf '\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\n\n'
		export_entry _UID=0 _EXE=/usr/bin/b ODCREAT_PATH=/y ODCREAT_RESULT=EINVAL
	} > export
	run --separate-stderr little "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_line --index 1 --partial '"/usr/bin/a",1,1,0,0,1,'
	assert_line --index 2 --partial '"/usr/bin/b",1,1,0,0,1,'
	assert_equal "$stderr" ""
}

@test "a FILE that cannot be read to its end: the error, no table, status 1" {
	mkdir dir
	run --separate-stderr "$ODCREAT" report --journal dir
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "odcreat report: dir: Is a directory"
	# Its own memory at 0, which is not mapped.
	run --separate-stderr "$ODCREAT" report /proc/self/mem
	assert_failure 1
	assert_output ""
	assert_equal "$stderr" "odcreat report: /proc/self/mem: Input/output error"
}

@test "--journal: a sparse export's holes are skipped, read as the zeros they hold inside a binary field" {
	# Entry b's MESSAGE holds 1 GiB of hole; a hole of 1 GiB more, then a
	# newline, stands between it and entry c.
	/usr/bin/python3 -c 'import struct, sys
def entry(exe):
    return b"_UID=0\n_EXE=" + exe + b"\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\n\n"
with open(sys.argv[1], "wb") as f:
    f.write(entry(b"/usr/bin/a"))
    f.write(b"_UID=0\n_EXE=/usr/bin/b\nMESSAGE\n" + struct.pack("<Q", (1 << 30) + 2) + b"a")
    f.seek(1 << 30, 1)
    f.write(b"b\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\n\n")
    f.seek(1 << 30, 1)
    f.write(b"\n" + entry(b"/usr/bin/c"))' export
	run --separate-stderr timeout 60 "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 4
	assert_line --index 2 --partial '"/usr/bin/b",1,1,0,0,1,'
	assert_line --index 3 --partial '"/usr/bin/c",1,1,0,0,1,'
	[[ $stderr =~ ^"odcreat report: export: skipped "[0-9]+" bytes of holes"$ ]] || fail "$stderr"
}

@test "chosen names cannot make report quadratic: 65,536 names that collided in the old hash, under 1 s of CPU" {
	python3 "$ROOT/tests/fnv_collide.py" 16 |
		awk '{ printf "2026-12-04T10:00:00.000000Z pid=1 prog=\"%s\" call=openat dirfd=AT_FDCWD path=\"/x\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=native result=EINVAL\n", $0 }' > log
	local TIMEFORMAT='%3U %3S' user sys
	{ time "$ODCREAT" report log > out; } 2> cpu
	read -r user sys < cpu
	run grep -x "65536 calls from 65536 programs on 1 host; 0 lost, 65536 claimed" out
	assert_success
	echo "report: ${user}s user, ${sys}s system"
	awk -v u="$user" -v s="$sys" 'BEGIN { exit !(u + s < 1) }'
}

@test "text output escapes every name as the log does: no row and no terminal escape can be injected" {
	export_entry _UID=0 _EXE $'/home/u/x\n/usr/sbin/sshd\e[31m/prog' ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL > export
	run "$ODCREAT" report --journal export
	assert_success
	# Longer than its column: on a line of its own, and its row's figures on the next.
	assert_line --index 1 '/home/u/x\x0a/usr/sbin/sshd\x1b[31m/prog\'
	assert_line --index 2 --regexp '^ +1 +1 '
	refute_line --regexp '^/usr/sbin/sshd'
	[[ $output != *$'\e'* ]] || fail "an escape reached the terminal"
	# A file log's escapes stand as they are, and a raw byte there is escaped too.
	{ line 'a\x0ab' /x EINVAL; printf '%s\n' "$(line $'c\ed' /y EINVAL)"; } > log
	run "$ODCREAT" report log
	assert_line --index 1 --regexp '^a\\x0ab +1 +1 '
	assert_line --index 2 --regexp '^c\\x1bd +1 +1 '
}

@test "JSON is valid UTF-8 on any input: raw bytes of _EXE, and file names cut anywhere" {
	export_entry _UID=0 _EXE $'/opt/\xff\xfe/prog' ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL > export
	run "$ODCREAT" report --journal --format=json export
	assert_success
	run python3 -c 'import json, sys; r = json.loads(sys.stdin.buffer.read().decode("utf-8")); print(r["rows"][0]["program"])' <<< "$output"
	assert_output '/opt/\xff\xfe/prog'
	local name
	name=$(printf 'é%.0s' {1..40})
	echo garbage > "$name"
	run "$ODCREAT" report --format=json "$name"
	run python3 -c 'import json, sys; r = json.loads(sys.stdin.buffer.read().decode("utf-8")); print(r["unparsed"], r["unparsed_at"][0].endswith("...:1"))' <<< "$output"
	assert_output "1 True"
}

@test "CSV: a cell a spreadsheet would take for a formula begins with a quote" {
	{
		line "=SUM(1+9)*cmd|' -C calc'!A0" /x EINVAL
		line '+1' /x EINVAL
		line '-1' /x EINVAL
		line '@x' /x EINVAL
		line 'a=b' /x EINVAL
	} > log
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 "\"'=SUM(1+9)*cmd|' -C calc'!A0\",1,1,0,1,1,,,,,,,,,,,,,,\"\",library"
	assert_line --index 2 --partial "\"'+1\","
	assert_line --index 3 --partial "\"'-1\","
	assert_line --index 4 --partial "\"'@x\","
	assert_line --index 5 --partial '"a=b",'
}

@test "--journal: ODCREAT_PROG is believed from this odcreat's supervisor; without _EXE a sender's word is bracketed, root's alone, another user's behind its uid, and claimed" {
	{
		export_entry _PID=5 _UID=1000 SYSLOG_PID=6 _EXE=/usr/bin/logger ODCREAT_PROG=/usr/sbin/sshd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=5 _UID=0 SYSLOG_PID=6 ODCREAT_PROG=/usr/bin/dd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=5 _UID=1000 SYSLOG_PID=6 ODCREAT_PROG=/usr/sbin/sshd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=5 SYSLOG_PID=6 ODCREAT_PROG=/usr/sbin/sshd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=5 _UID=1000 SYSLOG_PID=6 _EXE=/usr/bin/odcreat ODCREAT_PROG=/usr/sbin/sshd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=5 _UID=0 SYSLOG_PID=6 "_EXE=$(readlink -f "$ODCREAT")" ODCREAT_PROG=served ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_output --partial '
"[uid 1000] /usr/bin/logger",1,1,0,1,'
	assert_output --partial '
"[/usr/bin/dd]",1,1,0,1,'
	assert_output --partial '
"[uid 1000] /usr/sbin/sshd",1,1,0,1,'
	assert_output --partial '
"[uid unknown] /usr/sbin/sshd",1,1,0,1,'
	assert_output --partial '
"[uid 1000] /usr/bin/odcreat",1,1,0,1,'
	assert_output --partial '
"served",1,1,0,0,'
	refute_output --partial '"/usr/sbin/sshd"'
}

@test "--journal: an entry from a user other than root is that user's word whatever its _EXE says: behind [uid N], claimed, never in root's row" {
	{
		export_entry _PID=5 _UID=0 _EXE=/usr/sbin/sshd ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		# nobody's own program, mounted over /usr/sbin in a mount namespace
		# of its own: journald reads _EXE there, and names it as root's.
		export_entry _PID=6 _UID=65534 _EXE=/usr/sbin/sshd ODCREAT_PATH=/y ODCREAT_RESULT=EINVAL
		export_entry _PID=7 _EXE=/usr/sbin/sshd ODCREAT_PATH=/z ODCREAT_RESULT=EINVAL
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 4
	assert_line --index 1 --partial '"/usr/sbin/sshd",1,1,0,0,1,'
	assert_line --index 2 --partial '"[uid 65534] /usr/sbin/sshd",1,1,0,1,1,'
	assert_line --index 3 --partial '"[uid unknown] /usr/sbin/sshd",1,1,0,1,1,'
}

@test "--journal: this odcreat's supervisor is believed only from root; another user's names its program behind [uid N], claimed" {
	local self
	self=$(readlink -f "$ODCREAT")
	{
		export_entry _PID=5 _UID=0 "_EXE=$self" ODCREAT_PROG=served ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL
		export_entry _PID=6 _UID=65534 "_EXE=$self" ODCREAT_PROG=sshd ODCREAT_PATH=/y ODCREAT_RESULT=EINVAL
		export_entry _PID=7 "_EXE=$self" ODCREAT_PROG=sshd ODCREAT_PATH=/z ODCREAT_RESULT=EINVAL
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 4
	assert_line --index 1 --partial '"served",1,1,0,0,1,'
	assert_line --index 2 --partial '"[uid 65534] sshd",1,1,0,1,1,'
	assert_line --index 3 --partial '"[uid unknown] sshd",1,1,0,1,1,'
}

@test "no FILE, and standard input a terminal: a usage error at once, not a silent wait" {
	run timeout 10 script -qec "'$ODCREAT' report" /dev/null
	assert_equal "$status" 2
	assert_output --partial "odcreat report: no FILE, and standard input is a terminal"
	# A pipe, or - for the terminal, is read as before.
	run bash -c "'$ODCREAT' report < /dev/null"
	assert_success
	assert_output --partial "0 calls from 0 programs"
}

@test "--journal as a user whom journalctl shows only their own entries: an error that says why, and no report" {
	nobody_copies
	run --separate-stderr as_nobody "$NB/odcreat" report --journal
	assert_equal "$status" 1
	assert_output ""
	unwrapped stderr
	assert_equal "$stderr" "odcreat report: uid $(id -u nobody) is not root, nor in the groups systemd-journal or adm: journalctl would show it only its own entries, so a report would not be the machine's; run it as root or in one of those groups, or, for your own entries alone: journalctl -o export SYSLOG_IDENTIFIER=odcreat | odcreat report --journal -"
	# Their own entries, piped in, are a report like any FILE's.
	run --separate-stderr as_nobody sh -c "journalctl -q -o export SYSLOG_IDENTIFIER=odcreat | '$NB/odcreat' report --journal -"
	assert_success
	assert_equal "$stderr" ""
	getent group systemd-journal > /dev/null || skip "no group systemd-journal (make check installs systemd)"
	run setpriv --reuid=nobody --regid=nogroup --groups=systemd-journal "$NB/odcreat" report --journal
	refute_output --partial "is not root, nor in the groups"
}

# wline EXE UID PATH: a line as odcreat-watch writes it, for a call of a
# process of UID (its effective uid) running EXE.
wline() {
	echo "2026-12-04T10:00:00.000000Z pid=42 prog=\"${1##*/}\" call=openat dirfd=AT_FDCWD path=\"$3\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=native result=EINVAL state=missing would=\"$MISSING\" dir=\"/tmp\" uid=$2 exe=\"$1\" seen=sys_enter/openat abi=native tid=42 nspid=42 ruid=$2 egid=0 cgroup=\"/\" cgroup_id=1 mntns=1 pidns=2 userns=3"
}

# watch_dir: a log directory as root makes one, in $SCRATCH/log/.
watch_dir() {
	needs_root "a log directory's files owned by root and by nobody"
	install -d -m 1733 -o root log
}

@test "report DIR/: odcreat-watch's lines in root's 0.log are the kernel's word: not claimed, and a caller's own uid= disowns nothing; a caller other than root is named behind its uid" {
	watch_dir
	{
		wline /usr/bin/tool 0 /x
		wline /usr/sbin/sshd 65534 /y
		line /usr/bin/lib /z EINVAL missing "$MISSING"
	} > log/0.log
	chmod 0600 log/0.log
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_line --index 1 --partial '"/usr/bin/tool",1,1,0,0,1,missing,'
	assert_line --index 2 --partial '"[uid 65534] /usr/sbin/sshd",1,1,0,0,1,missing,'
	assert_line --index 3 --partial '"/usr/bin/lib",1,1,0,1,1,missing,'
	run "$ODCREAT" report log/
	assert_line "3 calls from 3 programs on 1 host; 0 lost, 1 claimed"
}

@test "report DIR/: a uid= in root's 0.log longer than any uid is cut in the name it is put before, which stays whole" {
	watch_dir
	# 1,054 digits: "[uid DIGITS] " once ran past the name's buffer of 1,056 bytes.
	wline /usr/bin/tool "$(printf '9%.0s' {1..1054})" /x > log/0.log
	chmod 0600 log/0.log
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_line --index 1 --partial '"[uid 99999999999999999999] /usr/bin/tool",1,1,0,0,1,missing,'
	# In the text, "[uid N] " is the report's own, its blank a blank.
	run "$ODCREAT" report log/
	assert_line --index 1 '[uid 99999999999999999999] /usr/bin/tool\'
}

@test "report DIR/: a line that says seen= in a user's own file is that user's word, and one in another's name is not counted" {
	watch_dir
	{ wline /usr/sbin/sshd 65534 /y; wline /usr/sbin/sshd 0 /z; } > log/65534.log
	chown nobody log/65534.log
	chmod 0600 log/65534.log
	run "$ODCREAT" report --format=json log/
	assert_success
	run python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["calls"], r["claimed"], r["disowned"], [p["program"] for p in r["rows"]])' <<< "$output"
	assert_output "1 1 1 ['[uid 65534] /usr/sbin/sshd']"
}

@test "report FILE: a line that says seen= is whatever the file's writer says, as any line" {
	{ wline /usr/sbin/sshd 65534 /y; wline /usr/bin/tool 0 /x; } > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_line --index 1 --partial '"/usr/sbin/sshd",1,1,0,1,1,missing,'
	assert_line --index 2 --partial '"/usr/bin/tool",1,1,0,1,1,missing,'
}

@test "--journal: odcreat-watch's entries are believed from root's odcreat-watch alone: not claimed, another user's caller behind its uid; anyone else's are their word" {
	local seen="ODCREAT_SEEN=sys_enter/openat ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_STATE=missing"
	{
		# shellcheck disable=SC2086
		export_entry _PID=5 _UID=0 _EXE=/usr/libexec/odcreat/odcreat-watch ODCREAT_PROG=tool \
			ODCREAT_EXE=/usr/bin/tool ODCREAT_UID=0 $seen
		# shellcheck disable=SC2086
		export_entry _PID=5 _UID=0 _EXE=/usr/libexec/odcreat/odcreat-watch ODCREAT_PROG=sshd \
			ODCREAT_EXE=/usr/sbin/sshd ODCREAT_UID=65534 $seen
		# Root's other programs, and another user's watcher, say what they like: their word.
		# shellcheck disable=SC2086
		export_entry _PID=6 _UID=0 _EXE=/usr/bin/python3 ODCREAT_PROG=sshd ODCREAT_EXE=/usr/sbin/sshd \
			ODCREAT_UID=0 $seen
		# shellcheck disable=SC2086
		export_entry _PID=7 _UID=1000 _EXE=/home/u/odcreat-watch ODCREAT_PROG=sshd \
			ODCREAT_EXE=/usr/sbin/sshd ODCREAT_UID=0 $seen
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 5
	assert_line --index 1 --partial '"/usr/bin/tool",1,1,0,0,1,missing,'
	assert_line --index 2 --partial '"[uid 65534] /usr/sbin/sshd",1,1,0,0,1,missing,'
	assert_line --index 3 --partial '"/usr/bin/python3",1,1,0,0,1,missing,'
	assert_line --index 4 --partial '"[uid 1000] /home/u/odcreat-watch",1,1,0,1,1,missing,'
	refute_output --partial '"/usr/sbin/sshd"'
}

@test "odcreat-watch's lost=: the calls its process lost before a line, and a line for those alone, counted lost in the caller's row, not as calls" {
	local seen="ODCREAT_SEEN=sys_enter/openat ODCREAT_PATH=/x ODCREAT_RESULT=EINVAL ODCREAT_STATE=missing"
	{
		wline /usr/bin/tool 0 /x | sed 's/ seen=/ lost=3 seen=/'
		echo '2026-12-04T10:00:01.000000Z pid=42 prog="tool" call=none path="" uid=0 exe="/usr/bin/tool" lost=2 seen=sched/process_exit abi=native tid=42'
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --partial '"/usr/bin/tool",1,1,5,'
	{
		# shellcheck disable=SC2086
		export_entry _PID=5 _UID=0 _EXE=/usr/libexec/odcreat/odcreat-watch ODCREAT_PROG=tool \
			ODCREAT_EXE=/usr/bin/tool ODCREAT_UID=0 ODCREAT_LOST=3 $seen
		export_entry _PID=5 _UID=0 _EXE=/usr/libexec/odcreat/odcreat-watch ODCREAT_PROG=tool \
			ODCREAT_EXE=/usr/bin/tool ODCREAT_UID=0 ODCREAT_LOST=2 ODCREAT_SEEN=sched/process_exit ODCREAT_PATH=
		# Another user's entry for calls lost alone is no call, and not the watcher's word.
		export_entry _PID=7 _UID=1000 _EXE=/home/u/odcreat-watch ODCREAT_PROG=tool \
			ODCREAT_EXE=/usr/bin/tool ODCREAT_UID=0 ODCREAT_LOST=7 ODCREAT_SEEN=sched/process_exit ODCREAT_PATH=
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --partial '"/usr/bin/tool",1,1,5,0,'
}

@test "text in 80 columns: a long name on lines of its own, its figures under their headers; CSV and JSON keep it whole" {
	local long=/opt/$(printf 'very-long-directory-name/%.0s' 1 2 3 4 5 6 7)program
	{ line "$long" /x EINVAL missing "$MISSING"; line "$long" /y EINVAL dir "$DIR"
	  line "$long" /z EINVAL dangling 'einval=EINVAL freebsd=ENOENT mkdir=EEXIST legacy=fd+made linux-5.7=ENOTDIR+made'
	  for i in $(seq 12); do line "/usr/bin/prog$i" /x EINVAL file 'einval=EINVAL freebsd=ENOTDIR mkdir=ENOTDIR legacy=ENOTDIR linux-5.7=ENOTDIR'; done
	  line short /x EINVAL missing "$MISSING"; } > log
	run "$ODCREAT" report log
	assert_success
	run awk 'length($0) > 80 { print length($0) ": " $0 }' <<< "$output"
	assert_output ""
	run "$ODCREAT" report log
	# The name whole on its lines, cut at 79 columns and a backslash, the lines after
	# its first indented by 2; the row's figures on the next.
	[ ${#long} -gt 156 ] && [ ${#long} -le 233 ] || fail "the name is not on three lines: ${#long}"
	run grep -A4 -xF "${long:0:79}\\" <<< "$output"
	assert_line --index 1 --regexp '^  [^ ].*\\$'
	assert_line --index 2 --regexp '^  [^ ].*\\$'
	assert_equal "$(head -3 <<< "$output" | sed 's/^  //; s/\\$//' | tr -d '\n')" "$long"
	# Its states, wrapped at their commas in their column.
	assert_line --index 3 --regexp '^ {28} +3 +1 +0 +3 +3 +L  missing,dir,$'
	assert_line --index 4 --regexp '^ {67}dangling$'
	run "$ODCREAT" report log
	assert_line --regexp '^short +1 +1 +0 +1 +1 +L  missing$'
	# The lists of names that would notice a mode wrap under the first, each in quotes.
	assert_line --regexp '^  freebsd    "/opt/very-long-directory-name/'
	assert_line --regexp '^ {13}"/usr/bin/prog1" "/usr/bin/prog2" "/usr/bin/prog3" "/usr/bin/prog4"$'
	assert_line --regexp '^ {13}"/usr/bin/prog9" "/usr/bin/prog10" "/usr/bin/prog11"$'
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 --partial "\"$long\",3,"
	run "$ODCREAT" report --format=json log
	assert_output --partial "\"program\":\"$long\""
}

# forged_sshd: a program whose name, cut at column 79, would begin a line
# with a row for /usr/bin/sshd and the figures of its choice.
forged_sshd() {
	echo "/home/u/$(printf 'p%.0s' {1..71})/usr/sbin/sshd                   7     1     0       0     1  missing"
}

# no_forged_row TEXT: no line of TEXT, nor of it as a terminal of any width from
# 20 to 100 columns breaks it, holds sshd before blanks or forged_sshd's figures.
no_forged_row() {
	local width
	[ -z "$(awk 'length > 80' <<< "$1")" ] || fail "longer than 80 columns: $1"
	for width in $(seq 20 100); do
		! fold -w "$width" <<< "$1" | grep -E 'sshd +|7 +1 +0 +0 +1' ||
			fail "a row for sshd at $width columns: $1"
	done
}

@test "text: a name never passes for a row: its blanks written \x20, the lines after its first indented, at any width" {
	line "$(forged_sshd)" /x EINVAL missing "$MISSING" > log
	run "$ODCREAT" report log
	assert_success
	no_forged_row "$output"
	# The name's first line holds its first 79 columns; the next begin with the report's blanks.
	assert_line --index 1 "/home/u/$(printf 'p%.0s' {1..71})\\"
	assert_line --index 2 --regexp '^  /usr/sbin/sshd(\\x20)+\\$'
	assert_line --index 4 --regexp '^  (\\x20)*0(\\x20)*1\\x20\\x20missing\\$'
	assert_line --index 5 --regexp '^ {28} +1 +1 +0 +1 +1 +L  missing$'
	refute_line --regexp '^[^ ].* +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +L  missing$'
	# An empty name is written "", which no name can be: its row still begins with its key.
	line '' /x EINVAL missing "$MISSING" > log
	run "$ODCREAT" report log
	assert_line --index 1 --regexp '^"" +1 +1 +0 +1 +1 +L  missing$'
	assert_line '  freebsd    ""'
	# by host too, where the host is anyone's word in a syslog header
	printf '<14>1 2026-12-04T10:00:00Z %s prog - - - %s\n' "$(printf 'h%.0s' {1..60})" \
		"$(line "$(forged_sshd)" /x EINVAL missing "$MISSING")" > log
	run "$ODCREAT" report --by=host,program log
	assert_success
	no_forged_row "$output"
	# CSV and JSON keep the name whole.
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 --partial "\"$(forged_sshd)\","
}

@test "text: each name of a list of names in quotes, its blanks written \x20: two names never read as one" {
	{
		line '/usr/bin/a b' /x EINVAL missing "$MISSING"
		line /usr/bin/c /x EINVAL missing "$MISSING"
		echo "$(line /usr/bin/python3 /x EINVAL missing "$MISSING") script=\"x y.py\""
	} > log
	run "$ODCREAT" report log
	assert_success
	assert_line --regexp '^/usr/bin/a\\x20b +1 +1 +0 +1 +1 +L  missing$'
	assert_line --regexp '^/usr/bin/python3 x\\x20y\.py +1 +1 +0 +1 +1 +L  missing$'
	assert_line '  freebsd    "/usr/bin/a\x20b" "/usr/bin/c" "/usr/bin/python3 x\x20y.py"'
	# Unreadable lines' files, named in a list too.
	echo garbage > 'a log'
	run "$ODCREAT" report 'a log' log
	assert_line "1 line could not be read: a\\x20log:1"
	# A drill-down takes a name as the text writes it, or as it is.
	run "$ODCREAT" report '--program=/usr/bin/a\x20b' log
	assert_line --index 0 '/usr/bin/a\x20b: 1 call'
	run "$ODCREAT" report '--program=/usr/bin/a b' log
	assert_line --index 0 '/usr/bin/a\x20b: 1 call'
	run "$ODCREAT" report '--program=python3 x\x20y.py' log
	assert_line --index 0 '/usr/bin/python3: 1 call'
	assert_line --index 2 '        1  x\x20y.py'
}

@test "one call, program and host in the singular; a call made under a mode never notices that mode" {
	# Made under mkdir: the directory it made is no change from itself.
	echo "2026-12-04T10:00:00.000000Z pid=1 prog=\"tool\" call=openat dirfd=AT_FDCWD path=\"d\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=mkdir result=3 state=missing would=\"$MISSING native=EINVAL\"" > log
	run "$ODCREAT" report log
	assert_success
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
	assert_line --regexp '^tool +1/0 +1/0 +0/0 +0/1 +1/1 +1/0$'
	assert_line --regexp '^  mkdir +none$'
	assert_line --regexp '^  legacy +"tool"$'
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 '"tool",1,1,0,1,1,missing,1,0,1,0,0,0,0,1,1,1,1,0,"",library'
}
