#!/usr/bin/env bats
# odcreat report with both eyes: a call the library logged and the watcher
# saw too is one call, in one row, with what each saw; calls that only
# look alike stay two; the project's own checks (an empty path) are no
# call; and the memory the join takes is bounded.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
}

MISSING='einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL'
FLAGS='O_RDONLY|O_CREAT|O_DIRECTORY|O_CLOEXEC'

# lib TIME PID PATH [UID [SEQ [FIELD=VALUE...]]]: the library's line of a call in native
# mode; FIELD=VALUE replaces a field (or adds one).
lib() {
	local time=$1 pid=$2 path=$3 uid=${4:-0} seq=${5:-1}
	shift $(($# < 5 ? $# : 5))
	fields "$time pid=$pid prog=\"tool\" call=open64 dirfd=AT_FDCWD path=\"$path\" flags=$FLAGS mode=0777 semantics=native result=EINVAL state=missing would=\"$MISSING\" dir=\"/srv\" uid=$uid exe=\"/usr/bin/tool\" where=\"/usr/bin/tool+0x10\" run=0000002a seq=$seq lost=0" "$@"
}

# seen TIME PID PATH [UID [FIELD=VALUE...]]: the watcher's line of the same call: its pid=
# as the watcher's namespace numbers the caller, nspid= as the caller's own does; the
# state read after the call (here, not read).
seen() {
	local time=$1 pid=$2 path=$3 uid=${4:-0}
	shift $(($# < 4 ? $# : 4))
	fields "$time pid=$((pid + 1000)) prog=\"tool\" call=openat dirfd=AT_FDCWD path=\"$path\" flags=$FLAGS mode=0777 semantics=native result=EINVAL dir=\"/srv\" uid=$uid exe=\"/usr/bin/tool\" seen=sys_enter/openat abi=native tid=$pid nspid=$pid ruid=$uid egid=0 cgroup=\"/\" cgroup_id=1 mntns=1 pidns=2 userns=3 state_unread=late" "$@"
}

# fields LINE [FIELD=VALUE...]: LINE with each FIELD's value replaced, or the field added.
fields() {
	local line=" $1 " field
	shift
	for field in "$@"; do
		if [[ $line == *" ${field%%=*}="* ]]; then
			line=$(sed -E "s# ${field%%=*}=(\"[^\"]*\"|[^ ]*) # $field #" <<< "$line")
		else
			line+="$field "
		fi
	done
	line=${line# }
	echo "${line% }"
}

T0=2026-12-04T10:00:00.000000Z
T1=2026-12-04T10:00:00.400000Z
T2=2026-12-04T10:00:01.500000Z

# log_dir: a log directory as a survey makes one, in $SCRATCH/log/: root's 0.log, nobody's file.
log_dir() {
	needs_root "a log directory's files owned by root and by nobody"
	install -d -m 1733 -o root log
	NOBODY=$(id -u nobody)
}

# own FILE UID: FILE as the library would have left it for UID.
own() {
	chown "$2" "$1"
	chmod 0600 "$1"
}

@test "a log directory with both eyes: a user's call, the library's line in the user's file and the watcher's in root's, is one call, seen by both, with the library's state and call site, its program vouched for by the kernel" {
	log_dir
	{ lib $T0 7 /srv/a "$NOBODY" 1; lib $T1 7 /srv/b "$NOBODY" 2; } > "log/$NOBODY.log"
	# The watcher's lines are written once it has looked: after the library's.
	{ seen $T0 7 /srv/a "$NOBODY"; seen $T1 7 /srv/b "$NOBODY"; seen $T1 8 /srv/static "$NOBODY"; } > log/0.log
	own log/0.log 0
	own "log/$NOBODY.log" "$NOBODY"
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_line --index 0 --regexp ',script,eyes$'
	# Its two calls, one of the watcher's alone (a static program's), none claimed.
	assert_line --index 1 "\"[uid $NOBODY] /usr/bin/tool\",3,1,0,0,3,missing,0,0,2,0,2,2,2,2,2,2,0,0,\"\",library;watcher"
	assert_equal "${#lines[@]}" 2
	run "$ODCREAT" report log/
	assert_line --regexp "^\\[uid $NOBODY\\] /usr/bin/tool +3 +1 +0 +0 +3 +LW  missing$"
	assert_line "3 calls from 1 program on 1 host; 0 lost, 0 claimed"
	run "$ODCREAT" report --format=json log/
	run python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["calls"], r["rows"][0]["eyes"])' <<< "$output"
	assert_output "3 ['library', 'watcher']"
	# The library's call site, and its state where the watcher read none.
	run "$ODCREAT" report --program=tool log/
	assert_line "[uid $NOBODY] /usr/bin/tool: 3 calls"
	assert_line "        2  /usr/bin/tool+0x10"
	assert_line "        1  -"
	run grep -A1 -x "        1  /srv/a" <<< "$output"
	assert_line --index 1 "           state missing, got EINVAL; would get: einval EINVAL, freebsd ENOENT,"
}

@test "in one file, the watcher's line up to 2 s after the library's, or before it: one call; either eye alone, the same calls and paths" {
	{ lib $T0 7 /srv/a; lib $T1 7 /srv/b 0 2; seen $T0 7 /srv/a; seen $T1 7 /srv/b; } > both
	{ seen $T0 9 /srv/c; lib $T1 9 /srv/c; } >> both
	grep -v ' seen=' both > library
	grep ' seen=' both > watcher
	local each
	for each in both library watcher; do
		run "$ODCREAT" report --format=csv "$each"
		assert_success
		assert_line --index 1 --regexp '^"/usr/bin/tool",3,1,0,3,3,'
	done
	run "$ODCREAT" report --format=csv both
	assert_line --index 1 --regexp ',library;watcher$'
}

@test "calls that only look alike are two: another process, thread, path, result or kind of call, or over 1 s apart" {
	{
		lib $T0 7 /srv/a
		seen $T0 8 /srv/a
		seen $T0 7 /srv/a 0 tid=70
		lib $T0 7 /srv/b 0 2 tid=7
		seen $T0 7 /srv/b 0 tid=70
		lib $T0 7 /srv/c 0 3
		seen $T0 7 /srv/C
		lib $T0 7 /srv/d 0 4
		seen $T0 7 /srv/d 0 result=ENOENT
		lib $T0 7 /srv/e 0 5 call=openat2
		seen $T0 7 /srv/e
		lib $T0 7 /srv/f 0 6
		seen $T2 7 /srv/f
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	# The library's line of /srv/a joins the watcher's of its thread (none named), not another process's.
	assert_line --index 1 --regexp '^"/usr/bin/tool",12,'
}

@test "one call whatever the entry point said: open64's O_LARGEFILE, syscall(), and a result the watcher could not see" {
	{
		lib $T0 7 /srv/a 0 1 "flags=O_RDONLY|O_CREAT|O_DIRECTORY|O_LARGEFILE|O_CLOEXEC"
		seen $T0 7 /srv/a
		lib $T0 7 /srv/b 0 2 "call=syscall(SYS_openat)"
		seen $T0 7 /srv/b
		lib $T0 7 /srv/c 0 3 call=openat2
		seen $T0 7 /srv/c 0 call=openat2
		lib $T0 7 /srv/d 0 4
		seen $T0 7 /srv/d 0 result=unknown
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_line --index 1 --regexp '^"/usr/bin/tool",4,1,0,4,4,missing,.*,library;watcher$'
}

@test "another pid namespace: the library's pid= and the watcher's nspid= are the caller's own; the watcher's pid= is its own namespace's" {
	{ lib $T0 1 /srv/a; seen $T0 1 /srv/a 0 pid=4242 nspid=1; seen $T1 1 /srv/b 0 pid=4243 nspid=2; lib $T1 1 /srv/b 0 2; } > log
	run "$ODCREAT" report --format=csv log
	assert_line --index 1 --regexp '^"/usr/bin/tool",3,'
}

@test "a user's line that names another program joins no call of it: root's call, vouched for by the kernel, stays root's" {
	log_dir
	seen $T0 7 /srv/a > log/0.log
	lib $T0 7 /srv/a "$NOBODY" 1 exe="/usr/bin/tool" > "log/$NOBODY.log"
	own log/0.log 0
	own "log/$NOBODY.log" "$NOBODY"
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_line "\"/usr/bin/tool\",1,1,0,0,1,,,,,,,,,,,,,,\"\",watcher"
	assert_line --regexp "^\"\\[uid $NOBODY\\] /usr/bin/tool\",1,1,0,1,1,missing,.*,library\$"
}

@test "an empty path is no call: the project's own checks of the kernel's meaning, as the watcher logged them, and a program's own; what they say was lost still counts" {
	{
		lib $T0 7 /srv/a
		seen $T0 7 '' 0 flags=O_RDWR\|O_CREAT\|O_DIRECTORY\|O_CLOEXEC mode=0000 state_unread=changed
		seen $T0 1234 '' 0 'prog="odcreat-watch"' 'exe="/usr/libexec/odcreat/odcreat-watch"' lost=0
		seen $T1 7 /srv/a
		lib $T1 7 '' 0 2
		seen $T1 7 '' 0 lost=4
	} > log
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_equal "${#lines[@]}" 2
	# The library's line 2 is no call, but no line is missing from its run: 4 lost, the watcher's.
	assert_line --index 1 --regexp '^"/usr/bin/tool",1,1,4,1,1,missing,'
	run "$ODCREAT" report --program=odcreat-watch log
	assert_failure 1
}

@test "the join's memory is bounded: 400,000 calls seen by both eyes, in a log directory's two files, in 24 MiB of address space" {
	log_dir
	awk -v uid="$NOBODY" -v flags="$FLAGS" 'BEGIN {
		for (i = 0; i < 400000; i++)
			printf "2026-12-04T10:%02d:%02d.%06dZ pid=%d prog=\"t\" call=open64 dirfd=AT_FDCWD path=\"/srv/%d\" flags=%s mode=0777 semantics=native result=EINVAL state=missing uid=%d exe=\"/usr/bin/t\" run=00000001 seq=%d lost=0\n",
				int(i / 60000), int(i / 1000) % 60, i % 1000 * 1000, 100 + i % 50, i, flags, uid, int(i / 50) + 1
	}' > "log/$NOBODY.log"
	awk -v uid="$NOBODY" -v flags="$FLAGS" 'BEGIN {
		for (i = 0; i < 400000; i++)
			printf "2026-12-04T10:%02d:%02d.%06dZ pid=%d prog=\"t\" call=openat dirfd=AT_FDCWD path=\"/srv/%d\" flags=%s mode=0777 semantics=native result=EINVAL uid=%d exe=\"/usr/bin/t\" seen=sys_enter/openat nspid=%d\n",
				int(i / 60000), int(i / 1000) % 60, i % 1000 * 1000, 100 + i % 50, i, flags, uid, 100 + i % 50
	}' > log/0.log
	own log/0.log 0
	own "log/$NOBODY.log" "$NOBODY"
	prlimit --as=$((24 << 20)) "$ODCREAT" report < /dev/null > /dev/null 2>&1 ||
		skip "this build's odcreat needs more than 24 MiB of address space"
	run prlimit --as=$((24 << 20)) "$ODCREAT" report --format=csv log/
	assert_success
	assert_line --index 1 "\"[uid $NOBODY] /usr/bin/t\",400000,1,0,0,>100,missing,,,,,,,,,,,,,\"\",library;watcher"
}

# export_entry KEY=VALUE...: one journal export entry.
export_entry() {
	printf '%s\n' "$@" ''
}

@test "--journal: the library's entry of a call and the watcher's are one call, each read from its line (MESSAGE)" {
	local lib_line seen_line
	lib_line=$(lib $T0 7 /srv/a)
	seen_line=$(seen $T1 7 /srv/a)
	{
		export_entry _PID=7 _UID=0 _EXE=/usr/bin/tool ODCREAT_PROG=tool ODCREAT_PATH=/srv/a ODCREAT_RESULT=EINVAL \
			ODCREAT_STATE=missing "ODCREAT_WOULD=$MISSING" ODCREAT_WHERE=/usr/bin/tool+0x10 "MESSAGE=$lib_line"
		export_entry _PID=5 _UID=0 _EXE=/usr/libexec/odcreat/odcreat-watch ODCREAT_PROG=tool \
			ODCREAT_EXE=/usr/bin/tool ODCREAT_UID=0 ODCREAT_SEEN=sys_enter/openat ODCREAT_PATH=/srv/a \
			ODCREAT_RESULT=EINVAL "MESSAGE=$seen_line"
	} > export
	run "$ODCREAT" report --journal --format=csv export
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp '^"/usr/bin/tool",1,1,0,0,1,missing,.*,library;watcher$'
}

@test "a log directory of more files than may be open at once: each read together, or an error, status 1, and no table" {
	log_dir
	local uid
	for uid in $(seq 2000 2019); do
		lib $T0 "$uid" /srv/a "$uid" > "log/$uid.log"
		own "log/$uid.log" "$uid"
	done
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_equal "${#lines[@]}" 21
	run --separate-stderr prlimit --nofile=12 "$ODCREAT" report --format=csv log/
	assert_failure 1
	assert_output ""
	[[ $stderr == *": Too many open files"* ]] || fail "$stderr"
}

# readme_block TEXT: the first fenced block of the README after the line that holds TEXT.
readme_block() {
	awk -v text="$1" 'index($0, text) { found = 1; next }
		found && /^ *```/ { if (inside) exit; inside = 1; next }
		inside' "$ROOT/README.md"
}

@test "the README's both eyes: its table is what report prints for the calls it describes" {
	log_dir
	local script=/home/ann/project/tools/build.py started pid=100 seq
	local dir='einval=EINVAL freebsd=fd mkdir=fd legacy=EISDIR linux-5.7=EISDIR native=EINVAL'
	# ann's three runs of tools/build.py, each on cache and on the directory data, both eyes each.
	for started in python3 build.py b; do
		pid=$((pid + 1))
		seq=0
		for path in cache data; do
			seq=$((seq + 1))
			local state=missing would=$MISSING
			[ "$path" = data ] && state=dir would=$dir
			lib $T0 "$pid" "$path" 1000 "$seq" "prog=\"$started\"" 'exe="/usr/bin/python3.11"' \
				"script=\"$script\"" "state=$state" "would=\"$would\"" >> log/1000.log
			seen $T0 "$pid" "$path" 1000 "prog=\"$started\"" 'exe="/usr/bin/python3.11"' \
				"script=\"$script\"" "state=$state" "would=\"$would\"" >> log/0.log
		done
	done
	# A static program of root's, which no preload reaches.
	seen $T1 104 /srv/cache 0 'prog="mkstatic"' 'exe="/usr/local/bin/mkstatic"' state=missing \
		"would=\"$MISSING\"" >> log/0.log
	own log/0.log 0
	own log/1000.log 1000
	run "$ODCREAT" report log/
	assert_success
	local want
	want=$(readme_block 'made one call:')
	[ -n "$want" ] || fail "no table in the README"
	assert_equal "$(head -n "$(wc -l <<< "$want")" <<< "$output")" "$want"
}
