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
	# A test's own processes (a FUSE server, a user's callers), and a watcher it held still.
	[ -z "${KILL:-}" ] || kill -KILL $KILL 2>/dev/null || true
	[ -z "${WATCH_PID:-}" ] || kill -CONT "$WATCH_PID" 2>/dev/null || true
	[ -z "${WATCH_PID:-}" ] || kill "$WATCH_PID" 2>/dev/null || true
	# A caller started before a watcher that never started waits for it forever.
	[ -z "${BEFORE_PID:-}" ] || kill "$BEFORE_PID" 2>/dev/null || true
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
	if tr -s '\n ' '  ' < "$WATCH_ERR" | grep -q 'the kernel refuses to load BPF programs (Operation not permitted)'; then
		skip "this kernel refuses BPF programs to root (EPERM: lockdown or a sandbox)"
	fi
	cat "$WATCH_ERR"
	return 1
}

# watch_stop: SIGINT, after which the watcher exits 0, within 30 s: one
# that does not is shown where it sleeps, and killed, not waited for.
watch_stop() {
	kill -INT "$WATCH_PID"
	local status=0 i
	for ((i = 0; i < 600; i++)); do
		kill -0 "$WATCH_PID" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$WATCH_PID" 2>/dev/null; then
		echo "odcreat-watch still runs 30 s after SIGINT, in $(cat "/proc/$WATCH_PID/wchan" 2>/dev/null):"
		cat "/proc/$WATCH_PID/stack" 2>/dev/null
		cat "$WATCH_ERR"
		kill -KILL "$WATCH_PID"
		wait "$WATCH_PID"
		WATCH_PID=
		return 1
	fi
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
# before a watcher starts, which would log the question). Elsewhere a pair call makes a
# file where the name is missing: its state is told where the kernel says the call did.
einval_kernel() {
	python3 -c 'import os, sys
try:
    os.open("", os.O_CREAT | os.O_DIRECTORY | os.O_RDWR)
except OSError as e:
    sys.exit(e.errno != 22)'
}

@test "watch: a dynamic program's openat (python3 os.open), with the name's state and directory" {
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
		state=missing uid=0 seen=sys_enter/openat abi=native "tid=$py" "nspid=$py" \
		"cgroup=\"$CGROUP_NAME\"" "cgroup_id=$(stat -c %i "$CGROUP")" \
		"mntns=$(stat -L -c %i /proc/self/ns/mnt)"
	[[ $LINE == *' exe="'*python3* ]]
	[[ $LINE == *' would="einval=EINVAL '* ]]
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
	# (AArch64 has no open(2).)
	if [ "$(uname -m)" != aarch64 ]; then
		static_call sys_open static-open creat,directory,excl
		has call=open seen=sys_enter/open dirfd=AT_FDCWD 'path="static-open"' \
			flags=O_RDONLY\|O_CREAT\|O_EXCL\|O_DIRECTORY "result=${CALLED%% *}" 'prog="odc_call_static"'
	fi
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
	BEFORE_PID=$py
	watch_start
	echo > go
	wait "$py"
	await "pid=$py "
	watch_stop
	the_line "pid=$py "
	has 'path="early"' call=openat seen=sys_enter/openat
}

@test "watch: a process in its own mount, pid and user namespaces, its path read in its own root" {
	needs_ns user mount pid
	new_cgroup
	watch_start
	# Only the namespace's mounts hold ns/only-here; the pid the test knows it by is the outer one.
	# (Each name in a directory of its own: where the kernel makes a file of the missing one, its
	# directory changes, before the other's look.)
	mkdir ns
	"${IN_CGROUP[@]}" "$CGROUP" unshare -Urmpf --mount-proc sh -c '
		mount -t tmpfs tmpfs ns && mkdir ns/only-here ns/only-here/d ns/only-here/d/in && sleep 0.1 &&
		exec python3 -c "import os, sys, time
for name in (\"$PWD/ns/only-here/d\", \"ns/only-here/d/in/new\"):
    try:
        os.open(name, os.O_CREAT | os.O_DIRECTORY)
    except OSError as e:
        pass
print(os.getpid(), flush=True)
time.sleep(30)" odcreat-watch-ns-caller' > "$BATS_TEST_TMPDIR/py" &
	await 'path="ns/only-here/d/in/new"'
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
	the_line 'path="ns/only-here/d/in/new"'
	has "pid=$outer" "nspid=$inner" "pidns=$pidns" "userns=$userns" "mntns=$mntns" \
		"cgroup=\"$CGROUP_NAME\"" state=missing uid=0 "dir=\"$SCRATCH\""
	the_line "path=\"$SCRATCH/ns/only-here/d\""
	has "pid=$outer" state=dir
}

# What each mode but native (the kernel's own) would answer the pair (O_RDONLY, 0 or
# O_CLOEXEC) on a name in each state: as the library's lines say.
declare -gA WOULD=(
	[missing]='einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made'
	[dir]='einval=EINVAL freebsd=fd mkdir=fd legacy=EISDIR linux-5.7=EISDIR'
	[file]='einval=EINVAL freebsd=ENOTDIR mkdir=ENOTDIR legacy=ENOTDIR linux-5.7=ENOTDIR'
	[dangling]='einval=EINVAL freebsd=ENOENT mkdir=EEXIST legacy=fd+made linux-5.7=ENOTDIR+made'
)

@test "watch: the name's state before the call where the kernel itself may make it: missing, a directory, a file, a link to nowhere, for a dynamic, a static and an openat2 caller, with what each mode would answer" {
	local state caller result
	# Each call in a directory of its own: one that makes a file changes its directory.
	for state in missing dir file dangling; do
		for caller in py st o2; do
			mkdir "$state-$caller"
		done
	done
	for caller in py st o2; do
		mkdir "dir-$caller/name"
		: > "file-$caller/name"
		ln -s nowhere "dangling-$caller/name"
	done
	sleep 0.05	# the directories older than the calls by more than the look's 20 ms
	# One call at a time, each line awaited, and a watcher for each state's three: a
	# person's looks may take a tenth of the watcher's time, and under emulation, where a
	# look takes a few hundred ms, a dozen in a row would run out of it (state_unread=stuck).
	for state in missing dir file dangling; do
		watch_start
		python3 -c 'import os, sys
try:
    os.open(sys.argv[1], os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass' "$state-py/name"
		await "path=\"$state-py/name\""
		"$STATIC" sys_openat "$state-st/name" creat,directory > /dev/null
		await "path=\"$state-st/name\""
		"$STATIC" sys_openat2 "$state-o2/name" creat,directory > /dev/null
		await "path=\"$state-o2/name\""
		watch_stop
		for caller in py st o2; do
			the_line "path=\"$state-$caller/name\""
			has "state=$state"
			[[ $LINE == *" would=\"${WOULD[$state]} "* ]] || { echo "would= not ${WOULD[$state]}: $LINE"; return 1; }
			# And native's is what the kernel answered.
			result=${LINE#* result=}
			result=${result%% *}
			[[ $LINE =~ \ native=$result[+\"] ]] || { echo "native= not $result: $LINE"; return 1; }
		done
	done
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

@test "watch: not installed, or refused BPF by the kernel: a message that says so, and a status that is not 0" {
	nobody_copies
	# Watchers installed where odcreat looks (the package's, make install's)
	# are hidden: found, one would watch until killed.
	local dir hidden=() hide=()
	for dir in "$ODC_PREFIX" /usr /usr/local; do
		[ ! -e "$dir/libexec/odcreat/odcreat-watch" ] || hidden+=("$dir/libexec/odcreat")
	done
	if [ ${#hidden[@]} -gt 0 ]; then
		needs_ns mount
		hide=(unshare -m sh -c 'while [ "$1" != -- ]; do mount -t tmpfs odc-none "$1" || exit; shift; done
			shift; exec "$@"' sh "${hidden[@]}" --)
	fi
	run --separate-stderr timeout 10 "${hide[@]}" "$NB/odcreat" --watch
	[ "$status" -eq 125 ]
	local in=$ODC_PREFIX/libexec/odcreat others=()
	for dir in /usr /usr/local; do
		[ "$dir" = "$ODC_PREFIX" ] || others+=("$dir/libexec/odcreat")
	done
	if [ ${#others[@]} -eq 2 ]; then in+=", ${others[0]} or ${others[1]}"; else in+=" or ${others[0]}"; fi
	unwrapped stderr
	assert_equal "$stderr" "odcreat: --watch: odcreat-watch is not installed: not beside odcreat, nor in $in
odcreat: install the package odcreat-watch, or make watch && make install"
	cp "$WATCHER" "$NB/"
	# Tracing programs need CAP_BPF and CAP_PERFMON, which nobody has.
	run --separate-stderr timeout 10 setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/odcreat" --watch -l stderr
	[ "$status" -eq 1 ]
	unwrapped stderr
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
	# Elsewhere the call itself makes a file, the fallback's mkdir fails, and the caller never says it is done.
	einval_kernel || skip "this kernel's meaning is not einval: a pair call makes a file, which the fallback's mkdir fails on"
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
	# Its executable and directory are the kernel's names, taken at the call.
	has 'path="late"' state_unread=late "dir=\"$SCRATCH\""
	[[ $LINE != *' state='* && $LINE == *' exe="'*python3* ]]
}

# hold_watcher: the watcher held still (SIGSTOP) until release_watcher, so
# that a caller run in between has exited before the watcher looks at its call.
hold_watcher() {
	kill -STOP "$WATCH_PID"
	until [ "$(awk '{ print $3 }' "/proc/$WATCH_PID/stat")" = T ]; do sleep 0.01; done
}
release_watcher() {
	kill -CONT "$WATCH_PID"
}

# gone_call AWAIT CMD...: CMD run, and exited, while the watcher is held;
# then the line that holds AWAIT, in $LINE.
gone_call() {
	local pattern=$1
	shift
	hold_watcher
	call_once "$@"
	release_watcher
	await "$pattern"
	the_line "$pattern"
}

@test "watch: a static and a Go program that exit before the look still get state=, would= and exe=: the kernel's names, taken at the call" {
	local state=state=missing would=' would="einval=EINVAL freebsd=ENOENT mkdir=fd+made '
	watch_start
	gone_call 'path="gone-static"' "$STATIC" sys_openat gone-static creat,directory
	has "$state" "dir=\"$SCRATCH\"" "exe=\"$(readlink -f "$STATIC")\"" "pid=$CALLER"
	[[ $LINE == *"$would"* ]]
	gone_call 'path="gone-go"' "$GO" go_openat gone-go creat,directory
	has "$state" "dir=\"$SCRATCH\"" "exe=\"$(readlink -f "$GO")\"" "pid=$CALLER"
	[[ $LINE == *"$would"* ]]
	watch_stop
}

@test "watch: a directory swapped (renameat2 RENAME_EXCHANGE) between the call and the look is not vouched for" {
	# In b, the name the call passes is a directory: read there, its state would be dir.
	mkdir -p a b/swapped
	sleep 0.05
	watch_start
	hold_watcher
	cd a
	call_once "$STATIC" sys_openat swapped creat,directory
	cd ..
	python3 -c 'import ctypes
libc = ctypes.CDLL(None, use_errno=True)
if libc.renameat2(-100, b"a", -100, b"b", 2) != 0:  # RENAME_EXCHANGE
    raise OSError(ctypes.get_errno(), "renameat2")'
	[ -d a/swapped ]
	release_watcher
	await 'path="swapped"'
	watch_stop
	the_line 'path="swapped"'
	has "pid=$CALLER" state_unread=moved "dir=\"$SCRATCH/a\""
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: every kind of caller of the coverage table that exits before the look gets state= and would=, where its mount namespace is left" {
	needs_ns user mount pid
	einval_kernel || skip "this kernel's meaning is not einval: an io_uring open, made in a worker, is not told made or not (state_unread=kernel)"
	local kinds=0 told=0 line
	nobody_copies
	chmod 4755 "$NB/tests/odc_call_static"
	cd "$NB"
	sleep 0.05
	watch_start
	# counted PATTERN: the line of one caller's call; whether it has a state and a prediction.
	counted() {
		the_line "$1"
		kinds=$((kinds + 1))
		[[ $LINE == *' state='*' would="'* ]] && told=$((told + 1))
		echo "$1: ${LINE##* state}"
	}
	gone_call 'path="k-dynamic"' python3 -c 'import os
try:
    os.open("k-dynamic", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass'
	counted 'path="k-dynamic"'
	for entry in sys_open sys_openat sys_openat2; do
		gone_call "path=\"k-$entry\"" "$STATIC" "$entry" "k-$entry" creat,directory
		counted "path=\"k-$entry\""
	done
	gone_call 'path="k-go"' "$GO" go_openat k-go creat,directory
	counted 'path="k-go"'
	for op in openat openat2; do
		gone_call "path=\"k-uring-$op\"" "$URING" "$op" "k-uring-$op" creat,directory
		counted "path=\"k-uring-$op\""
	done
	gone_call 'path="k-setuid"' setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$NB/tests/odc_call_static" sys_openat k-setuid creat,directory
	counted 'path="k-setuid"'
	# Its own mount, pid and user namespaces, which its parent, still there, holds.
	hold_watcher
	unshare -Urmpf --mount-proc sh -c 'mount -t tmpfs tmpfs "$1" && mkdir "$1/only-here" && cd "$1/only-here" &&
		sleep 0.05 && "$0" sys_openat k-ns creat,directory > /dev/null; touch "$2"; exec sleep 30' \
		"$STATIC" "$NB" "$BATS_TEST_TMPDIR/ns-called" &
	local ns=$!
	until [ -e "$BATS_TEST_TMPDIR/ns-called" ]; do sleep 0.05; done
	release_watcher
	await 'path="k-ns"'
	counted 'path="k-ns"'
	has "dir=\"$NB/only-here\""
	kill -KILL "$ns"
	wait "$ns" 2> /dev/null || true
	watch_stop
	echo "$told of $kinds told"
	[ "$told" -eq "$kinds" ]
}

@test "watch: a live caller that moved to another directory after its call is not read in the new one" {
	# In b, the name the call passes is a directory: read there, its state would be dir.
	mkdir -p a b/there
	sleep 0.05
	watch_start
	hold_watcher
	(cd a && exec python3 -c 'import os, time
try:
    os.open("there", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
os.chdir("../b")
print(os.getpid(), flush=True)
time.sleep(30)') > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	until [ -s "$BATS_TEST_TMPDIR/py" ]; do sleep 0.05; done
	release_watcher
	await "pid=$py "
	kill "$py"
	watch_stop
	the_line "pid=$py "
	has 'path="there"' state_unread=moved "dir=\"$SCRATCH/a\""
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a caller gone before the look is looked for with the groups the kernel gave it at the call" {
	nobody_copies
	# Only group 4242 may search grp: nobody without it would meet EACCES (state=error).
	install -d -m 0710 -g 4242 "$NB/grp"
	sleep 0.05
	watch_start
	gone_call "path=\"$NB/grp/x\"" setpriv --reuid=nobody --regid=nogroup --groups=4242 \
		"$NB/tests/odc_call_static" sys_openat "$NB/grp/x" creat,directory
	watch_stop
	has state=missing "uid=$(id -u nobody)"
}

@test "watch: a caller gone with its mount namespace, which no process holds any more, has no state, but its executable and directory" {
	needs_ns mount
	mkdir ns
	watch_start
	gone_call 'path="alone"' unshare -m sh -c 'mount -t tmpfs tmpfs "$1" && cd "$1" && sleep 0.05 &&
		exec "$0" sys_openat alone creat,directory' "$STATIC" "$SCRATCH/ns"
	watch_stop
	has state_unread=gone "dir=\"$SCRATCH/ns\"" "exe=\"$(readlink -f "$STATIC")\""
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a caller gone from a directory it may no longer reach by name is not read there, and not said moved" {
	nobody_copies
	mkdir -m 0755 "$NB/shut"
	mkdir -m 0777 "$NB/shut/in"
	sleep 0.05
	watch_start
	hold_watcher
	call_once sh -c 'cd "$1" && exec setpriv --reuid=nobody --regid=nogroup --clear-groups "$2" sys_openat x \
		creat,directory' sh "$NB/shut/in" "$NB/tests/odc_call_static"
	# Only root may search shut now: the look, as nobody, cannot get to shut/in by its name.
	chmod 0700 "$NB/shut"
	release_watcher
	await 'path="x"'
	watch_stop
	the_line 'path="x"'
	has "pid=$CALLER" state_unread=unreachable "dir=\"$NB/shut/in\""
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a live caller that chrooted after its call is not read in its new root" {
	# Its path goes through a symlink to an absolute name: in the new root, a directory is there.
	mkdir -p a "jail$SCRATCH/a/x"
	ln -s "$SCRATCH/a" link
	sleep 0.05
	watch_start
	hold_watcher
	python3 -c 'import os, time
try:
    os.open("link/x", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
os.chroot("jail")
print(os.getpid(), flush=True)
time.sleep(30)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	KILL=$py
	until [ -s "$BATS_TEST_TMPDIR/py" ]; do sleep 0.05; done
	release_watcher
	await "pid=$py "
	watch_stop
	the_line "pid=$py "
	has 'path="link/x"' state_unread=moved "dir=\"$SCRATCH\""
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a caller gone before the look, with more groups than its record holds, is looked for with no others" {
	nobody_copies
	watch_start
	gone_call "path=\"$NB/many\"" setpriv --reuid=nobody --regid=nogroup --groups="$(seq -s, 5001 5040)" \
		"$NB/tests/odc_call_static" sys_openat "$NB/many" creat,directory
	watch_stop
	has state_unread=groups "uid=$(id -u nobody)"
	[[ $LINE != *' state='* && $LINE != *' would='* ]]
}

@test "watch: a look that never ends (a FIFO where a sysctl should be, in the caller's root) is given up" {
	needs_ns mount
	nobody_copies
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
	# The watcher goes on: another user's later call arrives, and a new reader
	# looks into it (root's own looks wait a moment: they took their share).
	linger nobody "$NB/after"
	local after=$!
	await "path=\"$NB/after\""
	kill "$after"
	watch_stop
	the_line 'path="sticky/f"'
	has state_unread=stuck
	the_line "path=\"$NB/after\""
	has state=missing
}

@test "watch: the reader takes a caller's root and ids for its look alone: root's next call is read as root sees it" {
	needs_ns user mount
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
	needs_ns pid mount
	WATCH_OUT=$SCRATCH/out
	unshare -pf --mount-proc sh -c '
		timeout 120 "$0" --watch -l "$1" 2> "$2" & watcher=$!
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
WATCH_IN_LOGD='timeout 120 "$ODCREAT" --watch -l "$1" 2> "$D/err" & w=$!
	for i in $(seq 200); do grep -q watching "$D/err" && break; sleep 0.05; done
	# retry CMD: CMD, every 0.1 s, 10 s at most.
	retry() { for i in $(seq 100); do "$@" && return 0; sleep 0.1; done; return 1; }'

@test "watch: odcreat --watch -l journal: journald's fields, the caller's pid and uid among them; report believes root's odcreat-watch" {
	needs_ns mount net
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
	needs_ns mount net
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
	needs_ns mount
	# The test's own mount namespace stands for a machine without systemd's tracefs.
	unshare -m --propagation private sh -c '
		! mountpoint -q /sys/kernel/tracing || umount /sys/kernel/tracing
		! mountpoint -q /sys/kernel/debug || umount -l /sys/kernel/debug
		timeout 120 "$0" --watch -l "$1/log" 2> "$1/err" & w=$!
		for i in $(seq 200); do grep -q watching "$1/err" && break; sleep 0.05; done
		"$2" sys_openat "$1/no-tracefs" creat,directory > /dev/null
		for i in $(seq 200); do grep -q no-tracefs "$1/log" && break; sleep 0.05; done
		grep -c " - tracefs " /proc/self/mountinfo > "$1/mounts"
		kill -TERM $w && wait $w' "$ODCREAT" "$SCRATCH" "$STATIC"
	grep -q 'path="'"$SCRATCH"'/no-tracefs"' log || { cat err; fail "no line"; }
	assert_equal "$(cat mounts)" 0
}

# new_root: a root of the watcher's own in $ROOT, a directory (no mount point), holding the watcher
# and the libraries it needs, and /proc, /sys, the directories to mount them on.
new_root() {
	local lib
	ROOT=$SCRATCH/root
	mkdir -p "$ROOT/proc" "$ROOT/sys"
	cp "$WATCHER" "$ROOT/odcreat-watch"
	for lib in $(ldd "$WATCHER" | grep -o '/[^ ]*'); do
		mkdir -p "$ROOT${lib%/*}"
		cp -L "$lib" "$ROOT$lib"
	done
}

# in_root MOUNTS CMD...: in a mount namespace of the test's own with no tracefs mounted, which stands
# for a machine without systemd's, MOUNTS (sh run in $ROOT) made, then CMD; in $status, $output.
in_root() {
	run unshare -m --propagation private sh -c '
		! mountpoint -q /sys/kernel/tracing || umount /sys/kernel/tracing
		! mountpoint -q /sys/kernel/debug || umount -l /sys/kernel/debug
		cd "$0" && eval "$1" && shift && "$@"' "$ROOT" "$@"
}

@test "watch: in a chroot, whose / is no mount point, with no tracefs: the watcher mounts its own, watches, and mounts nothing here" {
	needs_ns mount
	new_root
	# The tracepoints' programs alone need tracefs: where fentry is taken, there is nothing to find.
	in_root 'mount -t proc proc proc && mount -t sysfs sysfs sys' sh -c '
		ODCREAT_LOG=/log timeout -s INT 120 chroot . /odcreat-watch 2> err & w=$!
		for i in $(seq 200); do grep -q watching err && break; sleep 0.05; done
		"$0" sys_openat "$1/chrooted" creat,directory > /dev/null
		for i in $(seq 200); do grep -q chrooted log && break; sleep 0.05; done
		grep -c " - tracefs " /proc/self/mountinfo > mounts
		kill -INT $w && wait $w' "$STATIC" "$SCRATCH"
	[ "$status" -eq 0 ] || { cat "$ROOT/err"; fail "the watcher exited $status"; }
	grep -q 'path="'"$SCRATCH"'/chrooted"' "$ROOT/log" || { cat "$ROOT/err"; fail "no line"; }
	assert_equal "$(cat "$ROOT/mounts")" 0
}

@test "watch: each step of its set-up that fails is named, with the mount that would do, and no kernel blamed" {
	needs_ns mount
	new_root
	# No /proc: its pid namespace, the callers' looks.
	in_root 'mount -t sysfs sysfs sys' chroot . /odcreat-watch
	[ "$status" -eq 1 ]
	unwrapped
	assert_output "odcreat-watch: cannot tell its pid namespace (/proc/self/ns/pid): /proc is not mounted here: mount -t proc proc /proc"
	# No sysfs: the kernel's BTF, which this kernel has.
	in_root 'mount -t proc proc proc' chroot . /odcreat-watch
	[ "$status" -eq 1 ]
	unwrapped
	assert_output "odcreat-watch: cannot read the kernel's BTF (/sys/kernel/btf/vmlinux): /sys is not mounted here: mount -t sysfs sysfs /sys"
	# Only where the calls' tracepoints are watched (the kernel refuses fentry) is tracefs needed.
	# A mount namespace refused it (no CAP_SYS_ADMIN, which BPF does without):
	in_root 'mount -t proc proc proc && mount -t sysfs sysfs sys' \
		setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin timeout -s INT 5 chroot . /odcreat-watch
	[[ $output != *"odcreat-watch: watching"* ]] ||
		skip "this kernel takes BPF on its functions (fentry): no tracefs is needed"
	[ "$status" -eq 1 ]
	unwrapped
	assert_output "odcreat-watch: cannot make a mount namespace of its own to mount tracefs in (unshare): Operation not permitted; mount it: mount -t tracefs tracefs /sys/kernel/tracing"
	# Nothing above tracefs's directory is a mount to make private: a mount there would reach the machine's.
	mkdir -p "$ROOT/sys/kernel/tracing" "$ROOT/sys/kernel/btf"
	: > "$ROOT/sys/kernel/btf/vmlinux"
	in_root 'mount -t proc proc proc && mount --bind /sys/kernel/btf/vmlinux sys/kernel/btf/vmlinux' \
		timeout -s INT 5 chroot . /odcreat-watch
	[ "$status" -eq 1 ]
	unwrapped
	assert_output "odcreat-watch: cannot mount tracefs in its own mount namespace: no directory above /sys/kernel/tracing is a mount's root (a chroot's / that is none), and a mount there would reach the machine's; mount it: mount -t tracefs tracefs /sys/kernel/tracing"
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

@test "watch: the log file the watcher makes is 0600 whatever the umask: no user reads what root saw" {
	umask 022
	watch_start "$SCRATCH/watch.log"
	WATCH_OUT=$SCRATCH/watch.log
	call_once "$STATIC" sys_openat logged creat,directory
	await "pid=$CALLER "
	watch_stop
	assert_equal "$(stat -c '%u %a' watch.log)" "0 600"
}

# "${NOBODY[@]}" CMD... &: CMD as nobody, with no groups, in the background, its pid in $!.
NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)

# as_uid UID CMD...: CMD with UID as its uids and its gids, and no other groups.
as_uid() {
	local uid=$1
	shift
	setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
}

# exits N PATH: a C program that makes N processes, one after another, each
# of which makes the pair call on PATH once and exits: $NB/exits.
exits_program() {
	printf '%s\n' '#include <fcntl.h>' '#include <stdlib.h>' '#include <sys/syscall.h>' \
		'#include <sys/wait.h>' '#include <unistd.h>' \
		'int main(int argc, char **argv) {' \
		'	for (int i = argc == 3 ? atoi(argv[1]) : 0; i > 0; i--) {' \
		'		pid_t p = fork();' \
		'		if (p == 0) _exit(syscall(SYS_openat, AT_FDCWD, argv[2], O_CREAT | O_DIRECTORY, 0) < 0);' \
		'		waitpid(p, 0, 0);' \
		'	}' \
		'	return 0;' \
		'}' | cc -x c -o "$NB/exits" -
}

@test "watch: exit records count against their person's share: nobody's exiting processes leave root its 100 calls" {
	nobody_copies
	exits_program
	cd "$NB"
	watch_start
	# Held still, so that what nobody sends stays in the ring buffer.
	kill -STOP "$WATCH_PID"
	"${NOBODY[@]}" "$NB/tests/odc_call_static" -n 20000 sys_openat flood creat,directory > /dev/null &
	local flood=$!
	wait "$flood"
	as_nobody "$NB/exits" 8000 exiting
	call_once "$STATIC" -n 100 sys_openat by-root creat,directory
	kill -CONT "$WATCH_PID"
	await_counted 100 "$CALLER"
	await_counted 20000 "$flood"
	watch_stop
	run grep -c "pid=$CALLER .*path=\"by-root\"" "$WATCH_OUT"
	assert_output 100
	counted "$flood"
	[ "$COUNTED" -eq 20000 ]
}

@test "watch: shares are exact: uid 4599's flood leaves uid 4343 its 100 calls, and uid 1024's root its 100 (no slot by uid modulo 256)" {
	nobody_copies
	cd "$NB"
	watch_start
	kill -STOP "$WATCH_PID"
	as_uid 4599 "$NB/tests/odc_call_static" -n 20000 sys_openat flood-4599 creat,directory > /dev/null
	as_uid 1024 "$NB/tests/odc_call_static" -n 20000 sys_openat flood-1024 creat,directory > /dev/null
	setpriv --reuid=4343 --regid=4343 --clear-groups "$NB/tests/odc_call_static" -n 100 sys_openat by-4343 \
		creat,directory > /dev/null &
	local other=$!
	wait "$other"
	call_once "$STATIC" -n 100 sys_openat by-root creat,directory
	kill -CONT "$WATCH_PID"
	await_counted 100 "$other"
	await_counted 100 "$CALLER"
	watch_stop
	run grep -c "pid=$other .*path=\"by-4343\"" "$WATCH_OUT"
	assert_output 100
	run grep -c "pid=$CALLER .*path=\"by-root\"" "$WATCH_OUT"
	assert_output 100
}

@test "watch: a share is a person's: four uids mapped into one user namespace of nobody's are nobody, and leave root its 100 calls" {
	needs_ns user
	setpriv --reuid=nobody --regid=nogroup --clear-groups unshare -U true 2> /dev/null ||
		skip "this machine refuses nobody a user namespace (unshare -U)"
	nobody_copies
	mkdir -m 0777 "$NB/run"
	mkfifo -m 0666 "$NB/run/go"
	cd "$NB/run"
	watch_start
	kill -STOP "$WATCH_PID"
	# As root may grant a user a subordinate range (/etc/subuid, newuidmap):
	# its uids 0 to 3 are 200000 to 200003 outside.
	as_nobody /usr/bin/python3 -c 'import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.unshare(0x10000000):  # CLONE_NEWUSER
    sys.exit("unshare: " + os.strerror(ctypes.get_errno()))
open("ns.pid", "w").write("%d\n" % os.getpid())
open("go").read()
floods = []
for uid in range(4):
    pid = os.fork()
    if pid == 0:
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        os.execv(sys.argv[1], [sys.argv[1], "-n", "20000", "sys_openat", "sub-%d" % uid, "creat,directory"])
    floods.append(pid)
for pid in floods:
    os.waitpid(pid, 0)' "$NB/tests/odc_call_static" > /dev/null &
	local ns=$!
	until [ -s ns.pid ]; do sleep 0.05; done
	echo '0 200000 4' > "/proc/$(cat ns.pid)/uid_map"
	echo '0 200000 4' > "/proc/$(cat ns.pid)/gid_map"
	echo go > go
	wait "$ns"
	call_once "$STATIC" -n 100 sys_openat by-root creat,directory
	kill -CONT "$WATCH_PID"
	await_counted 100 "$CALLER"
	watch_stop
	run grep -c "pid=$CALLER .*path=\"by-root\"" "$WATCH_OUT"
	assert_output 100
	# The four were each their own uid.
	run sh -c "grep -o ' uid=20000[0-3] ' '$WATCH_OUT' | sort -u | wc -l"
	assert_output 4
}

@test "watch: io_uring opens pending behind links: root's 10 and nobody's 2,048 are each a line or counted lost" {
	# Elsewhere than einval: root's first call makes a file, which the others
	# find; nobody may not make one in root's directory.
	local err=EINVAL nobody_err=EINVAL
	einval_kernel || err=ENOTDIR nobody_err=EACCES
	nobody_copies
	cd "$NB"
	mkfifo -m 0666 root-go nobody-go
	watch_start
	"$URING" -l 10 openat uring-root creat,directory < root-go > "$BATS_TEST_TMPDIR/root" &
	local root=$!
	"${NOBODY[@]}" "$NB/tests/odc_uring" -l 2048 openat uring-nobody creat,directory < nobody-go \
		> "$BATS_TEST_TMPDIR/nobody" &
	local nobody=$!
	KILL="$root $nobody"
	exec 8<> root-go 9<> nobody-go
	until grep -q pending "$BATS_TEST_TMPDIR/root"; do sleep 0.05; done
	until grep -q pending "$BATS_TEST_TMPDIR/nobody"; do sleep 0.05; done
	echo >&8
	echo >&9
	wait "$root"
	wait "$nobody"
	exec 8>&- 9>&-
	assert_equal "$(cat "$BATS_TEST_TMPDIR/root")" "pending 10"$'\n'"10 $err"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/nobody")" "pending 2048"$'\n'"2048 $nobody_err"
	await_counted 10 "$root"
	await_counted 2048 "$nobody"
	watch_stop
	counted "$root"
	[ "$COUNTED" -eq 10 ]
	counted "$nobody"
	[ "$COUNTED" -eq 2048 ]
}

@test "watch: a person's lines are bounded (1,000 at once, then 10 a second), what was cut counted: nobody cannot fill root's 0.log" {
	nobody_copies
	install -d -m 1733 -o root log
	watch_start "$SCRATCH/log/"
	WATCH_OUT=$SCRATCH/log/0.log
	local start=${EPOCHREALTIME/./}
	(cd "$NB" && exec setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/tests/odc_call_static" \
		-n 20000 sys_openat bounded creat,directory > /dev/null) &
	local flood=$!
	wait "$flood"
	# 1,000 at once, one more each 100 ms the flood ran (on a slow machine, more than one), and its exit's record.
	local most=$((1001 + (${EPOCHREALTIME/./} - start) / 100000))
	await_counted 20000 "$flood"
	watch_stop
	counted "$flood"
	[ "$COUNTED" -eq 20000 ]
	run grep -c " pid=$flood " log/0.log
	[ "$output" -le "$most" ] || fail "$output lines, more than $most"
}

# await_within SECONDS PATTERN: until a line holds PATTERN, SECONDS at most.
await_within() {
	local end=$((SECONDS + $1))
	until grep -qF -- "$2" "$WATCH_OUT"; do
		[ "$SECONDS" -lt "$end" ] || { echo "no line with $2 within $1 s in:"; cat "$WATCH_OUT"; return 1; }
		sleep 0.02
	done
}

# readers_stuck: the watcher's children asleep in the kernel beyond any signal (D), a pid a line.
readers_stuck() {
	local pid
	for pid in $(cat /proc/"$WATCH_PID"/task/*/children 2> /dev/null); do
		grep -qx 'State:	D (disk sleep)' "/proc/$pid/status" 2> /dev/null && echo "$pid"
	done
	return 0
}

# fuse_user: nobody, in user and mount namespaces of its own, with a FUSE file
# system of its own that never answers a lookup (odc_fuse), under an overlay
# at o in a tmpfs at $NB/m, as issue 44's attacker had it ("ready" in
# $NB/run/fuse.out, else why not). Its python3 makes the pair call on the
# path each line of $NB/run/ask names, and writes a line to $NB/run/called
# after each. The FUSE server's pid: $NB/run/fuse.pid.
fuse_user() {
	# /dev/fuse as distributions ship it (0666), in a mount namespace of the test's own.
	mkdir "$BATS_TEST_TMPDIR/dev"
	NB=$NB unshare -m --propagation private sh -c '
		mount -t tmpfs tmpfs "$0" && mknod -m 0666 "$0/fuse" c 10 229 && mount --bind "$0/fuse" /dev/fuse &&
		exec setpriv --reuid=nobody --regid=nogroup --clear-groups unshare -Urm sh -ec "
			mount -t tmpfs tmpfs \"\$NB/m\"
			cd \"\$NB/m\"
			mkdir f empty o
			\"\$NB/tests/odc_fuse\" f > \"\$NB/run/fuse.out\" 2>&1 &
			echo \$! > \"\$NB/run/fuse.pid\"
			until grep -q mounted \"\$NB/run/fuse.out\"; do sleep 0.05; done
			mount -t overlay overlay -o lowerdir=f:empty o 2>> \"\$NB/run/fuse.out\"
			echo ready >> \"\$NB/run/fuse.out\"
			exec /usr/bin/python3 -c \"\$0\" < \"\$NB/run/ask\" > \"\$NB/run/called\"
		" "import os, sys
for line in sys.stdin:
    try:
        os.open(line.strip(), os.O_CREAT | os.O_DIRECTORY)
    except OSError:
        pass
    print(line.strip(), flush=True)"' "$BATS_TEST_TMPDIR/dev" &
	KILL="$KILL $!"
}

# fuse_ask PATH: fuse_user's pair call on PATH, once it is made (10 s at most).
fuse_ask() {
	local i
	echo "$1" >&8
	for ((i = 0; i < 200; i++)); do
		grep -qx -- "$1" "$NB/run/called" 2> /dev/null && return 0
		sleep 0.05
	done
	echo "fuse_user made no call on $1"
	return 1
}

@test "watch: a user's FUSE that never answers holds only its own looks: another user's line within 2 s; the reader is a clean process of its own, reaped once it ends" {
	needs_ns user mount
	[ -c /dev/fuse ] || skip "this machine has no /dev/fuse"
	setpriv --reuid=nobody --regid=nogroup --clear-groups unshare -Urm true 2> /dev/null ||
		skip "this machine refuses nobody a user namespace (unshare -Urm)"
	nobody_copies
	mkdir -m 0777 "$NB/run" "$NB/m"
	mkfifo -m 0666 "$NB/run/ask"
	watch_start
	fuse_user
	exec 8<> "$NB/run/ask"
	local i
	for ((i = 0; i < 200; i++)); do
		grep -qx ready "$NB/run/fuse.out" 2> /dev/null && break
		sleep 0.05
	done
	grep -qx ready "$NB/run/fuse.out" ||
		skip "this machine refuses nobody a FUSE mount, or an overlay on it, of its own: $(cat "$NB/run/fuse.out")"
	# Issue 44's attack: the look, as root, went through nobody's overlay into its FUSE.
	fuse_ask o/x/y
	KILL="$KILL $(cat "$NB/run/fuse.pid")"
	linger root by-root
	KILL="$KILL $!"
	await_within 2 'path="by-root"'
	await 'path="o/x/y"'
	# Straight into its FUSE, which lets nobody's reader in: the look sticks,
	# and root's call, right behind, still comes at once.
	fuse_ask f/x/y1
	linger root by-root-1
	KILL="$KILL $!"
	await_within 2 'path="by-root-1"'
	await 'path="f/x/y1"'
	the_line 'path="f/x/y1"'
	has state_unread=stuck "uid=$(id -u nobody)"
	# The reader it gave up: started by exec, holding nothing of the watcher's
	# but its socket, with nobody's ids and groups and no privilege at all.
	local reader nobody nogroup
	reader=$(readers_stuck)
	[ "$(wc -w <<< "$reader")" -eq 1 ] || fail "stuck readers: '$reader'"
	nobody=$(id -u nobody)
	nogroup=$(getent group nogroup | cut -d: -f3)
	run cat "/proc/$reader/status"
	assert_line "Uid:	$nobody	$nobody	$nobody	$nobody"
	assert_line "Gid:	$nogroup	$nogroup	$nogroup	$nogroup"
	assert_line --regexp '^Groups:\s*$'
	local cap
	for cap in CapInh CapPrm CapEff CapBnd CapAmb; do
		assert_line "$cap:	0000000000000000"
	done
	assert_line 'NoNewPrivs:	1'
	run ls "/proc/$reader/fd"
	assert_equal "${#lines[@]}" 1
	[[ $(readlink "/proc/$reader/fd/${lines[0]}") == socket:* ]]
	run grep -c anon_inode:bpf "/proc/$reader/maps"
	assert_output 0
	assert_equal "$(readlink "/proc/$reader/exe")" "$(readlink -f "$WATCHER")"
	# A second look that sticks, after which nobody's looks stop (two readers
	# held), said on its line; root's lines still come at once.
	sleep 1
	fuse_ask f/x/y2
	await 'path="f/x/y2"'
	fuse_ask f/x/y3
	await 'path="f/x/y3"'
	linger root by-root-2
	KILL="$KILL $!"
	await_within 2 'path="by-root-2"'
	the_line 'path="f/x/y2"'
	has state_unread=stuck
	the_line 'path="f/x/y3"'
	has state_unread=held
	reader=$(readers_stuck)
	[ "$(wc -w <<< "$reader")" -eq 2 ] || fail "stuck readers: '$reader'"
	# Its FUSE server gone, the readers end, and the watcher reaps them (no zombie).
	kill -KILL "$(cat "$NB/run/fuse.pid")"
	local pid
	for pid in $reader; do
		for ((i = 0; i < 100; i++)); do
			[ -e "/proc/$pid" ] || break
			sleep 0.05
		done
		[ ! -e "/proc/$pid" ] || fail "reader $pid is still there: $(grep State "/proc/$pid/status")"
	done
	exec 8>&-
	watch_stop
}

@test "watch: no fact read with root's rights: nobody's calls under a directory only root may read all say the same" {
	nobody_copies
	install -d -m 0700 "$NB/ro"
	mkdir "$NB/ro/exists" "$NB/ro/fresh"
	cd "$NB"
	sleep 0.05
	watch_start
	kill -STOP "$WATCH_PID"
	"${NOBODY[@]}" /usr/bin/python3 -c 'import os, time
for name in ("ro/exists/x", "ro/missing/x", "ro/fresh/x"):
    try:
        os.open(name, os.O_CREAT | os.O_DIRECTORY)
    except OSError:
        pass
print(flush=True)
time.sleep(30)' > "$BATS_TEST_TMPDIR/py" &
	local py=$!
	KILL=$py
	until [ -s "$BATS_TEST_TMPDIR/py" ]; do sleep 0.05; done
	# Changed after the calls, before the looks: a change only root may see.
	touch ro/fresh/new
	kill -CONT "$WATCH_PID"
	await 'path="ro/fresh/x"'
	watch_stop
	local name facts first=
	for name in exists missing fresh; do
		the_line "path=\"ro/$name/x\""
		has state=error
		facts=$(grep -o ' state[_a-z]*=[^ ]*\| would="[^"]*"' <<< "$LINE")
		: "${first:=$facts}"
		assert_equal "$facts" "$first"
	done
}

@test "watch: exe= is the call's: a process that execs right after its call is named by the image that made it, not its new one" {
	watch_start
	kill -STOP "$WATCH_PID"
	/usr/bin/python3 -c 'import os
try:
    os.open("execd", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass
os.execv("/bin/sleep", ["sleep", "30"])' &
	local p=$!
	KILL=$p
	until [ "$(readlink "/proc/$p/exe")" = "$(readlink -f /bin/sleep)" ]; do sleep 0.05; done
	kill -CONT "$WATCH_PID"
	await "pid=$p "
	watch_stop
	the_line "pid=$p "
	has 'path="execd"' 'prog="python3"' "exe=\"$(readlink -f /usr/bin/python3)\""
	[[ $LINE != *sleep* ]]
}

# pycalls FILE NAME...: a Python script that passes the pair on each NAME.
pycalls() {
	local file=$1
	shift
	printf 'import os\nfor n in %s:\n    try:\n        os.open(n, os.O_CREAT | os.O_DIRECTORY)\n    except OSError:\n        pass\n' \
		"$(printf '"%s",' "$@" | sed 's/^/[/; s/,$/]/')" > "$file"
}

# rows PID...: report's rows (CSV, less its header) for the lines of PID... alone, in $ROWS;
# their count in $NROWS.
rows() {
	counted "$@"
	ROWS=$("$ODCREAT" report --format=csv "$BATS_TEST_TMPDIR/mine" | tail -n +2)
	NROWS=$(grep -c . <<< "$ROWS" || true)
}

# python_exe: the executable python3 runs, as the kernel names it.
python_exe() {
	python3 -c 'import os, sys; print(os.path.realpath(sys.executable))'
}

# A secret of this run's alone: the watcher sees the whole machine's calls.
SECRET=odc-secret-$$

@test "watch: script=: a python3 script's call names it, by the library's rules, as the library does; a secret after it is in neither the log nor the report" {
	pycalls tool.py py-script
	"$ODCREAT" -m einval -l lib.log python3 -W ignore tool.py --password "$SECRET"
	watch_start
	call_once python3 -W ignore tool.py --password "$SECRET"
	await 'path="py-script"'
	watch_stop
	the_line 'path="py-script"'
	# The script by the kernel's name for it, as the library names it too.
	has "script=\"$(realpath tool.py)\"" "pid=$CALLER"
	[[ $(cat lib.log) == *" script=\"$(realpath tool.py)\" "* ]] || fail "the library's: $(cat lib.log)"
	rows "$CALLER"
	assert_equal "$NROWS" 1
	[[ $ROWS == "\"$(python_exe)\","*",\"$(realpath tool.py)\",watcher" ]] || fail "$ROWS"
	run "$ODCREAT" report "$BATS_TEST_TMPDIR/mine"
	run sed -e ':a' -e '/\\$/{N;s/\\\n  //;ba' -e '}' <<< "$output"
	assert_line --regexp "^$(python_exe) $(realpath tool.py) "
	run grep -c "$SECRET" "$WATCH_OUT" "$BATS_TEST_TMPDIR/mine"
	assert_output "$WATCH_OUT:0
$BATS_TEST_TMPDIR/mine:0"
	run "$ODCREAT" report --format=json "$BATS_TEST_TMPDIR/mine"
	[[ $output != *"$SECRET"* ]] || fail "$output"
}

@test "watch: script=: none where the argument the rules name is no regular file as the caller finds it (python3 DIR runs DIR/__main__.py), or for python3 -c" {
	mkdir "$SECRET"
	pycalls "$SECRET/__main__.py" py-dir
	watch_start
	call_once python3 "$SECRET"
	local dir=$CALLER
	call_once python3 -c 'import os
try:
    os.open("py-c", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass' "$SECRET"
	await 'path="py-c"'
	watch_stop
	the_line 'path="py-dir"'
	has "pid=$dir"
	[[ $LINE != *' script='* ]] || fail "$LINE"
	the_line 'path="py-c"'
	[[ $LINE != *' script='* ]] || fail "$LINE"
	run grep -c "$SECRET" "$WATCH_OUT"
	assert_output 0
}

@test "watch: script=: none where the kernel's 511 bytes of the command line end inside the argument the rules name, not the file its first bytes name" {
	# The interpreter's name and its NUL, then the script's, of which the record holds all but "l.py".
	local py kept name
	py=$(python_exe)
	kept=$((511 - ${#py} - 1 - 3))
	name=$(printf '%*s' "$kept" '' | sed 's|  |./|g; s| |/|')tool.py	# ./././.../too
	pycalls tool.py cut-args
	: > too
	watch_start
	call_once "$py" "$name"
	await 'path="cut-args"'
	watch_stop
	the_line 'path="cut-args"'
	has "pid=$CALLER"
	[[ $LINE != *' script='* ]] || fail "$LINE"
}

@test "watch: a program that makes several pair calls and exits before the look is one row: a static program's, and a python3 script's, by its script" {
	pycalls tool.py gone-py1 gone-py2 gone-py3
	watch_start
	gone_call 'path="gone-py3"' python3 tool.py "$SECRET"
	local py=$CALLER
	hold_watcher
	call_once "$STATIC" -n 3 sys_openat gone-c creat,directory
	release_watcher
	await_counted 3 "$CALLER"
	watch_stop
	rows "$py"
	assert_equal "$NROWS" 1
	[[ $ROWS == "\"$(python_exe)\",3,"*",\"$(realpath tool.py)\",watcher" ]] || fail "$ROWS"
	rows "$CALLER"
	assert_equal "$NROWS" 1
	[[ $ROWS == "\"$(readlink -f "$STATIC")\",3,"* ]] || fail "$ROWS"
	run grep -c "$SECRET" "$WATCH_OUT"
	assert_output 0
}

@test "watch: a python3 script whose first call is looked at while it lives and its next two after it exits is one row: its script is decided once" {
	# The later calls' names are absolute: the kernel then names no working directory to find
	# the script from once the caller is gone, and only the first look's word can name it.
	printf 'import os, sys\ndef pair(n):\n    try:\n        os.open(n, os.O_CREAT | os.O_DIRECTORY)\n    except OSError:\n        pass\npair("live-1")\nprint(flush=True)\nsys.stdin.readline()\npair(os.path.abspath("gone-2"))\npair(os.path.abspath("gone-3"))\n' > tool.py
	mkfifo go
	watch_start
	python3 tool.py < go > "$BATS_TEST_TMPDIR/py" &
	local py=$! fd
	exec {fd}> go
	await 'path="live-1"'
	hold_watcher
	echo >&"$fd"
	exec {fd}>&-
	wait "$py"
	release_watcher
	await "path=\"$SCRATCH/gone-3\""
	watch_stop
	rows "$py"
	assert_equal "$NROWS" 1
	[[ $ROWS == "\"$(python_exe)\",3,"*",\"$(realpath tool.py)\",watcher" ]] || fail "$ROWS"
}

@test "watch: script= is the calling image's: a python3 script that execs another right after its call is named by the first, in one row" {
	printf 'import time\ntime.sleep(30)\n' > other.py
	printf 'import os\ntry:\n    os.open("execd-py", os.O_CREAT | os.O_DIRECTORY)\nexcept OSError:\n    pass\nos.execv("/usr/bin/python3", ["python3", "other.py", "%s"])\n' "$SECRET" > tool.py
	watch_start
	hold_watcher
	python3 tool.py "$SECRET" &
	local p=$!
	KILL=$p
	until grep -q other.py "/proc/$p/cmdline" 2> /dev/null; do sleep 0.05; done
	release_watcher
	await "pid=$p "
	watch_stop
	the_line "pid=$p "
	has 'path="execd-py"' "script=\"$(realpath tool.py)\""
	rows "$p"
	assert_equal "$NROWS" 1
	[[ $ROWS == "\"$(python_exe)\","*",\"$(realpath tool.py)\",watcher" ]] || fail "$ROWS"
	run grep -c -e "$SECRET" -e other.py "$WATCH_OUT"
	assert_output 0
}

@test "watch: no line for a call on an empty path: the library's check of the kernel's meaning in each process it is preloaded into, a program's own" {
	watch_start
	call_once "$ODCREAT" -m native -l "$BATS_TEST_TMPDIR/lib.log" python3 -c 'import os
try:
    os.open("preloaded", os.O_CREAT | os.O_DIRECTORY)
except OSError:
    pass'
	local preloaded=$CALLER
	call_once "$STATIC" sys_openat '' creat,directory,rdwr
	local own=$CALLER
	call_once "$STATIC" sys_openat nameless-after creat,directory
	await 'path="nameless-after"'
	await "pid=$preloaded "
	watch_stop
	the_line "pid=$preloaded "
	has 'path="preloaded"'
	run grep -c -e "pid=$own " -e 'path=""' "$WATCH_OUT"
	assert_output 0
}

@test "watch: a call on an empty path is no call of its own, but the calls its process lost before it are said" {
	watch_start
	call_once python3 -c 'import os, time
def pair(name, flags=0):
    try:
        os.open(name, os.O_CREAT | os.O_DIRECTORY | flags)
    except OSError:
        pass
for i in range(1500):
    pair("nameless-burst")
time.sleep(1)
pair("", os.O_RDWR)
time.sleep(1)
pair("nameless-last")'
	await "path=\"nameless-last\""
	watch_stop
	# Its person's burst of lines, the rest lost, said by the nameless call's line, and the last.
	counted "$CALLER"
	assert_equal "$COUNTED" 1501
	run grep -E " pid=$CALLER .*call=none .*lost=[1-9][0-9]* seen=sys_enter/openat " "$WATCH_OUT"
	assert_equal "${#lines[@]}" 1
	run grep -c " pid=$CALLER .*path=\"\" .*result=" "$WATCH_OUT"
	assert_output 0
}

# survey_script DIR: DIR/mk.py, a python3 script of two pair calls, and DIR/mkd, a symlink to it.
survey_script() {
	printf '#!/usr/bin/python3\nimport os\nfor n in ["made-1", "made-2"]:\n    try:\n        os.open(n, os.O_CREAT | os.O_DIRECTORY)\n    except OSError:\n        pass\n' > "$1/mk.py"
	chmod a+rx "$1/mk.py"
	ln -s mk.py "$1/mkd"
}

# program_calls NAME: the drill-down into NAME, as "PROGRAM: N calls" lines alone, in $NB.
program_calls() {
	(cd "$NB" && "$ODCREAT" report --program="$1" log/) | grep -E '^[^ ].*: [0-9]+ calls?$' || true
}

@test "watch and the library into one directory: one row per script however it was started, its calls and paths as made, no empty path, and the drill-down under every name" {
	nobody_copies
	install -d -m 1733 -o root "$NB/log"
	survey_script "$NB"
	mkdir -m 0755 "$NB/bin"
	cp "$STATIC" "$NB/bin/mk.py"
	local nb py
	nb=$(realpath "$NB")
	py=$(readlink -f /usr/bin/python3)
	watch_start "$NB/log/"
	WATCH_OUT=$NB/log/0.log
	local run
	for run in "python3 mk.py" "./mk.py" "python3 $nb/mk.py" "./mkd"; do
		# shellcheck disable=SC2086
		(cd "$NB" && PATH=/usr/bin:/bin "$NB/odcreat" -m native -l "$NB/log/" $run)
	done
	(cd "$NB" && as_nobody env PATH=/usr/bin:/bin "$NB/odcreat" -m native -l "$NB/log/" python3 mk.py)
	(cd "$NB" && bin/mk.py sys_openat made-3 creat,directory)
	local i
	for ((i = 0; i < 200; i++)); do
		[ "$(grep -c -e " script=\"$nb/mk.py\"" -e ' path="made-3"' "$WATCH_OUT")" -ge 11 ] && break
		sleep 0.05
	done
	watch_stop
	run grep -c 'path=""' <(cat "$NB"/log/*.log)
	assert_output 0
	run "$ODCREAT" report --format=csv "$NB/log/"
	assert_success
	# One row each: root's four runs, nobody's one, and the static program the watcher alone sees.
	assert_equal "$(grep -c "$nb/mk.py\"" <<< "$output")" 2
	assert_line --regexp "^\"$py\",8,1,0,0,2,.*,\"$nb/mk.py\",library;watcher\$"
	assert_line --regexp "^\"\\[uid $(id -u nobody)\\] $py\",2,1,0,0,2,.*,\"$nb/mk.py\",library;watcher\$"
	assert_line --regexp "^\"$nb/bin/mk.py\",1,1,0,0,1,.*,\"\",watcher\$"
	local row="[uid $(id -u nobody)] $py"
	local name want
	while IFS='|' read -r name want; do
		printf -v want '%b' "$want"
		run program_calls "$name"
		assert_output "$want" || fail "--program=$name"
	done <<- EOF
		python3|$py: 4 calls\n$row: 2 calls
		mkd|$py: 2 calls
		mk.py|$py: 8 calls\n$row: 2 calls\n$nb/bin/mk.py: 1 call
		./mkd|$py: 8 calls\n$row: 2 calls
		$nb/mk.py|$py: 8 calls\n$row: 2 calls
		${py##*/}|$py: 8 calls\n$row: 2 calls
		$py|$py: 8 calls\n$row: 2 calls
		$row $nb/mk.py|$row: 2 calls
		$nb/bin/mk.py|$nb/bin/mk.py: 1 call
	EOF
	run --separate-stderr "$ODCREAT" report --program=mk.pyy "$NB/log/"
	assert_failure 1
	assert_equal "${stderr_lines[2]}" "The closest names they hold:"
	assert_equal "${stderr_lines[3]}" "  mk.py"
}

@test "watch: no where=: the kernel sees the system call's own instruction, in the C library or Go's runtime, not the code that called it" {
	watch_start
	call_once "$STATIC" sys_openat no-where creat,directory
	call_once "$ODC_CALL" openat no-where-dyn creat,directory
	await 'path="no-where-dyn"'
	watch_stop
	run grep -c ' where=' "$WATCH_OUT"
	assert_output 0
	# The drill-down counts its call under "-", none logged.
	counted "$CALLER"
	run "$ODCREAT" report --program="$(readlink -f "$ODC_CALL")" "$BATS_TEST_TMPDIR/mine"
	assert_line --index 3 "  call sites, most called first (-: none logged):"
	assert_line --index 4 "        1  -"
}

@test "watch: 8 threads' 40,000 calls past their person's pace: each counted once, as a line or as lost" {
	watch_start
	call_once "$STATIC" -t 8 -n 5000 sys_openat racing creat,directory
	await_counted 40000 "$CALLER"
	watch_stop
	counted "$CALLER"
	[ "$COUNTED" -eq 40000 ]
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

@test "watch: the calls through the kernel's functions for them (fentry) where it lets BPF attach there, else through their tracepoints, the refusal said" {
	command -v bpftool > /dev/null || skip "bpftool is missing: what is attached cannot be told"
	local functions tracepoints
	watch_start
	# Loaded, not linked: a kernel before 5.15 attaches a tracepoint's program by a perf event, no BPF link.
	functions=$(bpftool prog show name odc_fe_openat | grep -c '^[0-9]*: ' || true)
	tracepoints=$(bpftool prog show name odc_enter_openat | grep -c '^[0-9]*: ' || true)
	watch_stop
	assert_equal "$((functions + tracepoints))" 1
	output=$(cat "$WATCH_ERR")
	unwrapped
	run grep -c '^odcreat-watch: this kernel refuses BPF on its functions (fentry: .*): the opens are watched through their tracepoints' <<< "$output"
	assert_output "$tracepoints"
	# The way this kernel must give, where the caller knows it (make check-kernels: kernels.txt).
	case ${ODC_WATCH_CALLS:-} in
	fentry) assert_equal "$functions" 1 ;;
	tracepoints) assert_equal "$tracepoints" 1 ;;
	esac
}

@test "watch: a kernel without BTF: a message says what is missing, the kernel that has it, and what else surveys" {
	needs_ns mount
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
	unwrapped stderr
	assert_equal "$stderr" "odcreat-watch: this kernel has no BTF (/sys/kernel/btf/vmlinux: CONFIG_DEBUG_INFO_BTF, Linux 5.4 has it), which the watcher is loaded by; without it, the preload survey (odcreat survey start) sees dynamic programs, and odcreat --seccomp any program it runs"
}

@test "watch: the kernel side holds only what Linux 5.10 runs: no atomic that returns a value (5.12), no helper after 5.10's" {
	# Whatever -mcpu says: clang 14 emits xchg and atomic_fetch_add for v2 as for v3.
	run python3 - "$BUILD/watch/watch.bpf.o" <<'PY'
import struct, sys
elf = open(sys.argv[1], "rb").read()
shoff, = struct.unpack_from("<Q", elf, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3a)
sections = [struct.unpack_from("<IIQQQQ", elf, shoff + i * shentsize) for i in range(shnum)]
names = sections[shstrndx][4]
for name, _, flags, _, off, size in sections:
    if not flags & 4:  # SHF_EXECINSTR: a program's instructions
        continue
    name = elf[names + name:elf.index(b"\0", names + name)].decode()
    for at in range(off, off + size, 8):
        code, regs, _, imm = struct.unpack_from("<BBhi", elf, at)
        if code in (0xc3, 0xdb) and imm != 0:  # BPF_STX|BPF_ATOMIC, other than a plain add
            print("%s, instruction %d: atomic 0x%x (Linux 5.12)" % (name, (at - off) // 8, imm))
        if code == 0x85 and regs >> 4 == 0 and imm > 155:  # a helper after bpf_redirect_peer, 5.10's last
            print("%s, instruction %d: helper %d (after Linux 5.10)" % (name, (at - off) // 8, imm))
PY
	assert_success
	assert_output ""
}

@test "watch: the kernel side as libbpf-tools writes it: every program written out in watch.bpf.c, none in a header, each header compiles alone after vmlinux.h" {
	command -v clang > /dev/null || skip "no clang here, which the kernel side is built with"
	local bpf=$ROOT/src/watch/bpf arch name h sections programs=0
	# A search for a program's name finds its definition: each the object holds, in watch.bpf.c.
	for name in $(readelf -sW "$BUILD/watch/watch.bpf.o" | awk '$4 == "FUNC" && $5 == "GLOBAL" { print $8 }'); do
		grep -qE "^int (BPF_PROG\(|BPF_KRETPROBE\()?$name[(,]" "$bpf/watch.bpf.c" || fail "$name: not defined by name in watch.bpf.c"
		programs=$((programs + 1))
	done
	[ "$programs" -gt 0 ] || fail "no program in $BUILD/watch/watch.bpf.o"
	# A header may hold maps, no program.
	sections=$(grep -n 'SEC("' "$bpf"/*.bpf.h | grep -v 'SEC(".maps")' || true)
	[ -z "$sections" ] || fail "a program in a header: $sections"
	arch=$(uname -m | sed 's/x86_64/x86/; s/aarch64/arm64/')
	for h in "$bpf"/*.bpf.h; do
		printf '#include <vmlinux.h>\n#include "%s"\n' "${h##*/}" |
			clang -O2 -Wall -Werror -target bpf -D__TARGET_ARCH_"$arch" -I"$BUILD/watch" -I"$ROOT/include" \
				-I"$bpf" -c -x c -o /dev/null - || fail "${h##*/} does not compile alone after vmlinux.h"
	done
}
