#!/usr/bin/env bats
# log = DIR/ (ODCREAT_LOG=DIR/): every user's calls, each in DIR/EUID.log,
# a file of that user's own that nobody else can have made or can write.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "files owned by root and by nobody"
	nobody_copies
	# Enterable by nobody: the log directory (root's, 1733) and where calls are made.
	R=$(mktemp -d /tmp/odcreat-logdir.XXXXXX)
	chmod 755 "$R"
	install -d -m 1733 -o root "$R/log"
	mkdir -m 755 "$R/work"
}

teardown() {
	rm -rf "$R"
	[ -z "${NB:-}" ] || rm -rf "$NB"
}

# pair WHO LOG NAME [MODE]: odc_call as WHO (root or nobody) in MODE (mkdir),
# logging to LOG ("": no log), creating p in a new directory NAME of WHO's;
# prints "RESULT DISK", and exits as odc_call does (3: errno changed).
pair() {
	local who=$1 log=$2 name=$3 mode=${4:-mkdir} d="$R/work/$3"
	local -a as=()
	mkdir "$d"
	if [ "$who" = nobody ]; then
		chown nobody "$d"
		as=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
	fi
	(cd "$d" && "${as[@]}" env ${log:+ODCREAT_LOG="$log"} ODCREAT_MODE="$mode" \
		LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" open p creat,directory)
}

# refused WHO NAME [LOG]: WHO's call logging to LOG ($R/log/) gets what it
# gets with no log at all, with errno kept, and $R/log is left as it was.
refused() {
	local who=$1 name=$2 log=${3:-$R/log/} before mode
	before=$(ls -la --time-style=+%s.%N "$R/log/" | md5sum; cat "$R/log/"* 2>/dev/null | md5sum)
	for mode in mkdir einval; do
		run pair "$who" "" "plain-$name-$mode" "$mode"
		local want=$output
		assert_success
		run pair "$who" "$log" "$name-$mode" "$mode"
		assert_success
		assert_output "$want"
	done
	assert_equal "$(ls -la --time-style=+%s.%N "$R/log/" | md5sum; cat "$R/log/"* 2>/dev/null | md5sum)" "$before"
}

@test "root and nobody log into one directory: each line in its user's own file, 0600" {
	run pair root "$R/log/" r
	assert_success
	assert_output "fd:dir p:dir"
	run pair nobody "$R/log/" n
	assert_success
	assert_output "fd:dir p:dir"
	run ls "$R/log"
	assert_output "0.log
65534.log"
	assert_equal "$(stat -c '%U %a %h' "$R/log/0.log" "$R/log/65534.log")" "root 600 1
nobody 600 1"
	assert_equal "$(wc -l < "$R/log/0.log") $(wc -l < "$R/log/65534.log")" "1 1"
	grep -q " path=\"p\" .* semantics=mkdir result=[0-9]* .* uid=0 exe=\"$NB/tests/odc_call\" where=\"$NB/tests/odc_call+0x[0-9a-f]*\" run=[0-9a-f]\{8\} seq=1 lost=0\$" \
		"$R/log/0.log"
	grep -q " path=\"p\" .* semantics=mkdir result=[0-9]* .* uid=65534 exe=\"$NB/tests/odc_call\" where=\"$NB/tests/odc_call+0x[0-9a-f]*\" run=[0-9a-f]\{8\} seq=1 lost=0\$" \
		"$R/log/65534.log"
	# Later calls append to the same files.
	pair nobody "$R/log/" n2
	assert_equal "$(wc -l < "$R/log/65534.log")" 2
}

@test "odcreat -l DIR/ logs there; a relative DIR/ is made absolute" {
	cd "$R/work"
	run "$NB/odcreat" -m mkdir -l ../log/ -- "$NB/tests/odc_call" open d creat,directory
	assert_success
	assert_output "fd:dir d:dir"
	grep -q ' path="d" .* semantics=mkdir ' "$R/log/0.log"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$NB/odcreat" -m einval -l "$R/log/" -- "$NB/tests/odc_call" open /nonexistent/e creat,directory
	assert_output "EINVAL d:dir"
	grep -q ' path="/nonexistent/e" .* result=EINVAL ' "$R/log/65534.log"
}

@test "the common mistakes name their fix: -l DIR without its slash, a DIR/ not made yet" {
	run --separate-stderr "$NB/odcreat" -l "$R/log" -- true
	assert_failure 2
	unwrapped stderr
	assert_equal "$stderr" "odcreat: cannot open log $R/log: Is a directory
odcreat: name it $R/log/ to log each user in a file of its own there"
	run --separate-stderr "$NB/odcreat" -l "$R/new/" -- true
	assert_failure 2
	unwrapped stderr
	assert_equal "$stderr" "odcreat: log directory $R/new/: No such file or directory
odcreat: install -d -m 1733 -o root $R/new/ makes one every user may log to"
	[ ! -e "$R/new" ]
}

@test "odcreat -l DIR/ refuses a directory the library would not write to, saying why" {
	chmod 777 "$R/log"
	run "$NB/odcreat" -l "$R/log/" -- true
	assert_failure 2
	unwrapped
	assert_output "odcreat: log directory $R/log/: writable by group or others, and not sticky
odcreat: install -d -m 1733 -o root $R/log/ makes one every user may log to"
	chmod 1733 "$R/log"
	chown nobody "$R/log"
	run "$NB/odcreat" -l "$R/log/" -- true
	assert_failure 2
	assert_line --index 0 --partial ": not owned by root"
	chown root "$R/log"
	install -m 0644 -o nobody /dev/null "$R/log/0.log"
	run "$NB/odcreat" -l "$R/log/" -- true
	assert_success
	unwrapped
	assert_output "odcreat: log directory $R/log/: your file 0.log is owned by another user; each program logs to a file of its own instead, 0-KEY.log, whose name nobody else can know"
}

# diverted WHO UID NAME: WHO's call, logging to $R/log/ where UID.log is not
# WHO's own, gets what it gets with no log; its line is in a file of WHO's
# own under a private name, UID-KEY.log, the only such file.
diverted() {
	local who=$1 uid=$2 name=$3 want files
	run pair "$who" "" "plain-$name"
	assert_success
	want=$output
	run pair "$who" "$R/log/" "$name"
	assert_success
	assert_output "$want"
	files=$(cd "$R/log" && ls | grep -E "^$uid-[0-9a-f]{16}\.log\$")
	[ "$(wc -l <<< "$files")" -eq 1 ] || fail "private files: $files"
	assert_equal "$(stat -c '%U %a %h' "$R/log/$files")" "$who 600 1"
	grep -q " path=\"p\" .* uid=$uid " "$R/log/$files"
	assert_equal "$(grep -c . "$R/log/$files")" 1
}

@test "a file another user made in your name is not written to: your lines go to a name of your own" {
	# Root's, writable by all: nobody may open it, and must not use it.
	install -m 0666 -o root /dev/null "$R/log/65534.log"
	diverted nobody 65534 foreign
	[ ! -s "$R/log/65534.log" ]
	# And nobody's in root's name: root's calls are still recorded, and counted as root's.
	install -m 0600 -o nobody /dev/null "$R/log/0.log"
	diverted root 0 foreign-root
	[ ! -s "$R/log/0.log" ]
	run "$NB/odcreat" report --format=csv "$R/log/"
	assert_line --partial "\"$NB/tests/odc_call\",1,"
	assert_line --partial "\"[uid 65534] $NB/tests/odc_call\",1,"
	run "$NB/odcreat" report "$R/log/"
	assert_line "2 calls from 2 programs on 1 host; 0 lost, 2 claimed"
}

@test "report DIR/: files of one user in another's private names are skipped, ten said and the rest counted" {
	local i
	for i in $(seq 10 24); do
		install -m 0600 -o nobody /dev/null "$R/log/0-00000000000000$i.log"
	done
	run --separate-stderr "$NB/odcreat" report "$R/log/"
	assert_success
	unwrapped stderr
	assert_equal "$(grep -c ': skipped: owned by uid 65534, not by uid 0$' <<< "$stderr")" 10
	assert_equal "$(tail -n 1 <<< "$stderr")" "odcreat report: $R/log/: 5 more files skipped"
	assert_line "0 calls from 0 programs on 0 hosts; 0 lost, 0 claimed"
}

@test "a symlink in your name is not followed" {
	install -m 0600 -o nobody /dev/null "$R/target"
	ln -s "$R/target" "$R/log/65534.log"
	diverted nobody 65534 link
	[ ! -s "$R/target" ]
}

@test "a file of yours with another hard link is not written to" {
	install -m 0600 -o nobody /dev/null "$R/log/65534.log"
	ln "$R/log/65534.log" "$R/other"
	diverted nobody 65534 hardlink
	[ ! -s "$R/other" ]
}

@test "a file of yours that group or others may write is not written to" {
	install -m 0620 -o nobody /dev/null "$R/log/65534.log"
	[ ! -s "$R/log/65534.log" ]
	install -m 0602 -o root /dev/null "$R/log/0.log"
	diverted root 0 otherw
	[ ! -s "$R/log/0.log" ]
}

@test "a FIFO in your name is never waited on nor written to" {
	mkfifo -m 0600 "$R/log/65534.log"
	chown nobody "$R/log/65534.log"
	# Held open for reading (and writing, so the open never waits) by the test.
	exec 7<>"$R/log/65534.log"
	diverted nobody 65534 fifo
	local line=
	read -r -t 1 -u 7 line || true
	exec 7<&-
	assert_equal "$line" ""
	# With no reader, the open fails at once rather than waiting (the test's timeout).
	run timeout 10 bash -c "$(declare -f pair); R='$R' NB='$NB'; pair nobody '$R/log/' fifo2"
	assert_output "fd:dir p:dir"
}

@test "a directory others may write that is not sticky, or that root does not own, gets nothing" {
	chmod 0777 "$R/log"
	refused nobody nonsticky
	refused root nonsticky-root
	run ls -A "$R/log"
	assert_output ""
	chmod 0775 "$R/log"
	chgrp nogroup "$R/log"
	refused root groupw-dir
	chmod 0755 "$R/log"
	chown nobody "$R/log"
	refused nobody notroot
	run ls -A "$R/log"
	assert_output ""
}

@test "a symlink to a good log directory is not followed, trailing slash or not" {
	ln -s log "$R/linked"
	refused nobody dirlink "$R/linked/"
	refused root dirlink-root "$R/linked/"
	refused root dirlink-slashes "$R/linked//"
	run ls -A "$R/log"
	assert_output ""
}

@test "a directory exchanged with another while calls log: no line lands in the other" {
	# $R/d/log is the log directory; $R/d/evil is nobody's, which the library
	# must never write to. Descriptor 8 holds the log directory wherever the
	# swapper puts it.
	mkdir -m 755 "$R/d"
	mv "$R/log" "$R/d/log"
	install -d -m 0777 -o nobody "$R/d/evil"
	exec 8< "$R/d/log"
	python3 -c '
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b = (os.fsencode(p) for p in sys.argv[1:3])
end = time.time() + 120
open(sys.argv[4], "w").close()
while time.time() < end and not os.path.exists(sys.argv[3]):
    libc.renameat2(-100, a, -100, b, 2)
' "$R/d/log" "$R/d/evil" "$R/stop" "$R/started" &
	local swapper=$!
	while [ ! -e "$R/started" ]; do sleep 0.05; done
	mkdir "$R/work/race"
	chown nobody "$R/work/race"
	# Batches of calls until one process has met both directories: a line
	# lost to the other, then one in its file here that counts it (lost=).
	# On two busy cores the scheduler can hold the swapper still through a
	# whole batch, the other directory in place or this one: at most 100,000
	# calls or 60 s, whichever comes first.
	local calls=0 start=$SECONDS
	until grep -qs ' lost=[1-9]' /dev/fd/8/65534.log || [ $calls -ge 100000 ] || [ $((SECONDS - start)) -ge 60 ]; do
		(cd "$R/work/race" && setpriv --reuid=nobody --regid=nogroup --clear-groups env ODCREAT_LOG="$R/d/log/" \
			ODCREAT_MODE=einval LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" -n 500 open p creat,directory)
		calls=$((calls + 500))
	done
	touch "$R/stop"
	wait "$swapper"
	local other=$R/d/evil
	[ "$(stat -c %U "$R/d/log")" = root ] || other=$R/d/log
	run ls -A "$other"
	assert_output ""
	grep -q ' result=EINVAL .* lost=[1-9]' /dev/fd/8/65534.log ||
		fail "no call met the other directory in $calls calls, $((SECONDS - start)) s"
	exec 8<&-
}

@test "report DIR/ counts every user's calls, under the user the file's owner names, and skips a file no user alone wrote" {
	pair root "$R/log/" r
	pair nobody "$R/log/" n
	pair nobody "$R/log/" n2
	# A file in root's name that nobody owns, and a symlink, hard link and
	# group-writable file in other names: each skipped, with one line.
	install -m 0600 -o nobody /dev/null "$R/log/5.log"
	cp "$R/log/0.log" "$R/log/5.log"
	install -m 0600 -o 7 /dev/null "$R/log/7.log"
	ln -s 0.log "$R/log/8.log"
	install -m 0620 -o 9 /dev/null "$R/log/9.log"
	sed 's/ uid=0 / uid=9 /' "$R/log/0.log" > "$R/log/9.log"
	ln "$R/log/7.log" "$R/hard"
	# Not the library's names: left alone.
	cp "$R/log/0.log" "$R/log/00.log"
	cp "$R/log/0.log" "$R/log/0.log.1"
	run --separate-stderr "$NB/odcreat" report "$R/log/"
	assert_success
	assert_line "3 calls from 2 programs on 1 host; 0 lost, 3 claimed"
	# Each name longer than its column: on a line of its own, its calls first on the next.
	assert_equal "$(grep -m1 -A1 -xF "$NB/tests/odc_call\\" <<< "$output" | awk 'NR == 2 { print $1 }')" 1
	assert_equal "$(grep -m1 -A1 -xF "[uid 65534] $NB/tests/odc_call\\" <<< "$output" |
		awk 'NR == 2 { print $1 }')" 2
	unwrapped stderr
	assert_equal "$stderr" "odcreat report: $R/log/5.log: skipped: owned by uid 65534, not by uid 5
odcreat report: $R/log/7.log: skipped: has another hard link
odcreat report: $R/log/8.log: skipped: a symlink
odcreat report: $R/log/9.log: skipped: writable by group or others"
}

@test "report DIR/: a line in a user's file that claims another uid is not counted, for anyone" {
	pair nobody "$R/log/" n
	# nobody writes, into its own file, a line in root's name.
	sed 's/ uid=65534 / uid=0 /' "$R/log/65534.log" >> "$R/log/65534.log"
	run --separate-stderr "$NB/odcreat" report --format=json "$R/log"
	assert_success
	run python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["calls"], r["disowned"], [(p["program"], p["calls"]) for p in r["rows"]])' <<< "$output"
	assert_output "1 1 [('[uid 65534] $NB/tests/odc_call', 1)]"
	run "$NB/odcreat" report "$R/log/"
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
	assert_line "1 line not counted: its uid= is not its file's owner"
	# Only root may list a 1733 directory: anyone else is told so, not shown an empty report.
	run --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/odcreat" report "$R/log/"
	assert_failure 1
	assert_output ""
	unwrapped stderr
	assert_equal "$stderr" "odcreat report: $R/log/: Permission denied (only root may list a log directory of mode 1733)"
}

@test "report DIR/: a user's file grown sparse to 1 TiB, newlines in its holes, is read past its holes at once, and its lines after them counted" {
	pair nobody "$R/log/" n
	# 16 MiB of disk: a newline at the end of every 256 MiB.
	as_nobody /usr/bin/python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY)
os.ftruncate(fd, 1 << 40)
for i in range(1, 4097):
    os.pwrite(fd, b"\n", (i << 28) - 1)' "$R/log/65534.log"
	pair nobody "$R/log/" n2
	run --separate-stderr timeout 60 "$NB/odcreat" report "$R/log/"
	assert_success
	# Each 256 MiB, zeros and a hole, is a line cut by a hole: unparsed.
	assert_line --regexp "^2 calls from 1 program on 1 host; 0 lost, 2 claimed"
	assert_line --regexp "^4096 lines could not be read: "
	unwrapped stderr
	[[ $stderr =~ ^"odcreat report: $R/log/65534.log: skipped "([0-9]+)" bytes of holes"$ ]] || fail "$stderr"
	[ "${BASH_REMATCH[1]}" -gt $(((1 << 40) - (64 << 20))) ] || fail "$stderr"
}

# The shell commands of the README's survey step that begins with TEXT: the
# first fenced block after it (as tests/survey.bats reads them).
readme_step() {
	awk -v text="$1" 'index($0, text) { found = 1; next }
		found && /^ *```/ { if (inside) exit; inside = 1; next }
		inside { sub(/^   /, ""); print }' "$ROOT/README.md"
}

@test "the README's first survey step by hand makes a log that records root and nobody, and report counts both" {
	local step
	step=$(readme_step "1. Log every user's calls")
	[[ $step == *"install -d -m 1733 -o root /var/log/odcreat"* ]] || fail "step 2 is: $step"
	mkdir -m 755 "$R/upper" "$R/ovl"
	# /etc overlaid and /var/log a tmpfs, in a private mount namespace; odcreat as installed.
	needs_ns mount
	run unshare -m --propagation private bash -c "
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$R/upper',workdir='$R/ovl' /etc &&
		mount -t tmpfs odc-log /var/log &&
		odcreat() { '$NB/odcreat' \"\$@\"; } &&
		$step
		cd '$R/work' && mkdir -m 777 w && cd w &&
		LD_PRELOAD='$NB/libodcreat.so' '$NB/tests/odc_call' open r creat,directory &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups env LD_PRELOAD='$NB/libodcreat.so' \
			'$NB/tests/odc_call' open n creat,directory &&
		'$NB/odcreat' report /var/log/odcreat/"
	assert_success
	# --config-check's line, as it wraps it at 80 columns.
	assert_line "odcreat: /etc/odcreat.conf:2: log = /var/log/odcreat/: records every user's"
	assert_line "    calls, each in /var/log/odcreat/UID.log, a file of that user's own"
	assert_line "2 calls from 2 programs on 1 host; 0 lost, 2 claimed"
	assert_equal "$(grep -m1 -A1 -xF "[uid 65534] $NB/tests/odc_call\\" <<< "$output" | awk 'NR == 2 { print $1 }')" 1
}

@test "lines from before the constructor, a vfork child, a signal handler and 16 threads at once all arrive" {
	local w=$R/work/awkward n
	mkdir "$w" && cd "$w"
	ODCREAT_LOG="$R/log/" ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/early_main"
	assert_equal "$(grep -c ' path="early-' "$R/log/0.log")" 2
	run env ODCREAT_LOG="$R/log/" ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_stress" vfork
	assert_output "vfork=fd:dir"
	assert_equal "$(grep -c ' path="from-vfork"' "$R/log/0.log")" 1
	run env ODCREAT_LOG="$R/log/" ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" -t 16 open t creat,directory
	assert_output --partial "fds=16 inodes=1"
	assert_equal "$(grep -c ' path="t" ' "$R/log/0.log")" 16
	mkdir "$w/sig" && cd "$w/sig"
	n=$(grep -c . "$R/log/0.log")
	run env ODCREAT_LOG="$R/log/" ODCREAT_MODE=einval LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_stress" signal 200
	assert_success
	# Every line whole, and at least the handler's 200 and the main flow's 200.
	[ "$(($(grep -c . "$R/log/0.log") - n))" -ge 400 ]
	[ "$(grep -vc ' seq=[0-9]* lost=0$' "$R/log/0.log")" -eq 0 ]
	run ls "$R/log"
	assert_output "0.log"
}

@test "odcreat --seccomp -l DIR/: the supervisor's lines are in its user's file, and report counts them" {
	cd "$R/work"
	run "$NB/odcreat" --seccomp -m mkdir -l "$R/log/" -- "$NB/tests/odc_call_static" openat s creat,directory
	assert_output --regexp "^fd:dir s:dir"
	grep -q ' path="s" .* semantics=mkdir ' "$R/log/0.log"
	run "$NB/odcreat" report "$R/log/"
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
}

@test "ODCREAT_LOG=DIR/ relative to the working directory, as a relative log file is" {
	cd "$R"
	run env ODCREAT_LOG=log/ ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" open work/d creat,directory
	assert_output "fd:dir log:dir work:dir"
	grep -q ' path="work/d" .* semantics=mkdir ' "$R/log/0.log"
}

# splits WHAT: python3 under the library, ODCREAT_LOG=$R/log/, making the
# pair's call on a, then WHAT, then on b (and c): each line arrives, in the
# file of the user it was made as.
splits() {
	cd "$R/work"
	ODCREAT_LOG="$R/log/" ODCREAT_MODE=einval LD_PRELOAD="$NB/libodcreat.so" python3 -c '
import os, sys
def call(name):
    try:
        os.close(os.open(name, os.O_CREAT | os.O_DIRECTORY))
    except OSError:
        pass
what = sys.argv[1]
if what == "exec-again":
    call("b")
    sys.exit()
call("a")
if what == "euid":
    os.seteuid(65534); call("b"); os.seteuid(0); call("c")
elif what == "fork":
    pid = os.fork()
    if pid == 0:
        call("b")
        os._exit(0)
    os.waitpid(pid, 0)
    call("c")
elif what == "exec":
    os.execv(sys.executable, [sys.executable, "-c", open("/proc/self/cmdline").read().split("\0")[2],
                              "exec-again"])
elif what == "move":
    os.rename(sys.argv[2], sys.argv[2] + ".old")
    os.mkdir(sys.argv[2]); os.chmod(sys.argv[2], 0o1733)
    call("b")' "$@"
}

# The run (tag) and number of the line for NAME in FILE: "RUN SEQ".
run_of() {
	sed -n "s/.* path=\"$1\" .* run=\([0-9a-f]*\) seq=\([0-9]*\) lost=0\$/\1 \2/p" "$2"
}

@test "a process that changes its effective uid: each user's lines are a run of their own, numbered without gaps, and none lost" {
	splits euid
	assert_equal "$(grep -c . "$R/log/0.log") $(grep -c . "$R/log/65534.log")" "2 1"
	local a c
	a=$(run_of a "$R/log/0.log") c=$(run_of c "$R/log/0.log")
	assert_equal "${a% *} ${a#* } ${c#* }" "${c% *} 1 2"
	assert_equal "$(run_of b "$R/log/65534.log" | cut -d' ' -f2)" 1
	run "$NB/odcreat" report "$R/log/"
	assert_line "3 calls from 2 programs on 1 host; 0 lost, 3 claimed"
}

@test "a forked child, an exec and a vfork child each number a run of their own; the parent goes on; none lost" {
	local a b c
	splits fork
	a=$(run_of a "$R/log/0.log") b=$(run_of b "$R/log/0.log") c=$(run_of c "$R/log/0.log")
	assert_equal "${a#* } ${b#* } ${c#* }" "1 1 2"
	[ "${a% *}" = "${c% *}" ] && [ "${a% *}" != "${b% *}" ]
	splits exec
	a=$(run_of a "$R/log/0.log" | tail -1) b=$(run_of b "$R/log/0.log" | tail -1)
	assert_equal "${a#* } ${b#* }" "1 1"
	[ "${a% *}" != "${b% *}" ]
	cd "$R/work"
	run env ODCREAT_LOG="$R/log/" ODCREAT_MODE=einval LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_stress" vfork
	assert_output "vfork=EINVAL"
	a=$(run_of before-vfork "$R/log/0.log") b=$(run_of from-vfork "$R/log/0.log")
	c=$(run_of after-vfork "$R/log/0.log")
	assert_equal "${a#* } ${b#* } ${c#* }" "1 1 2"
	[ "${a% *}" = "${c% *}" ] && [ "${a% *}" != "${b% *}" ]
	run "$NB/odcreat" report "$R/log/"
	assert_line --regexp '^[0-9]+ calls from [0-9]+ programs on 1 host; 0 lost, '
}

@test "a log directory renamed while a process logs: the new one's report counts no line lost, nor do both" {
	splits move "$R/log"
	assert_equal "$(run_of a "$R/log.old/0.log" | cut -d' ' -f2) $(run_of b "$R/log/0.log" | cut -d' ' -f2)" "1 2"
	run "$NB/odcreat" report "$R/log/"
	assert_line "1 call from 1 program on 1 host; 0 lost, 1 claimed"
	run "$NB/odcreat" report "$R/log/" "$R/log.old/"
	assert_line "2 calls from 1 program on 1 host; 0 lost, 2 claimed"
	rm -rf "$R/log.old"
}
