#!/usr/bin/env bats
# odcreat --watch (odcreat-watch): every caller kind's pair call arrives
# once, with the right fields, from the kernel, logged as the library logs;
# calls that do not pass the pair never arrive.

load test_helper
bats_require_minimum_version 1.5.0

WATCHER="$BUILD/odcreat-watch"
STATIC="$BUILD/tests/odc_call_static"
GO="$BUILD/tests/odc_call_go"
URING="$BUILD/tests/odc_uring"
I386="$BUILD/tests/odc_call_i386"

setup() {
	needs_root "loads BPF programs"
	if [ ! -x "$WATCHER" ]; then
		[ -e /sys/kernel/btf/vmlinux ] ||
			skip "this kernel has no BTF (/sys/kernel/btf/vmlinux): make watch builds no watcher"
		fail "$WATCHER is missing: run make watch"
	fi
	new_scratch
	cd "$SCRATCH"
	# The name's directory must be older than the call for its state to be told.
	sleep 0.05
}

teardown() {
	[ -z "${WATCH_PID:-}" ] || kill "$WATCH_PID" 2>/dev/null || true
	[ -z "${NB:-}" ] || rm -rf "$NB"
	# Its last process may take a moment to be gone: a populated cgroup cannot be removed.
	local i
	for ((i = 0; i < 50; i++)); do
		[ -z "${CGROUP:-}" ] || [ ! -d "$CGROUP" ] || rmdir "$CGROUP" 2>/dev/null || { sleep 0.1; continue; }
		break
	done
	[ -z "${CGROUP_MOUNT:-}" ] || umount "$CGROUP_MOUNT"
}

# watch_start [LOG]: odcreat --watch in the background, logging to LOG
# (default $WATCH_OUT), once it says it watches. Skips only where the
# kernel refuses BPF to root.
watch_start() {
	local i
	WATCH_OUT=$BATS_TEST_TMPDIR/watch.out
	WATCH_ERR=$BATS_TEST_TMPDIR/watch.err
	# Emptied first: the background shell's own 2> may come after the first
	# look below, which would find a watcher's line from before (a test that
	# starts one watcher after another) and call before this one watches.
	: > "$WATCH_ERR"
	"$ODCREAT" --watch -l "${1:-$WATCH_OUT}" 2> "$WATCH_ERR" &
	WATCH_PID=$!
	for ((i = 0; i < 200; i++)); do
		grep -qx 'odcreat-watch: watching' "$WATCH_ERR" && return 0
		kill -0 "$WATCH_PID" 2>/dev/null || break
		sleep 0.05
	done
	if grep -q 'the kernel refuses to load BPF programs (Operation not permitted)' "$WATCH_ERR"; then
		skip "this kernel refuses BPF programs to root (EPERM: lockdown or a sandbox)"
	fi
	cat "$WATCH_ERR"
	return 1
}

# watch_stop: SIGINT, after which the watcher exits 0.
watch_stop() {
	kill -INT "$WATCH_PID"
	local status=0
	wait "$WATCH_PID" || status=$?
	WATCH_PID=
	[ "$status" -eq 0 ] || { cat "$WATCH_ERR"; echo "odcreat-watch exited $status"; return 1; }
}

# await PATTERN: until a line holds PATTERN (a fixed string), 10 s at most.
await() {
	local i
	for ((i = 0; i < 200; i++)); do
		grep -qF -- "$1" "$WATCH_OUT" && return 0
		sleep 0.05
	done
	echo "no line with $1 in:"
	cat "$WATCH_OUT"
	return 1
}

# the_line PATTERN: the one line that holds PATTERN, in $LINE; fails unless there is exactly one.
the_line() {
	local n
	n=$(grep -cF -- "$1" "$WATCH_OUT" || true)
	[ "$n" -eq 1 ] || { echo "$n lines with $1:"; cat "$WATCH_OUT"; return 1; }
	LINE=$(grep -F -- "$1" "$WATCH_OUT")
}

# has FIELD...: each " FIELD" (KEY=VALUE, as the line writes it) is in $LINE.
has() {
	local field
	for field in "$@"; do
		[[ " $LINE " == *" $field "* ]] || { echo "no '$field' in: $LINE"; return 1; }
	done
}

# new_cgroup: a cgroup v2 of the test's own, removed after it: $CGROUP, and
# $CGROUP_NAME, its path from the cgroup2 root. (A container is named by one.)
new_cgroup() {
	local root
	root=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	if [ -z "$root" ]; then
		# A fresh root (make check-fresh) has sysfs but no cgroup2 mounted.
		CGROUP_MOUNT=$BATS_TEST_TMPDIR/cgroup2
		mkdir "$CGROUP_MOUNT"
		mount -t cgroup2 none "$CGROUP_MOUNT"
		root=$CGROUP_MOUNT
	fi
	CGROUP_NAME=/odcreat-watch-test.$$.$BATS_TEST_NUMBER
	CGROUP=$root$CGROUP_NAME
	mkdir "$CGROUP"
}

# IN_CGROUP CMD...: CMD, moved first into $CGROUP.
IN_CGROUP=(sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"')

# call_once PROGRAM ARGS...: PROGRAM, started in the background; its pid in $CALLER, its output in $CALLED.
call_once() {
	"$@" > "$BATS_TEST_TMPDIR/called" 2>&1 &
	CALLER=$!
	wait "$CALLER" || true
	CALLED=$(cat "$BATS_TEST_TMPDIR/called")
}

# einval_kernel: whether this kernel refuses the pair with EINVAL, before any lookup (asked
# before a watcher starts, which would log the question). Only there is a call's state
# told; elsewhere the call made something, and its line says state_unread=kernel.
einval_kernel() {
	python3 -c 'import os, sys
try:
    os.open("", os.O_CREAT | os.O_DIRECTORY | os.O_RDWR)
except OSError as e:
    sys.exit(e.errno != 22)'
}

@test "watch: a dynamic program's openat (python3 os.open), with the name's state and directory" {
	local state=state=missing
	einval_kernel || state=state_unread=kernel
	new_cgroup
	watch_start
	"${IN_CGROUP[@]}" "$CGROUP" python3 -c 'import os, sys, time
try:
    os.open("newdir", os.O_CREAT | os.O_DIRECTORY, 0o750)
except OSError as e:
    print(os.getpid(), e.errno, flush=True)
time.sleep(30)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	await " dir=\"$SCRATCH\""
	[ "$(sed -n 's/^0:://p' "/proc/$py/cgroup")" = "$CGROUP_NAME" ]
	kill "$py"
	watch_stop
	read -r pid errno < "$BATS_TEST_TMPDIR/py"
	[ "$pid" = "$py" ]
	the_line " dir=\"$SCRATCH\""
	has "pid=$py" 'prog="python3"' call=openat dirfd=AT_FDCWD 'path="newdir"' \
		flags=O_RDONLY\|O_CREAT\|O_DIRECTORY\|O_CLOEXEC mode=0750 semantics=native \
		"result=$(python3 -c "import errno; print(errno.errorcode[$errno])")" \
		"$state" uid=0 seen=sys_enter/openat abi=native "tid=$py" "nspid=$py" \
		"cgroup=\"$CGROUP_NAME\"" "cgroup_id=$(stat -c %i "$CGROUP")" \
		"mntns=$(stat -L -c %i /proc/self/ns/mnt)"
	[[ $LINE == *' exe="'*python3* ]]
	[[ $state != state=missing || $LINE == *' would="einval=EINVAL '* ]]
}

# static_call ENTRY NAME FLAGS [OPTIONS...]: the static odc_call, watched;
# its line in $LINE. Its *at entries use a descriptor of the current directory.
static_call() {
	local entry=$1 name=$2 flags=$3
	shift 3
	watch_start
	call_once "$STATIC" "$@" "$entry" "$name" "$flags"
	await "pid=$CALLER "
	watch_stop
	the_line "pid=$CALLER "
}

@test "watch: a static program's open, openat and openat2 system calls, each as its own" {
	static_call sys_open static-open creat,directory,excl
	has call=open seen=sys_enter/open dirfd=AT_FDCWD 'path="static-open"' \
		flags=O_RDONLY\|O_CREAT\|O_EXCL\|O_DIRECTORY "result=${CALLED%% *}" 'prog="odc_call_static"'
	static_call sys_openat static-openat creat,directory,rdwr
	has call=openat seen=sys_enter/openat 'path="static-openat"' abi=native \
		flags=O_RDWR\|O_CREAT\|O_DIRECTORY "result=${CALLED%% *}"
	[[ $LINE =~ \ dirfd=[0-9]+\  ]]
	static_call sys_openat2 static-openat2 creat,directory -r beneath
	has call=openat2 seen=sys_enter/openat2 'path="static-openat2"' resolve=RESOLVE_BENEATH \
		flags=O_RDONLY\|O_CREAT\|O_DIRECTORY "result=${CALLED%% *}"
}

@test "watch: a Go program's openat, which no preload reaches" {
	watch_start
	call_once "$GO" go_openat go-openat creat,directory
	await "pid=$CALLER "
	watch_stop
	the_line "pid=$CALLER "
	has call=openat seen=sys_enter/openat 'path="go-openat"' 'prog="odc_call_go"' \
		"result=${CALLED%% *}"
	[[ $LINE == *' flags=O_RDONLY|O_CREAT|O_DIRECTORY'* ]]
}

@test "watch: an i386 program's compat openat, with i386's number for it" {
	local out
	[ "$(uname -m)" = x86_64 ] || skip "i386 programs are an x86-64 kernel's compat calls"
	out=$("$I386" sys_openat i386-probe creat 2>&1) ||
		[[ $out != *"Exec format error"* ]] || skip "this machine runs no i386 programs (Exec format error)"
	watch_start
	call_once "$I386" sys_openat i386-openat creat,directory
	await "pid=$CALLER "
	watch_stop
	the_line "pid=$CALLER "
	has call=openat seen=sys_enter/openat abi=i386 'path="i386-openat"' "result=${CALLED%% *}"
}

@test "watch: io_uring's IORING_OP_OPENAT and OPENAT2, as the kernel prepared them, with their completions" {
	local op
	for op in openat openat2; do
		watch_start
		call_once "$URING" "$op" "uring-$op" creat,directory
		[ "$CALLED" != ENOSYS ] && [ "$CALLED" != EPERM ] || fail "io_uring refused: $CALLED"
		await "pid=$CALLER "
		watch_stop
		the_line "pid=$CALLER "
		# io_uring adds O_LARGEFILE itself.
		has "call=io_uring_$op" "seen=io_uring/$op" dirfd=AT_FDCWD "path=\"uring-$op\"" \
			flags=O_RDONLY\|O_CREAT\|O_LARGEFILE\|O_DIRECTORY mode=0755 "result=$CALLED"
	done
}

@test "watch: a setuid program run by nobody: the caller's real and effective uids" {
	nobody_copies
	chmod 4755 "$NB/tests/odc_call_static"
	cd "$NB"
	watch_start
	call_once setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/tests/odc_call_static" \
		sys_openat setuid-openat creat,directory
	await 'path="setuid-openat"'
	watch_stop
	the_line 'path="setuid-openat"'
	has call=openat uid=0 "ruid=$(id -u nobody)" "egid=$(getent group nogroup | cut -d: -f3)" "result=${CALLED%% *}"
}

@test "watch: a process started before the watcher" {
	mkfifo go
	python3 -c 'import os
print(os.getpid(), flush=True)
open("go").read()
try:
    os.open("early", os.O_CREAT | os.O_DIRECTORY)
except OSError as e:
    print(e.errno, flush=True)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	watch_start
	echo > go
	wait "$py"
	await "pid=$py "
	watch_stop
	the_line "pid=$py "
	has 'path="early"' call=openat seen=sys_enter/openat
}

@test "watch: a process in its own mount, pid and user namespaces, its path read in its own root" {
	local missing=state=missing dir=state=dir
	einval_kernel || missing=state_unread=kernel dir=state_unread=kernel
	new_cgroup
	watch_start
	# Only the namespace's mounts hold ns/only-here; the pid the test knows it by is the outer one.
	mkdir ns
	"${IN_CGROUP[@]}" "$CGROUP" unshare -Urmpf --mount-proc sh -c '
		mount -t tmpfs tmpfs ns && mkdir ns/only-here ns/only-here/d && sleep 0.1 &&
		exec python3 -c "import os, sys, time
for name in (\"ns/only-here/new\", \"$PWD/ns/only-here/d\"):
    try:
        os.open(name, os.O_CREAT | os.O_DIRECTORY)
    except OSError as e:
        pass
print(os.getpid(), flush=True)
time.sleep(30)" odcreat-watch-ns-caller' > "$BATS_TEST_TMPDIR/py" &
	await 'path="ns/only-here/new"'
	await "path=\"$SCRATCH/ns/only-here/d\""
	local outer inner
	# (No pgrep: a fresh minimal root has no procps.)
	local proc
	for proc in /proc/[0-9]*; do
		[ "$(cat "$proc/comm" 2>/dev/null)" = python3 ] &&
			tr '\0' ' ' < "$proc/cmdline" | grep -q odcreat-watch-ns-caller && outer=${proc#/proc/}
	done
	read -r inner < "$BATS_TEST_TMPDIR/py"
	local pidns userns mntns
	pidns=$(stat -L -c %i "/proc/$outer/ns/pid")
	userns=$(stat -L -c %i "/proc/$outer/ns/user")
	mntns=$(stat -L -c %i "/proc/$outer/ns/mnt")
	kill -KILL "$outer"	# the namespace's init: other signals it ignores
	watch_stop
	[ "$mntns" != "$(stat -L -c %i /proc/self/ns/mnt)" ]
	the_line 'path="ns/only-here/new"'
	has "pid=$outer" "nspid=$inner" "pidns=$pidns" "userns=$userns" "mntns=$mntns" \
		"cgroup=\"$CGROUP_NAME\"" "$missing" uid=0 "dir=\"$SCRATCH\""
	the_line "path=\"$SCRATCH/ns/only-here/d\""
	has "pid=$outer" "$dir"
}

@test "watch: a bad path pointer: the call is seen, its path unreadable, its state an error" {
	static_call sys_openat x creat,directory -B unmapped
	has 'path=(unreadable)' state=error "result=${CALLED%% *}"
}

@test "watch: no line for an ordinary open, O_TMPFILE, or O_PATH with the pair" {
	watch_start
	local kind
	for kind in creat,wronly creat,directory,tmpfile,rdwr tmpfile,rdwr path,creat,directory; do
		call_once "$STATIC" sys_openat "not-$kind" "$kind"
	done
	call_once python3 -c 'import os; os.close(os.open("ordinary", os.O_CREAT | os.O_WRONLY))'
	# The last call passes the pair: once its line is there, every line before it is too.
	call_once "$STATIC" sys_openat sentinel creat,directory
	await 'path="sentinel"'
	watch_stop
	run grep -cF "dir=\"$SCRATCH\"" "$WATCH_OUT"
	run grep -E 'path="(not-|ordinary)' "$WATCH_OUT"
	assert_failure
	the_line 'path="sentinel"'
}

@test "watch: not installed, or refused BPF by the kernel: one line that says so, and a status that is not 0" {
	nobody_copies
	run --separate-stderr "$NB/odcreat" --watch
	[ "$status" -eq 125 ]
	assert_equal "$stderr" "odcreat: --watch: odcreat-watch is not installed (not beside odcreat, nor in /usr/local/libexec/odcreat/odcreat-watch)"
	cp "$WATCHER" "$NB/"
	# Tracing programs need CAP_BPF and CAP_PERFMON, which nobody has.
	run --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/odcreat" --watch -l stderr
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "odcreat-watch: the kernel refuses to load BPF programs (Operation not permitted): root is needed (CAP_BPF and CAP_PERFMON, or CAP_SYS_ADMIN), outside a sandbox or lockdown that forbids BPF; without it, the preload survey (odcreat survey start) sees dynamic programs, and odcreat --seccomp any program it runs"
}

@test "watch: SIGTERM ends the watcher with status 0, and --help says what it does" {
	watch_start
	kill -TERM "$WATCH_PID"
	wait "$WATCH_PID"
	WATCH_PID=
	run "$WATCHER" --help
	assert_success
	assert_line --index 0 'usage: odcreat-watch'
	run "$WATCHER" --bogus
	[ "$status" -eq 2 ]
}

@test "watch: no state where the name's directory changed after the call (a fallback to mkdir)" {
	watch_start
	# Held still, so that the caller's mkdir comes before the watcher's look.
	kill -STOP "$WATCH_PID"
	python3 -c 'import os, time
try:
    os.open("fallback", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    os.mkdir("fallback")
print(flush=True)
time.sleep(30)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	until [ -s "$BATS_TEST_TMPDIR/py" ]; do sleep 0.05; done
	kill -CONT "$WATCH_PID"
	await "pid=$py "
	kill "$py"
	watch_stop
	the_line "pid=$py "
	has 'path="fallback"' state_unread=changed
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a path longer than the watcher copies is cut, marked, and its state not told" {
	local long
	long=$(printf 'a/%.0s' {1..600})
	watch_start
	call_once "$STATIC" sys_openat "$long" creat,directory
	await "pid=$CALLER "
	watch_stop
	the_line "pid=$CALLER "
	[[ $LINE == *' path="'"${long:0:1000}"* ]]
	[[ $LINE == *'\..." flags='* ]]
	[[ $LINE != *' state='* ]]
}

@test "watch: 8 threads' 400 calls at once, each with its own thread and its result" {
	local err=EINVAL
	einval_kernel || err=ENOTDIR	# the first call makes a file, which the others find
	watch_start
	call_once "$STATIC" -t 8 -n 50 sys_openat threads creat,directory
	local i
	for ((i = 0; i < 100; i++)); do
		[ "$(grep -c "pid=$CALLER " "$WATCH_OUT")" -ge 400 ] && break
		sleep 0.1
	done
	watch_stop
	run grep -c "pid=$CALLER .* result=$err " "$WATCH_OUT"
	assert_output 400
	run sh -c "grep -o ' tid=[0-9]*' '$WATCH_OUT' | sort -u | wc -l"
	[ "$output" -ge 8 ]
	run grep -c 'calls lost\|without their result' "$WATCH_ERR"
	assert_output 0
}

# counted PID...: report's calls and lost, summed over every row, for the lines of PID... alone
# (the machine's other programs are watched too), in $COUNTED.
counted() {
	local pid pattern=
	for pid in "$@"; do pattern+="${pattern:+\|} pid=$pid "; done
	grep -e "$pattern" "$WATCH_OUT" > "$BATS_TEST_TMPDIR/mine" || true
	COUNTED=$("$ODCREAT" report --format=csv "$BATS_TEST_TMPDIR/mine" | awk -F, 'NR > 1 { s += $2 + $4 } END { print s + 0 }')
}

# await_counted N PID...: until report counts N calls and lost for PID..., 15 s at most.
await_counted() {
	local n=$1 i
	shift
	for ((i = 0; i < 150; i++)); do
		counted "$@"
		[ "$COUNTED" -ge "$n" ] && return 0
		sleep 0.1
	done
}

@test "watch: a burst of 20,000 pair calls from one program: report counts each, as a line or as lost, in its one row" {
	watch_start
	call_once "$STATIC" -n 20000 sys_openat burst creat,directory
	await_counted 20000 "$CALLER"
	watch_stop
	counted "$CALLER"
	[ "$COUNTED" -eq 20000 ]
	# All in the one row of its executable, even those read after it exited.
	run "$ODCREAT" report --format=csv "$BATS_TEST_TMPDIR/mine"
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp "^\"$STATIC\","
	# Those lost were said by the process's own lines, or by one at its exit.
	run grep -c "pid=$CALLER .*lost=" "$WATCH_OUT"
	[ "$output" -ge 1 ]
}

@test "watch: nobody's flood leaves room for root's calls: all 100 arrive, and nobody's are each counted" {
	nobody_copies
	cd "$NB"
	watch_start
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/tests/odc_call_static" \
		-n 200000 sys_openat flood creat,directory > /dev/null &
	local flood=$!
	# Once its lines arrive, the ring buffer is full of its records.
	await "pid=$flood "
	call_once "$STATIC" -n 100 sys_openat by-root creat,directory
	wait "$flood"
	await_counted 200100 "$flood" "$CALLER"
	watch_stop
	run grep -c "pid=$CALLER .*path=\"by-root\"" "$WATCH_OUT"
	assert_output 100
	counted "$CALLER"
	[ "$COUNTED" -eq 100 ]
	counted "$flood"
	[ "$COUNTED" -eq 200000 ]
}

@test "watch: a call read more than a second late is not looked into, and says so" {
	watch_start
	kill -STOP "$WATCH_PID"
	python3 -c 'import os, time
try:
    os.open("late", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
print(flush=True)
time.sleep(30)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	until [ -s "$BATS_TEST_TMPDIR/py" ]; do sleep 0.05; done
	sleep 1.2
	kill -CONT "$WATCH_PID"
	await "pid=$py "
	kill "$py"
	watch_stop
	the_line "pid=$py "
	has 'path="late"' state_unread=late
	[[ $LINE != *' state='* && $LINE != *' exe='* ]]
}

@test "watch: a look that never ends (a FIFO where a sysctl should be, in the caller's root) is given up" {
	watch_start
	# In the caller's mount namespace, the sticky rule's sysctl is a FIFO nobody writes.
	unshare -m sh -c 'mount -t tmpfs tmpfs /proc/sys/fs && mkfifo /proc/sys/fs/protected_regular &&
		mkdir -m 1777 sticky && : > sticky/f && chown 1 sticky/f && sleep 0.1 &&
		exec python3 -c "import os, time
try:
    os.open(\"sticky/f\", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
time.sleep(3)"' &
	await 'path="sticky/f"'
	# The watcher goes on: a later call arrives, and a new reader looks into it.
	linger root after
	local after=$!
	await 'path="after"'
	kill "$after"
	watch_stop
	the_line 'path="sticky/f"'
	has state_unread=stuck
	the_line 'path="after"'
	has state=missing
}

@test "watch: the reader takes a caller's root and ids for its look alone: root's next call is read as root sees it" {
	nobody_copies
	install -d -m 0700 root-only
	watch_start
	# nobody, in a mount namespace of its own, where only it sees $NB/mine.
	setpriv --reuid=nobody --regid=nogroup --clear-groups unshare -Urm sh -c '
		mount -t tmpfs tmpfs "$0" && mkdir "$0/mine" && sleep 0.1 &&
		exec /usr/bin/python3 -c "import os, time
try:
    os.open(\"$0/mine/x\", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
time.sleep(30)"' "$NB" &
	local nobody=$!
	await "path=\"$NB/mine/x\""
	linger root root-only/x
	local root=$!
	await 'path="root-only/x"'
	kill "$nobody" "$root"
	watch_stop
	the_line "path=\"$NB/mine/x\""
	has state=missing "uid=$(id -u nobody)"
	the_line 'path="root-only/x"'
	has state=missing uid=0 "dir=\"$SCRATCH\""
}

@test "watch: a watcher in a pid namespace of its own numbers callers as its /proc does, and has no pid for one outside" {
	WATCH_OUT=$SCRATCH/out
	unshare -pf --mount-proc sh -c '
		"$0" --watch -l "$1" 2> "$2" & watcher=$!
		until grep -q watching "$2"; do sleep 0.05; done
		"$3" sys_openat inside creat,directory > /dev/null & caller=$!
		wait "$caller"
		echo "$caller" > "$4"
		until [ -e "$5" ]; do sleep 0.05; done
		kill -INT "$watcher" && wait "$watcher"' \
		"$ODCREAT" "$WATCH_OUT" "$SCRATCH/err" "$STATIC" "$SCRATCH/inner" "$SCRATCH/done" &
	local ns=$!
	await 'path="inside"'
	call_once "$STATIC" sys_openat outside creat,directory
	await 'path="outside"'
	touch done
	wait "$ns"
	the_line 'path="inside"'
	has "pid=$(cat inner)" "nspid=$(cat inner)"
	the_line 'path="outside"'
	has pid=0 tid=0 "nspid=$CALLER" state_unread=outside
}

# linger AS PATH: python3 as AS (root or nobody) makes the pair call on PATH and
# stays, until killed, so that the watcher can look into its process.
linger() {
	local as=()
	[ "$1" = root ] || as=(setpriv --reuid="$1" --regid=nogroup --clear-groups)
	# Debian's python3, which nobody may run.
	"${as[@]}" /usr/bin/python3 -c 'import os, sys, time
try:
    os.open(sys.argv[1], os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
time.sleep(30)' "$2" &
}

@test "watch: odcreat --watch -l DIR/ logs to root's DIR/0.log, and report counts every caller's call as the kernel's word" {
	nobody_copies
	install -d -m 1733 -o root log
	watch_start "$SCRATCH/log/"
	WATCH_OUT=$SCRATCH/log/0.log
	# Where nobody can look (the test's own directory it cannot).
	linger nobody "$NB/by-nobody"
	local nobody=$!
	linger root by-root
	local root=$!
	await 'path="by-root"'
	await "path=\"$NB/by-nobody\""
	kill "$nobody" "$root"
	watch_stop
	[ "$(stat -c '%u %a' log/0.log)" = "0 600" ]
	[ ! -e "log/$(id -u nobody).log" ]
	run "$ODCREAT" report --format=csv log/
	assert_success
	assert_line --regexp "^\"\\[uid $(id -u nobody)\\] /[^,]*python3[.0-9]*\",1,1,0,0,1,missing,"
	assert_line --regexp "^\"/[^,]*python3[.0-9]*\",1,1,0,0,1,missing,"
}

# logd DAEMON CMD...: CMD with a daemon of its own in private namespaces (tests/logd.sh).
logd() {
	command -v rsyslogd > /dev/null || skip "rsyslogd is missing (make check installs rsyslog)"
	unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$@"
}

# In logd's shell: odcreat --watch -l $1 in the background, until it watches (10 s at most); its pid in $w.
WATCH_IN_LOGD='"$ODCREAT" --watch -l "$1" 2> "$D/err" & w=$!
	for i in $(seq 200); do grep -q watching "$D/err" && break; sleep 0.05; done
	# retry CMD: CMD, every 0.1 s, 10 s at most.
	retry() { for i in $(seq 100); do "$@" && return 0; sleep 0.1; done; return 1; }'

@test "watch: odcreat --watch -l journal: journald's fields, the caller's pid and uid among them; report believes root's odcreat-watch" {
	nobody_copies
	D=$BATS_TEST_TMPDIR
	export D ODCREAT NB
	export -f linger
	logd journald "$D" bash -c "$WATCH_IN_LOGD"'
		linger nobody "$NB/j"; echo $! > "$D/caller"
		linger root "$PWD/root-j"; r=$!
		retry sh -c "journalctl -D /run/log/journal ODCREAT_SEEN=sys_enter/openat | grep -c seen= | grep -qx 2"
		kill $(cat "$D/caller") $r
		kill -TERM $w && wait $w
		"$ODCREAT" report --journal --format=csv > "$D/report"' sh journal
	local entry
	entry=$(awk -v RS= -v path="ODCREAT_PATH=$NB/j" 'index($0, path "\n")' "$D/export")
	for field in "ODCREAT_PID=$(cat "$D/caller")" "ODCREAT_UID=$(id -u nobody)" ODCREAT_SEEN=sys_enter/openat \
		     ODCREAT_ABI=native ODCREAT_CALL=openat ODCREAT_MODE=native ODCREAT_PROG=python3 \
		     ODCREAT_STATE=missing _UID=0 "_EXE=$(readlink -f "$WATCHER")"; do
		grep -qxF "$field" <<< "$entry" || fail "no $field in: $entry"
	done
	run cat "$D/report"
	assert_line --regexp "^\"\\[uid $(id -u nobody)\\] /[^,]*python3[.0-9]*\",1,1,0,0,1,missing,"
	assert_line --regexp "^\"/[^,]*python3[.0-9]*\",1,1,0,0,1,missing,"
}

@test "watch: odcreat --watch -l syslog: one message a call, tagged odcreat with the caller's pid" {
	D=$BATS_TEST_TMPDIR
	export D ODCREAT STATIC
	logd rsyslog "$D" bash -c "$WATCH_IN_LOGD"'
		"$STATIC" sys_openat "$PWD/s" creat,directory > /dev/null & echo $! > "$D/caller"; wait $!
		retry grep -q "path=\"$PWD/s\"" "$D/out"
		kill -TERM $w && wait $w' sh syslog
	run grep -F "path=\"$SCRATCH/s\"" "$D/out"
	assert_equal "${#lines[@]}" 1
	assert_output --regexp "^app=odcreat procid=$(cat "$D/caller") facility=user severity=info msg=.* pid=$(cat "$D/caller") prog=\"odc_call_static\" call=openat .* seen=sys_enter/openat abi=native "
}

@test "watch: with no tracefs mounted, the tracepoints are found in a mount namespace of the watcher's own, and nothing is mounted here" {
	# The test's own mount namespace stands for a machine without systemd's tracefs.
	unshare -m --propagation private sh -c '
		! mountpoint -q /sys/kernel/tracing || umount /sys/kernel/tracing
		! mountpoint -q /sys/kernel/debug || umount -l /sys/kernel/debug
		"$0" --watch -l "$1/log" 2> "$1/err" & w=$!
		for i in $(seq 200); do grep -q watching "$1/err" && break; sleep 0.05; done
		"$2" sys_openat "$1/no-tracefs" creat,directory > /dev/null
		for i in $(seq 200); do grep -q no-tracefs "$1/log" && break; sleep 0.05; done
		grep -c " - tracefs " /proc/self/mountinfo > "$1/mounts"
		kill -TERM $w && wait $w' "$ODCREAT" "$SCRATCH" "$STATIC"
	grep -q 'path="'"$SCRATCH"'/no-tracefs"' log || { cat err; fail "no line"; }
	assert_equal "$(cat mounts)" 0
}

@test "watch: the compat path, which every system call runs, is attached only where the kernel makes compat calls" {
	# int $0x80 is a compat call from any x86-64 program, where the kernel makes them.
	[ "$(uname -m)" = x86_64 ] || skip "compat calls are watched on x86-64 alone"
	printf '%s\n' '#include <unistd.h>' 'int main(void) { long r; __asm__ volatile("int $0x80" : "=a"(r) : "a"(20L) : "memory"); return r != getpid(); }' |
		cc -x c -o int80 -
	local compat=0
	bash -c ./int80 2> /dev/null && compat=1
	watch_start
	local id
	id=$(bpftool prog show name odc_compat_enter | sed -n 's/^\([0-9]*\): .*/\1/p' | tail -n 1)
	[ -n "$id" ] || fail "odc_compat_enter is not loaded"
	run bash -c "bpftool link show | grep -cE ' prog $id( |\$)'"
	watch_stop
	assert_output "$compat"
}

# attached PROGRAM...: how many links hold the watcher's PROGRAMs (bpftool's word), in $ATTACHED.
attached() {
	local id prog n
	ATTACHED=0
	for prog in "$@"; do
		id=$(bpftool prog show name "$prog" 2> /dev/null | sed -n 's/^\([0-9]*\): .*/\1/p' | tail -n 1)
		[ -z "$id" ] || n=$(bpftool link show | grep -cE " prog $id( |\$)" || true)
		[ -z "$id" ] || ATTACHED=$((ATTACHED + n))
	done
}

@test "watch: where the kernel refuses the pair with EINVAL, open's and openat's entry tells the result: their exits are not attached, openat2's is" {
	command -v bpftool > /dev/null || skip "bpftool is missing: what is attached cannot be told"
	local exits=1
	! einval_kernel || exits=0
	watch_start
	# Through the syscalls' tracepoints, or the kernel's functions for them where it allows those.
	attached odc_exit_openat odc_fx_openat
	assert_equal "$ATTACHED" "$exits"
	attached odc_exit_openat2 odc_fx_openat2
	assert_equal "$ATTACHED" 1
	attached odc_enter_openat odc_fe_openat
	assert_equal "$ATTACHED" 1
	call_once "$STATIC" sys_openat entry-told creat,directory
	local told=${CALLED%% *}
	call_once "$STATIC" sys_openat2 entry-told2 creat,directory
	await 'path="entry-told2"'
	watch_stop
	the_line 'path="entry-told"'
	has "result=$told"
	the_line 'path="entry-told2"'
	has "result=${CALLED%% *}"
}

@test "watch: a kernel without BTF: one line says what is missing, the kernel that has it, and what else surveys" {
	local r f
	r=$(uname -r)
	for f in /boot/vmlinux-$r /lib/modules/$r/vmlinux-$r /lib/modules/$r/build/vmlinux /usr/lib/modules/$r/kernel/vmlinux \
		 /usr/lib/debug/boot/vmlinux-$r /usr/lib/debug/boot/vmlinux-$r.debug /usr/lib/debug/lib/modules/$r/vmlinux; do
		[ ! -e "$f" ] || skip "libbpf would read this kernel's BTF from $f"
	done
	: > no-btf
	run --separate-stderr unshare -m sh -c 'mount --bind "$0" /sys/kernel/btf/vmlinux && exec "$1" --watch -l stderr' \
		"$SCRATCH/no-btf" "$ODCREAT"
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "odcreat-watch: this kernel has no BTF (/sys/kernel/btf/vmlinux: CONFIG_DEBUG_INFO_BTF, Linux 5.4 has it), which the watcher is loaded by; without it, the preload survey (odcreat survey start) sees dynamic programs, and odcreat --seccomp any program it runs"
}
