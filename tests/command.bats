#!/usr/bin/env bats
# The odcreat command: options, exit statuses, LD_PRELOAD composition, the
# audit log, the probe, install, the man pages (and tests/manlint.sh) and the demo.

load test_helper
bats_require_minimum_version 1.5.0

ODCREAT="$BUILD/odcreat"
# What odcreat preloads: its build tree, where each ABI's loader looks ($LIB).
PRELOAD="$BUILD/\$LIB/odcreat/libodcreat.so"

setup() {
	new_scratch
	cd "$SCRATCH"
}

# One audit line, field by field.
LOG_LINE='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z pid=[0-9]+ prog="[^"]*" call=[a-z0-9_()A-Z]+ dirfd=(AT_FDCWD|[0-9]+) path="[^"]*" flags=O_[A-Z_|0-9]+ mode=0[0-7]+( resolve=[A-Z_|]+)? semantics=[a-z0-9.-]+ result=([0-9]+|E[A-Z]+)( state=[a-z-]+ would="[a-z0-9.-]+=(fd|E[A-Z]+)(\+made)?( [a-z0-9.-]+=(fd|E[A-Z]+)(\+made)?){4,5}")?( dir="[^"]*")? uid=[0-9]+ exe="[^"]*"( script="[^"]*")?( where="[^"]*")? run=[0-9a-f]{8} seq=[1-9][0-9]* lost=[0-9]+$'

@test "--help and -h print the usage and exit 0" {
	for opt in --help -h; do
		run "$ODCREAT" $opt
		assert_success
		assert_line --index 0 "usage: odcreat [--seccomp [-v]] [-m MODE] [-l FILE|DIR/] [--] COMMAND [ARG...]"
		assert_output --partial "$ALL_MODES"
	done
}

@test "--help, report's and survey's, and --list-modes fit in 80 columns" {
	local what
	for what in --help --list-modes "report --help" "survey --help"; do
		run $ODCREAT $what
		assert_success
		run awk -v what="$what" 'length($0) > 80 { print what ": " length($0) ": " $0 }' <<< "$output"
		assert_output ""
	done
}

@test "--version prints the version" {
	run "$ODCREAT" --version
	assert_success
	assert_output "odcreat 0.1.0"
}

@test "--list-modes names every mode and the systems it reproduces" {
	run "$ODCREAT" --list-modes
	assert_success
	assert_equal "${#lines[@]}" 6
	assert_line --index 0 --regexp '^einval +Linux >= 6.4.*NetBSD, macOS \(default\)$'
	assert_line --index 1 --regexp '^freebsd +FreeBSD >= 11, illumos$'
	assert_line --index 2 --regexp '^mkdir +the series \(v6, in no released kernel\): the directory made and opened$'
	assert_line --index 3 --regexp '^legacy +Linux <= 5.6: a regular file made and opened, EISDIR for a directory$'
	assert_line --index 4 --regexp '^linux-5.7 +Linux 5.7-6.3, unfixed 5.10/5.15, OpenBSD <= 7.6: stray file, ENOTDIR$'
	assert_line --index 5 --regexp '^native +'
}

@test "every place says the same of each mode: the README's tables and odcreat(7)'s, as --list-modes and tests/table.txt say" {
	"$ODCREAT" --list-modes > "$BATS_TEST_TMPDIR/modes"
	run python3 "$ROOT/tests/docs_modes.py" "$ROOT" "$BATS_TEST_TMPDIR/modes"
	assert_success
	assert_output ""
	# The checker finds a cell that says otherwise, in either table.
	sed 's/^directory\tEINVAL\tdir\tdir\tEISDIR/directory\tEINVAL\tdir\tdir\tdir/' "$ROOT/man/odcreat.7" \
		> "$BATS_TEST_TMPDIR/odcreat.7"
	mkdir -p "$BATS_TEST_TMPDIR/copy/man" "$BATS_TEST_TMPDIR/copy/tests"
	cp "$ROOT/README.md" "$BATS_TEST_TMPDIR/copy/"
	cp "$ROOT/tests/table.txt" "$BATS_TEST_TMPDIR/copy/tests/"
	mv "$BATS_TEST_TMPDIR/odcreat.7" "$BATS_TEST_TMPDIR/copy/man/"
	run python3 "$ROOT/tests/docs_modes.py" "$BATS_TEST_TMPDIR/copy" "$BATS_TEST_TMPDIR/modes"
	assert_failure
	assert_output "odcreat(7): directory, legacy: says 'dir', tests/table.txt 'EISDIR' (EISDIR p:dir)"
}

@test "an unknown mode is a usage error that lists the valid modes and runs nothing" {
	run "$ODCREAT" -m bogus touch ran
	assert_failure 2
	unwrapped
	assert_output --partial "unknown mode \"bogus\"; valid modes: $ALL_MODES"
	run env ODCREAT_MODE=mkdr "$ODCREAT" touch ran
	assert_failure 2
	unwrapped
	assert_output --partial "unknown mode \"mkdr\" in ODCREAT_MODE"
	[ ! -e ran ]
}

@test "usage errors exit 2" {
	run "$ODCREAT"
	assert_failure 2
	assert_output --partial "no command given"
	run "$ODCREAT" --frobnicate true
	assert_failure 2
	assert_output --partial "unknown option --frobnicate"
	run "$ODCREAT" --probe=yes
	assert_failure 2
	assert_output --partial "option --probe=yes takes no value"
	run "$ODCREAT" --probe extra
	assert_failure 2
	run "$ODCREAT" --probe --seccomp
	assert_failure 2
	assert_output --partial "take no other arguments"
	run "$ODCREAT" --seccomp
	assert_failure 2
	assert_output --partial "no command given"
	run "$ODCREAT" --seccomp -m bogus true
	assert_failure 2
	assert_output --partial 'unknown mode "bogus"'
	run "$ODCREAT" -l /nonexistent/dir/log true
	assert_failure 2
	assert_output --partial "cannot open log /nonexistent/dir/log: No such file or directory"
}

@test "-m, --mode, -l and --log without a value say what value they need" {
	for option in -m --mode; do
		run "$ODCREAT" "$option"
		assert_failure 2
		unwrapped
		assert_line --index 0 "odcreat: $option needs a mode; valid modes: $ALL_MODES"
		assert_line --index 1 --partial "usage: odcreat "
	done
	# Run together with another short option, it is still -m that lacks its mode.
	run "$ODCREAT" -vm
	unwrapped
	assert_line --index 0 "odcreat: -m needs a mode; valid modes: $ALL_MODES"
	for option in -l --log; do
		run "$ODCREAT" "$option"
		assert_failure 2
		assert_line --index 0 "odcreat: $option needs a log: FILE, DIR/, stderr, syslog or journal"
	done
}

@test "--mode= and -m '' mean what an empty ODCREAT_MODE means: the default, over an inherited mode" {
	# The command gets an empty ODCREAT_MODE, whatever it inherited.
	ODCREAT_MODE=mkdir run "$ODCREAT" --mode= sh -c 'echo "[$ODCREAT_MODE]"'
	assert_success
	assert_output "[]"
	# ...which the library reads as the default: einval here, where no file says otherwise.
	[ ! -e /etc/odcreat.conf ] || skip "/etc/odcreat.conf sets the default here"
	ODCREAT_MODE=mkdir run "$ODCREAT" --mode= "$ODC_CALL" open a creat,directory
	assert_output "EINVAL -"
	ODCREAT_MODE=mkdir run "$ODCREAT" -m '' "$ODC_CALL" open a creat,directory
	assert_output "EINVAL -"
	# As the environment's own empty value does, and as the supervisor does.
	ODCREAT_MODE= run "$ODCREAT" "$ODC_CALL" open a creat,directory
	assert_output "EINVAL -"
	ODCREAT_MODE=mkdir run "$ODCREAT" --seccomp --mode= -l stderr "$ODC_CALL" open a creat,directory
	assert_line "EINVAL -"
	assert_line --partial " semantics=einval "
}

@test "exit status: the command's own, 127 when not found, 126 when it cannot run" {
	run "$ODCREAT" sh -c 'exit 7'
	assert_failure 7
	run "$ODCREAT" true
	assert_success
	# A PATH that the test controls: a directory that cannot be entered makes it 126.
	PATH=/usr/bin:/bin run -127 "$ODCREAT" no-such-command-here
	assert_output "odcreat: no-such-command-here: No such file or directory"
	printf 'data' > not-executable
	run "$ODCREAT" ./not-executable
	assert_failure 126
	run "$ODCREAT" "$SCRATCH"
	assert_failure 126
}

@test "-m, --mode= and an inherited ODCREAT_MODE reach the command and its semantics" {
	run "$ODCREAT" -m mkdir "$ODC_CALL" open a creat,directory
	assert_output "fd:dir a:dir"
	run "$ODCREAT" --mode=legacy "$ODC_CALL" open b creat,directory
	assert_output "fd:file a:dir b:file"
	run env ODCREAT_MODE=freebsd "$ODCREAT" sh -c 'echo $ODCREAT_MODE'
	assert_output "freebsd"
	run env -u ODCREAT_MODE "$ODCREAT" "$ODC_CALL" open c creat,directory
	assert_output "EINVAL a:dir b:file"
	run "$ODCREAT" -m freebsd -- "$ODC_CALL" open a creat,directory
	assert_output "fd:dir a:dir b:file"
}

@test "LD_PRELOAD: the shim first (by $LIB, for every ABI), the rest kept, never twice" {
	run env -u LD_PRELOAD "$ODCREAT" sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD"
	other=$(ldconfig -p | awk '/libm\.so\.6 .*x86-64/ {print $NF; exit}')
	run env LD_PRELOAD="$other" "$ODCREAT" sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD:$other"
	run env LD_PRELOAD="$other" "$ODCREAT" -m mkdir "$ODCREAT" -m legacy \
		sh -c 'echo "$LD_PRELOAD $ODCREAT_MODE"'
	assert_output "$PRELOAD:$other legacy"
	# (ld.so complains on stderr that it cannot preload the other copy into odcreat itself)
	run --separate-stderr env LD_PRELOAD="/elsewhere/libodcreat.so $other" "$ODCREAT" \
		sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD:$other"
}

@test "the command finds its library wherever it is run from" {
	cd /
	run "$ODCREAT" sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD"
	run env PATH="$BUILD:$PATH" odcreat sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD"
	ln -s "$ODCREAT" "$SCRATCH/linked"
	run "$SCRATCH/linked" sh -c 'echo "$LD_PRELOAD"'
	assert_output "$PRELOAD"
}

@test "the log: one whole line per redefined call, none for ordinary opens" {
	mkdir sub
	run "$ODCREAT" -m mkdir -l audit.log sh -c \
		"cd sub && '$ODC_CALL' open d creat,directory && '$ODC_CALL' openat f creat,wronly &&
		 '$ODC_CALL' -r beneath openat2 e creat,directory,excl"
	assert_success
	run cat audit.log
	assert_equal "${#lines[@]}" 2
	for line in "${lines[@]}"; do
		[[ "$line" =~ $LOG_LINE ]] || fail "malformed: $line"
	done
	assert_line --index 0 --regexp ' prog="odc_call" call=open dirfd=AT_FDCWD path="d" flags=O_RDONLY\|O_CREAT\|O_DIRECTORY mode=0755 semantics=mkdir result=[0-9]+ state=missing '
	assert_line --index 1 --regexp ' call=openat2 dirfd=[0-9]+ path="e" flags=O_RDONLY\|O_CREAT\|O_EXCL\|O_DIRECTORY mode=0755 resolve=RESOLVE_BENEATH semantics=mkdir result=[0-9]+ state=missing '
	run "$ODCREAT" -m legacy -l stderr "$ODC_CALL" sys_openat sub/d creat,directory
	assert_line --index 0 --regexp ' call=syscall\(SYS_openat\) .* semantics=legacy result=EISDIR state=dir '
}

@test "the log names a program by the file it was started from, as comm and --seccomp do" {
	run --separate-stderr env ODCREAT_MODE=einval ODCREAT_LOG=stderr LD_PRELOAD="$SHIM" \
		bash -c 'exec -a another-name "$0" open d creat,directory' "$ODC_CALL"
	assert_output "EINVAL -"
	[[ $stderr == *' prog="odc_call" call=open '* ]]
}

@test "the log escapes names so that none can forge a line" {
	name=$(printf 'evil"\nname\\x')
	"$ODCREAT" -m einval -l audit.log "$ODC_CALL" open "$name" creat,directory
	run cat audit.log
	assert_equal "${#lines[@]}" 1
	assert_output --partial 'path="evil\x22\x0aname\x5cx"'
	[[ "$output" =~ $LOG_LINE ]]
}

@test "a relative path's line says where it started, as the kernel names the directory; an absolute path's does not" {
	mkdir -p sub/inner $'we"ird\ndir'
	ln -s sub link
	local real
	real=$(pwd -P)
	(cd link && env ODCREAT_MODE=einval ODCREAT_LOG="$real/rel.log" LD_PRELOAD="$SHIM" "$ODC_CALL" open d creat,directory) > /dev/null
	env ODCREAT_MODE=einval ODCREAT_LOG="$real/rel.log" LD_PRELOAD="$SHIM" "$ODC_CALL" -D 7 openat d creat,directory 7< sub/inner > /dev/null
	(cd $'we"ird\ndir' && env ODCREAT_MODE=einval ODCREAT_LOG="$real/rel.log" LD_PRELOAD="$SHIM" "$ODC_CALL" open d creat,directory) > /dev/null
	env ODCREAT_MODE=einval ODCREAT_LOG="$real/rel.log" LD_PRELOAD="$SHIM" "$ODC_CALL" open "$real/abs" creat,directory > /dev/null
	run cat rel.log
	assert_equal "${#lines[@]}" 4
	assert_line --index 0 --partial " path=\"d\" "
	assert_line --index 0 --partial "\" dir=\"$real/sub\" uid="
	assert_line --index 1 --partial "\" dir=\"$real/sub/inner\" uid="
	assert_line --index 2 --partial "\" dir=\"$real/we\\x22ird\\x0adir\" uid="
	refute_line --index 3 --partial " dir="
	for line in "${lines[@]}"; do
		[[ $line =~ $LOG_LINE ]] || fail "malformed: $line"
	done
	# einval made nothing.
	[ ! -e sub/d ] && [ ! -e sub/inner/d ] && [ ! -e abs ]
}

@test "a long path is cut inside its quotes and marked; the line keeps every field, and report counts it" {
	local long
	long=$(printf 'é%.0s' {1..480})
	run env ODCREAT_MODE=native ODCREAT_LOG=audit.log LD_PRELOAD="$SHIM" "$ODC_CALL" open "$long" creat,directory
	assert_output "EINVAL audit.log:data"
	run cat audit.log
	assert_equal "${#lines[@]}" 1
	[[ "$output" =~ $LOG_LINE ]] || fail "malformed: $output"
	assert_output --regexp ' path="(\\x[0-9a-f]{2})+\\\.\.\." flags=O_RDONLY\|O_CREAT\|O_DIRECTORY .* result=EINVAL state=error would="'
	[ "${#output}" -lt 2048 ]
	run "$ODCREAT" report --format=csv audit.log
	assert_line --index 1 --regexp '^"/[^"]*/odc_call",1,1,0,1,1,error,'
	# A path that fits is whole, and ends with no mark.
	run env ODCREAT_MODE=native ODCREAT_LOG=short.log LD_PRELOAD="$SHIM" "$ODC_CALL" open "é" creat,directory
	run cat short.log
	assert_output --partial ' path="\xc3\xa9" '
}

@test "a log that cannot be written never changes the call" {
	for dest in /nonexistent/log "$SCRATCH" /proc/version; do
		mkdir run && cd run
		run env ODCREAT_MODE=mkdir ODCREAT_LOG="$dest" LD_PRELOAD="$SHIM" \
			"$ODC_CALL" open d creat,directory
		assert_success
		assert_output "fd:dir d:dir"
		run env ODCREAT_MODE=mkdir ODCREAT_LOG="$dest" LD_PRELOAD="$SHIM" \
			"$ODC_CALL" open x/y creat,directory
		assert_success
		assert_output "ENOENT d:dir"
		cd .. && rm -r run
	done
}

@test "a log file at the file-size limit neither kills the program nor the supervisor; the line is dropped" {
	head -c 4096 /dev/zero > audit.log
	# bash's ulimit -f counts 1,024-byte blocks: the log is at the limit.
	run bash -c "ulimit -f 4 && ODCREAT_MODE=mkdir ODCREAT_LOG='$SCRATCH/audit.log' LD_PRELOAD='$SHIM' \
		'$ODC_CALL' open d creat,directory"
	assert_success
	assert_output "fd:dir audit.log:data d:dir"
	assert_equal "$(stat -c %s audit.log)" 4096
	run bash -c "ulimit -f 4 && '$ODCREAT' --seccomp -m mkdir -l '$SCRATCH/audit.log' -- \
		'$ODC_CALL' open e creat,directory && '$ODCREAT' --seccomp -m mkdir -l '$SCRATCH/audit.log' -- \
		'$ODC_CALL' open f creat,directory"
	assert_success
	assert_output "fd:dir audit.log:data d:dir e:dir
fd:dir audit.log:data d:dir e:dir f:dir"
	assert_equal "$(stat -c %s audit.log)" 4096
	# Below the limit, the line is written.
	run bash -c "ulimit -f 8 && ODCREAT_MODE=mkdir ODCREAT_LOG='$SCRATCH/audit.log' LD_PRELOAD='$SHIM' \
		'$ODC_CALL' open g creat,directory"
	assert_success
	[ "$(stat -c %s audit.log)" -gt 4096 ]
	grep -q ' path="g" ' audit.log
}

@test "a log that another writer grows past the file-size limit between odcreat's check and its write: the program lives" {
	# The racer keeps the file just under the limit (64 KiB) and then
	# just over it, so that some of the library's writes, checked against
	# the smaller size, meet the larger one and raise SIGXFSZ.
	: > audit.log
	python3 -c 'import os, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
while True:
    os.truncate("audit.log", 65536 - 500)
    fd = os.open("audit.log", os.O_WRONLY | os.O_APPEND)
    os.write(fd, b"x" * 1000)
    os.close(fd)' &
	local racer=$!
	run bash -c "ulimit -f 64 && ODCREAT_MODE=einval ODCREAT_LOG='$SCRATCH/audit.log' LD_PRELOAD='$SHIM' \
		'$ODC_CALL' -n 200000 open d creat,directory"
	kill "$racer"
	assert_success
	assert_output "EINVAL audit.log:data"
}

@test "a log on a full or read-only file system drops the line; the call is unchanged" {
	needs_root "a tmpfs of its own in a private mount namespace"
	needs_ns mount
	run unshare -m --propagation private sh -c "
		mount -t tmpfs -o size=4k odc-full '$SCRATCH' && cd '$SCRATCH' && mkdir out &&
		head -c 8192 /dev/zero > fill 2>/dev/null; touch audit.log && cd out &&
		ODCREAT_MODE=mkdir ODCREAT_LOG='$SCRATCH/audit.log' LD_PRELOAD='$SHIM' '$ODC_CALL' open d creat,directory &&
		stat -c %s ../audit.log &&
		mount -o remount,ro,size=1m '$SCRATCH' &&
		ODCREAT_MODE=legacy ODCREAT_LOG='$SCRATCH/audit.log' LD_PRELOAD='$SHIM' '$ODC_CALL' open d creat,directory"
	assert_success
	assert_output "fd:dir d:dir
0
EISDIR d:dir"
}

@test "a log on a FIFO never blocks: no reader, a reader that never reads, a reader that leaves" {
	mkfifo fifo
	# No reader: the open would wait for one.
	run timeout 10 env ODCREAT_MODE=mkdir ODCREAT_LOG="$SCRATCH/fifo" LD_PRELOAD="$SHIM" \
		"$ODC_CALL" -n 3 open a creat,directory
	assert_success
	assert_output "fd:dir a:dir fifo:file"
	run timeout 10 "$ODCREAT" -m mkdir -l fifo "$ODC_CALL" open b creat,directory
	assert_success
	assert_output "fd:dir a:dir b:dir fifo:file"
	# A reader that never reads: 2,000 lines fill the pipe long before the end.
	sleep 30 < fifo 3>&- &
	sleeper=$!
	run timeout 10 env ODCREAT_MODE=mkdir ODCREAT_LOG="$SCRATCH/fifo" LD_PRELOAD="$SHIM" \
		"$ODC_CALL" -n 2000 open c creat,directory
	kill $sleeper
	# Gone before the next reader comes: the pipe and the lines in it go with it.
	wait $sleeper || true
	assert_success
	assert_output "fd:dir a:dir b:dir c:dir fifo:file"
	# A reader that leaves after one line: the next writes must not raise SIGPIPE.
	# It holds the FIFO open before the program starts, so that the first
	# lines find it (a writer's O_NONBLOCK open fails while there is no reader).
	# What it read goes outside the directory that the program lists, which
	# it may list before the reader has written anything.
	exec 4<>fifo
	head -n 1 <&4 > "$BATS_TEST_TMPDIR/first" 3>&- 4<&- &
	reader=$!
	exec 4<&-
	run timeout 10 env ODCREAT_MODE=mkdir ODCREAT_LOG="$SCRATCH/fifo" LD_PRELOAD="$SHIM" \
		"$ODC_CALL" -n 200 open d creat,directory
	wait $reader
	assert_success
	assert_output "fd:dir a:dir b:dir c:dir d:dir fifo:file"
	grep -q ' path="d" ' "$BATS_TEST_TMPDIR/first"
}

@test "a log on standard error that is a full pipe never blocks" {
	run timeout 10 python3 -c '
import fcntl, os, subprocess, sys
r, w = os.pipe()
fcntl.fcntl(w, fcntl.F_SETFL, os.O_NONBLOCK)
try:
    while True:
        os.write(w, b"x" * 4096)
except BlockingIOError:
    pass
fcntl.fcntl(w, fcntl.F_SETFL, 0)
p = subprocess.run(sys.argv[1:], stderr=w, stdout=subprocess.PIPE)
print(p.returncode, p.stdout.decode().strip())' \
		"$ODCREAT" -m mkdir -l stderr "$ODC_CALL" -n 3 open d creat,directory
	assert_output "0 fd:dir d:dir"
}

@test "a log planted as another user's symlink in a sticky directory is refused, once, and its target untouched" {
	needs_root "another user plants the link"
	mkdir -m 1777 shared
	echo precious > victim
	chmod 600 victim
	as_nobody ln -s ../victim shared/odcreat.log
	run --separate-stderr env ODCREAT_MODE=mkdir ODCREAT_LOG="$SCRATCH/shared/odcreat.log" \
		LD_PRELOAD="$SHIM" "$ODC_CALL" -n 3 open d creat,directory
	assert_success
	assert_output "fd:dir d:dir shared:dir victim:data"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: not logging to \"$SCRATCH/shared/odcreat.log\": a symlink in a sticky, world-writable directory, owned by neither you nor the directory's owner"
	run --separate-stderr "$ODCREAT" -m mkdir -l shared/odcreat.log "$ODC_CALL" -n 3 open e creat,directory
	assert_success
	assert_output "fd:dir d:dir e:dir shared:dir victim:data"
	assert_equal "$(echo "$stderr" | grep -c 'not logging to')" 1
	assert_equal "$(cat victim)" precious
	assert_equal "$(stat -c %a victim)" 600
	# A link of the caller's own there is followed, as the kernel's rule allows.
	ln -s ../own shared/mine
	"$ODCREAT" -m mkdir -l shared/mine "$ODC_CALL" open f creat,directory
	grep -q ' path="f" ' own
}

@test "the log: eight processes at once, every line whole, every call there once" {
	local calls=200
	for i in 1 2 3 4 5 6 7 8; do
		"$ODCREAT" -m mkdir -l audit.log "$ODC_CALL" -n $calls open "p$i" creat,directory > /dev/null &
	done
	wait
	run wc -l < audit.log
	assert_output $((8 * calls))
	bad=$(grep -Evc "$LOG_LINE" audit.log || true)
	assert_equal "$bad" 0
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(grep -c " path=\"p$i\" " audit.log)" $calls
	done
	assert_equal "$(awk '{print $2}' audit.log | sort -u | wc -l)" 8
}

@test "--probe names the kernel's mode, shows the disk, and leaves nothing" {
	export TMPDIR="$SCRATCH/tmp"
	mkdir "$TMPDIR"
	run "$ODCREAT" --probe
	assert_success
	assert_output --regexp "open\(p, O_CREAT\|O_DIRECTORY, 0755\) on Linux $(uname -r | sed 's/[.+]/\\&/g'), in"$'\n'"?$TMPDIR/odcreat-probe\."
	assert_line --regexp '^dangling +no +EINVAL +unchanged +einval$'
	assert_line --regexp '^file +yes +EINVAL +unchanged +einval freebsd$'
	assert_line "This kernel behaves like mode einval: Linux >= 6.4 and 6.1.30+, NetBSD, macOS."
	assert_equal "$(echo "$output" | grep -c -E '^(missing|dir|file|link-dir|link-file|dangling|missing/|no-parent) +(no|yes) ')" 16
	assert_equal "$(ls -A "$TMPDIR")" ""
	# Its calls never go through a preloaded shim.
	run env ODCREAT_MODE=mkdir LD_PRELOAD="$SHIM" "$ODCREAT" --probe
	assert_line "This kernel behaves like mode einval: Linux >= 6.4 and 6.1.30+, NetBSD, macOS."
	assert_equal "$(ls -A "$TMPDIR")" ""
}

@test "--probe shows what a call made on disk, in the log's words for the states" {
	# Under a kernel emulated as mkdir's, the calls make directories, through the dangling link too.
	run "$ODCREAT" --seccomp -m mkdir -- "$ODCREAT" --probe
	assert_success
	assert_line --regexp '^missing +no +fd:dir +p:dir +mkdir$'
	assert_line --regexp '^link-dir +no +fd:dir +unchanged +freebsd mkdir$'
	assert_line --regexp '^missing/ +yes +fd:dir +p:dir +mkdir$'
	run "$ODCREAT" --seccomp -m legacy -- "$ODCREAT" --probe
	assert_line --regexp '^dangling +no +fd:file +p:link t:file +legacy$'
	# The states are those the log names for the same call.
	cd "$SCRATCH" && ln -s target p && mkdir target
	ODCREAT_LOG=stderr run --separate-stderr env LD_PRELOAD="$SHIM" ODCREAT_MODE=einval \
		"$ODC_CALL" open p creat,directory
	assert_equal "$(echo "$stderr" | grep -o 'state=[a-z-]*')" state=link-dir
}

@test "--probe explains its columns and words, in a legend" {
	run "$ODCREAT" --probe
	assert_success
	assert_line --regexp '^state +O_EXCL +result +on disk after +same as$'
	for word in 'state:' 'missing,' 'link-dir' 'link-file' 'dangling' 'missing/' 'no-parent' \
		    'result:' 'fd:dir' 'on disk after:' 'unchanged' 'same as:'; do
		assert_output --partial "$word"
	done
	assert_line --partial "state: what p held before the call, as the log's state= says"
	assert_line --partial 'result: the errno, or fd:dir or fd:file'
	assert_line --partial 'on disk after: unchanged, or what p and t then are'
}

@test "--probe keeps every line to 80 columns, whichever kernel it meets" {
	export TMPDIR="$SCRATCH/tmp"
	mkdir "$TMPDIR"
	for mode in einval freebsd mkdir legacy linux-5.7; do
		run "$ODCREAT" --seccomp -m "$mode" -- "$ODCREAT" --probe
		assert_success
		assert_equal "$(echo "$output" | awk 'length > 80')" ""
		assert [ "$(echo "$output" | wc -l)" -gt 20 ]
	done
}

@test "make install honours DESTDIR and PREFIX; make uninstall removes exactly that, and the directories it leaves empty" {
	dest="$SCRATCH/dest"
	sub=$(sed -n 2p "$BUILD/abi")
	# The watcher, where this build has one (make check makes it), and its unit.
	local watch=() watcher=()
	if [ -x "$BUILD/odcreat-watch" ]; then
		watch=(watch)
		watcher=(./opt/odc/lib/systemd/system/odcreat-watch.service ./opt/odc/libexec/odcreat/odcreat-watch)
	fi
	own_make "${watch[@]}" install DESTDIR="$dest" PREFIX=/opt/odc > /dev/null
	run bash -c "cd '$dest' && find . -type f | sort"
	assert_output "$(printf '%s\n' ./opt/odc/bin/odcreat "./opt/odc/$sub/odcreat/libodcreat.so" "${watcher[@]}" \
		./opt/odc/share/man/man1/odcreat.1 ./opt/odc/share/man/man7/odcreat.7 \
		./opt/odc/share/doc/odcreat/README.md $(cd "$ROOT" && printf './opt/odc/share/doc/odcreat/%s\n' docs/*.md) |
		sort)"
	# Moved elsewhere whole, the tree still works.
	run "$dest/opt/odc/bin/odcreat" -m mkdir sh -c 'echo "$LD_PRELOAD"'
	assert_output "$dest/opt/odc/\$LIB/odcreat/libodcreat.so"
	touch "$dest/opt/odc/$sub/odcreat/keep-me"
	run --separate-stderr own_make uninstall DESTDIR="$dest" PREFIX=/opt/odc
	assert_success
	assert_equal "$stderr" ""
	run bash -c "cd '$dest' && find . -type f"
	assert_output "./opt/odc/$sub/odcreat/keep-me"

	# A fresh Debian's /usr/local (base-files): as it was after install and uninstall.
	prefix="$SCRATCH/prefix"
	mkdir -p "$prefix"/{bin,etc,games,include,lib,sbin,share/man,src}
	(cd "$prefix" && find . | sort) > "$BATS_TEST_TMPDIR/before"
	own_make install PREFIX="$prefix" > /dev/null
	cd /
	ln -s "$prefix/bin/odcreat" "$SCRATCH/elsewhere"
	run "$SCRATCH/elsewhere" -m mkdir sh -c 'echo "$LD_PRELOAD"; cd "$1" && '"'$ODC_CALL'"' open d creat,directory' sh "$SCRATCH"
	assert_line --index 0 "$prefix/\$LIB/odcreat/libodcreat.so"
	assert_line --index 1 --partial "fd:dir d:dir"
	run --separate-stderr own_make uninstall PREFIX="$prefix"
	assert_success
	assert_equal "$stderr" ""
	run diff "$BATS_TEST_TMPDIR/before" <(cd "$prefix" && find . | sort)
	assert_output ""
}

@test "make install: odcreat-watch where odcreat --watch finds it, and a unit systemd-analyze verify passes that starts it on a log directory" {
	[ -x "$BUILD/odcreat-watch" ] || skip "no odcreat-watch: this kernel has no BTF to build it against (make watch says so)"
	local prefix="$SCRATCH/prefix"
	own_make watch install PREFIX="$prefix" > /dev/null
	local unit="$prefix/lib/systemd/system/odcreat-watch.service"
	run grep -x 'ExecStart=.*' "$unit"
	assert_output "ExecStart=$prefix/bin/odcreat --watch -l /var/log/odcreat/"
	grep -qx 'LogsDirectory=odcreat' "$unit"
	grep -qx 'LogsDirectoryMode=1733' "$unit"
	# One user's flood must not use up the unit's journald rate limit for everyone.
	grep -qx 'LogRateLimitIntervalSec=0' "$unit"
	# Its Documentation= is a man page, which systemd-analyze looks up.
	mkdir -p man/man1
	cp "$ROOT/man/odcreat.1" man/man1/
	MANPATH=$SCRATCH/man systemd-analyze verify "$unit"
	# The installed command runs the installed watcher: as root with no
	# capability (none left to gain), which the kernel refuses BPF; bounded,
	# should it load after all.
	run --separate-stderr timeout 10 setpriv --bounding-set=-all --inh-caps=-all "$prefix/bin/odcreat" --watch
	assert_failure 1
	unwrapped stderr
	assert_equal "$stderr" "odcreat-watch: the kernel refuses to load BPF programs (Operation not permitted): root is needed (CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN), outside a sandbox or lockdown that forbids BPF; without it, the preload survey (odcreat survey start) sees dynamic programs, and odcreat --seccomp any program it runs"
	own_make uninstall PREFIX="$prefix"
	run find "$prefix" -type f
	assert_output ""
}

# In a mount namespace of its own, tmpfs over /usr/libexec and /usr/local, a
# stand-in watcher that says where it is put under each prefix in turn,
# least wanted first; odcreat, copied where neither its side nor ../libexec
# holds one, runs each as it comes: its own prefix's before the package's
# (/usr), the package's before make install's (/usr/local).
@test "--watch runs the watcher under its own prefix, else the package's, else make install's; and names each where none is" {
	needs_root "a private mount namespace over /usr/libexec and /usr/local"
	needs_ns mount
	[ -d /usr/libexec ] || skip "no /usr/libexec to mount over"
	local prefix wanted=() least=() dirs expect=
	for prefix in "$ODC_PREFIX" /usr /usr/local; do
		[[ " ${wanted[*]} " == *" $prefix "* ]] && continue
		wanted+=("$prefix")
		least=("$prefix" "${least[@]}")
		dirs+=${dirs:+, }$prefix/libexec/odcreat
		# Elsewhere than the two mounts, a prefix is not made here.
		case $prefix in /usr|/usr/local) expect="$prefix/libexec/odcreat/odcreat-watch stderr
$expect" ;; esac
	done
	mkdir bin
	cp "$ODCREAT" bin/
	printf '#!/bin/sh\necho "$0 $ODCREAT_LOG"\n' > stand-in
	run unshare -m --propagation private sh -c '
		mount -t tmpfs odc-libexec /usr/libexec && mount -t tmpfs odc-local /usr/local || exit 99
		bin/odcreat --watch; echo "status $?"
		for prefix; do
			case $prefix in /usr|/usr/local) ;; *) continue ;; esac
			install -D -m 0755 stand-in "$prefix/libexec/odcreat/odcreat-watch" && bin/odcreat --watch
		done' sh "${least[@]}"
	[ "$status" -ne 99 ] || fail "no tmpfs over /usr/libexec or /usr/local: $output"
	unwrapped
	assert_line --index 0 "odcreat: --watch: odcreat-watch is not installed: not beside odcreat, nor in ${dirs%, *} or ${dirs##*, }"
	assert_line --index 1 "odcreat: install the package odcreat-watch, or make watch && make install"
	assert_line --index 2 "status 125"
	assert_equal "$(printf '%s\n' "${lines[@]:3}")" "${expect%$'\n'}"
}

@test "the man pages pass man --warnings, lexgrog and mandoc -T lint, and render" {
	run sh "$ROOT/tests/manlint.sh" "$ROOT/man/odcreat.1" "$ROOT/man/odcreat.7"
	assert_success
	assert_output ""
	for page in odcreat.1 odcreat.7; do
		run bash -c "MANWIDTH=80 man -l '$ROOT/man/$page' 2>/dev/null"
		assert_line --index 0 --regexp '^ODCREAT\((1|7)\)'
	done
	run bash -c "MANWIDTH=80 man -l '$ROOT/man/odcreat.7' 2>/dev/null"
	assert_line --regexp '^ +dangling link +EINVAL +ENOENT +EEXIST +new target +ENOTDIR, made$'
}

# Each tool's own finding, on a copy of odcreat(1) broken for it alone.
@test "tests/manlint.sh fails on a page that man, lexgrog or mandoc finds wrong" {
	sed '/^\.SH DESCRIPTION/a .XX unknown' "$ROOT/man/odcreat.1" > macro.1
	sed 's/^odcreat \\- run/odcreat run/' "$ROOT/man/odcreat.1" > name.1
	sed '1s/ [0-9-]* "odcreat/ "December 2026" "odcreat/' "$ROOT/man/odcreat.1" > date.1
	run sh "$ROOT/tests/manlint.sh" macro.1 name.1 date.1
	assert_failure 1
	assert_output "macro.1: man: troff: <standard input>:$(grep -n '^\.XX' macro.1 | cut -d: -f1): warning: macro 'XX' not defined
macro.1: mandoc: $(grep -n '^\.XX' macro.1 | cut -d: -f1):2: ERROR: skipping unknown macro: .XX unknown
name.1: lexgrog: parse failed
date.1: mandoc: 1:15: WARNING: cannot parse date, using it verbatim: TH December 2026"
	run env PATH=/nonexistent /bin/sh "$ROOT/tests/manlint.sh" macro.1
	assert_failure 2
	assert_output "manlint.sh: man is missing (make check installs it)"
}

@test "make demo shows real programs under every mode, in 80 columns" {
	run make -C "$ROOT" -s demo
	assert_success
	assert_line --regexp '^perl +- +EINVAL/- +EINVAL/- +ENOENT/- +ok/dir +ok/file +ENOTDIR/file$'
	assert_line --regexp '^dd +- +EINVAL/- +EINVAL/- +ENOENT/- +ENOTDIR/- +ok/file +ENOTDIR/file$'
	assert_line --regexp '^python3 +dir +EINVAL/dir +EINVAL/dir +ok/dir +ok/dir +EISDIR/dir +EISDIR/dir$'
	assert_equal "$(awk 'length > 80' <<< "$output")" ""
}
