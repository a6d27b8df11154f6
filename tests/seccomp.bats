#!/usr/bin/env bats
# odcreat --seccomp: static, Go and dynamic programs served by the seccomp
# supervisor, against the same table as the library, and its failure paths.

load test_helper
bats_require_minimum_version 1.5.0

STATIC="$BUILD/tests/odc_call_static"
GO="$BUILD/tests/odc_call_go"
DENY="$BUILD/tests/odc_deny"
ODCREAT="$BUILD/odcreat"
# Preloaded into odcreat: ADDFD without SEND, as on Linux 5.9 to 5.13.
NOSEND="$BUILD/tests/libodc_nosend.so"

# kernel_before MAJOR.MINOR: whether the running kernel is older.
kernel_before() {
	local IFS=.- major minor want_major want_minor
	read -r major minor _ <<< "$(uname -r)"
	read -r want_major want_minor <<< "$1"
	((major < want_major || (major == want_major && minor < want_minor)))
}

# as_5_9 MODE CMD...: CMD under odcreat --seccomp -m MODE as on Linux 5.9 to 5.13.
as_5_9() {
	local mode=$1
	shift
	LD_PRELOAD=$NOSEND "$ODCREAT" --seccomp -m "$mode" -- "$@"
}

setup() {
	new_scratch
	cd "$SCRATCH"
}

# table PROGRAM ENTRY: the whole table, PROGRAM under odcreat --seccomp.
table() {
	RUNNER=seccomp ODC_CALL=$1 check_whole_table "$2"
}

@test "static C program, syscall(SYS_open): the whole table" { table "$STATIC" sys_open; }
@test "static C program, syscall(SYS_openat): the whole table" { table "$STATIC" sys_openat; }
@test "static C program, syscall(SYS_openat2): the whole table" { table "$STATIC" sys_openat2; }
@test "static C program, libc's open(): the whole table" { table "$STATIC" open; }
@test "static C program, libc's openat(): the whole table" { table "$STATIC" openat; }
@test "Go program, syscall.Open: the whole table" { table "$GO" go_open; }
@test "Go program, syscall.Openat: the whole table" { table "$GO" go_openat; }
@test "Go program, os.OpenFile: the whole table" { table "$GO" go_openfile; }
@test "dynamic program, no library preloaded, open(): the whole table" { table "$ODC_CALL" open; }
@test "dynamic program, no library preloaded, openat64(): the whole table" { table "$ODC_CALL" openat64; }

@test "static C program: the lowest descriptor free, as open(2) gives it, through every entry point" {
	local entry
	for entry in open openat openat2 sys_open sys_openat sys_openat2; do
		RUNNER=seccomp ODC_CALL=$STATIC check_lowest "$entry"
	done
}

@test "a static program forked and executed by a shell inside the tree: the whole table" {
	local child="$BATS_TEST_TMPDIR/in-child"
	# The shell forks for the program, since a command follows it.
	printf '#!/bin/sh\n"%s" "$@"\nexit $?\n' "$STATIC" > "$child"
	chmod +x "$child"
	table "$child" sys_openat
}

@test "the library and the supervisor agree, call for call, for a dynamic program" {
	local mode state out_shim out_seccomp
	for mode in $MODES; do
		for state in missing dir file link-dir dangling slash; do
			run_case "$mode" openat "$state" creat,directory,excl
			out_shim=$OUT
			RUNNER=seccomp run_case "$mode" openat "$state" creat,directory,excl
			out_seccomp=$OUT
			[ "$out_shim" = "$out_seccomp" ] ||
				{ echo "$mode $state: shim '$out_shim', seccomp '$out_seccomp'"; return 1; }
		done
	done
}

@test "16 threads of a static program race on one name, in every mode" {
	RUNNER=seccomp ODC_CALL=$STATIC check_race -t 16
}

@test "8 forked processes of a static program race on one name, in every mode" {
	RUNNER=seccomp ODC_CALL=$STATIC check_race -P 8
}

@test "threads that pass their own dirfd are served through it" {
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -t 16 sys_openat d creat,directory
	assert_output "fds=16 inodes=1 errors=none"
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -t 16 sys_openat e creat,directory,excl
	assert_output "fds=1 inodes=1 errors=$(times EEXIST 15)"
	run ls
	assert_output "$(printf 'd\ne')"
}

@test "x32 system call numbers: served where the kernel runs x32, refused as the kernel does elsewhere" {
	[ "$(uname -m)" = x86_64 ] || skip "x32 is an x86-64 ABI"
	run "$STATIC" x32_openat p creat,directory
	if [ "$output" = "ENOSYS -" ]; then
		run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" x32_openat p creat,directory
		assert_output "ENOSYS -"
		# Where the filter answers einval itself (the kernel's meaning unknown), x32 is not its to answer.
		run "$DENY" question EPERM "$ODCREAT" --seccomp -m einval -- "$STATIC" x32_openat p creat,directory
		assert_output "ENOSYS -"
	else
		run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" x32_openat q creat,directory
		assert_output "fd:dir q:dir"
	fi
}

@test "signal handlers, vfork children and fork beside threads, in every mode" {
	local mode prefix
	for mode in $MODES; do
		# A signal every 500 us, a few round trips apart; with and without
		# the kills-only wait, where the interrupted call starts again;
		# with ADDFD's SEND and (LD_PRELOAD, below) without it.
		for prefix in "" "$DENY seccomp:0x28 EINVAL" "env LD_PRELOAD=$NOSEND" \
			      "env LD_PRELOAD=$NOSEND $DENY seccomp:0x28 EINVAL"; do
			# Without the kills-only wait (5.19) and SEND (5.14), a signal between the
			# add and the answer leaves the target a descriptor (README): said, not failed.
			local leaks=
			if { [[ $prefix == *"$DENY"* ]] || kernel_before 5.19; } &&
			   { [[ $prefix == *"$NOSEND"* ]] || kernel_before 5.14; }; then
				leaks=say
			fi
			run --separate-stderr env ${leaks:+ODC_STRESS_LEAKS=say} $prefix "$ODCREAT" --seccomp -m "$mode" -- \
				"$BUILD/tests/odc_stress" signal 200 500
			assert_success
			assert_output "main=$(stress_again "$mode") handler=$(stress_again "$mode") interrupted=yes errno-kept=yes"
			[ -z "$stderr" ] || echo "# $mode, ${prefix:-as it is}: $stderr" >&3
			rm -rf from-*
		done
		run "$ODCREAT" --seccomp -m "$mode" -- "$BUILD/tests/odc_stress" vfork
		assert_output "vfork=$(stress_once "$mode")"
		run "$ODCREAT" --seccomp -m "$mode" -- "$BUILD/tests/odc_stress" fork-threads 4
		assert_output "children=$(stress_again "$mode") threads=$(stress_again "$mode")"
		rm -rf from-*
	done
}

@test "children that fork and exec are served, and odcreat waits for an orphan that outlives the command" {
	# (open(2) where the ABI has it: AArch64 has not.)
	local late=sys_open
	[[ " $ENTRIES " == *" $late "* ]] || late=sys_openat
	run "$ODCREAT" --seccomp -m mkdir -- sh -c "
		\"$STATIC\" sys_openat a creat,directory > a.out
		\"$GO\" go_open b creat,directory > b.out
		(sleep 1; \"$STATIC\" $late c creat,directory > c.out) &
		exit 3"
	assert_equal "$status" 3
	run cat a.out b.out c.out
	assert_output "$(printf 'fd:dir a:dir a.out:file\nfd:dir a:dir a.out:data b:dir b.out:file\nfd:dir a:dir a.out:data b:dir b.out:data c:dir c.out:file')"
}

@test "only O_CREAT|O_DIRECTORY opens and openat2 reach the supervisor" {
	touch f
	# Each notification the supervisor takes is one SECCOMP_IOCTL_NOTIF_RECV.
	recvs() {
		strace -o trace -e trace=ioctl "$ODCREAT" --seccomp -m mkdir -- "$@" > /dev/null
		grep -c SECCOMP_IOCTL_NOTIF_RECV trace
	}
	run recvs "$STATIC" -n 200 sys_openat f rdonly
	assert_output 0
	run recvs "$STATIC" -n 200 sys_open f wronly,creat
	assert_output 0
	run recvs "$STATIC" -n 3 sys_openat d creat,directory
	assert_output 3
	# openat2 keeps its flags in memory: every call is seen, and the ordinary ones go on.
	run recvs "$STATIC" -n 5 sys_openat2 f rdonly
	assert_output 5
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -n 5 sys_openat2 f rdonly
	assert_output "fd:file d:dir f:file trace:data"
}

@test "the command's exit status, a missing or unrunnable command, and a signal that kills it" {
	run "$ODCREAT" --seccomp -m mkdir -- sh -c 'exit 42'
	assert_equal "$status" 42
	run -127 "$ODCREAT" --seccomp -m mkdir -- ./no-such-command
	assert_output --partial "no-such-command"
	touch not-executable
	run -126 "$ODCREAT" --seccomp -m mkdir -- ./not-executable
	# Killed by the same signal, not exiting with 128 + 15 (Python says -15 for the first).
	run python3 -c 'import subprocess, sys; print(subprocess.run(sys.argv[1:]).returncode)' \
		"$ODCREAT" --seccomp -m mkdir -- sh -c 'kill -TERM $$'
	assert_output -- -15
}

@test "an orphan of the tree becomes odcreat's child, so that its exit is reaped even where init does not" {
	run "$ODCREAT" --seccomp -m mkdir -- sh -c '(sleep 0.3; exec grep PPid: /proc/self/status > ppid) & echo $PPID > odcreat.pid'
	assert_success
	run cat ppid
	assert_output "PPid:	$(cat odcreat.pid)"
}

@test "a signal sent to odcreat goes on to the command" {
	"$ODCREAT" --seccomp -m mkdir -- sh -c 'trap "echo got TERM > got; exit 7" TERM; echo $$ > ready; while :; do sleep 0.05; done' &
	local pid=$!
	while [ ! -s ready ]; do sleep 0.05; done
	kill -TERM "$pid"
	local waited=0 status=0
	while [ ! -e got ] && [ $waited -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
	[ -e got ] || kill -KILL "$pid" "$(cat ready)"
	wait "$pid" || status=$?
	assert_equal "$status" 7
	run cat got
	assert_output "got TERM"
}

@test "new directories and files get the mode less the target's own umask" {
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -u 027 -m 777 sys_openat d creat,directory
	assert_output "fd:dir d:dir"
	run "$ODCREAT" --seccomp -m legacy -- "$STATIC" -u 077 -m 666 sys_openat f creat,directory
	assert_output "fd:file d:dir f:file"
	run stat -c '%n %a' d f
	assert_output "$(printf 'd 750\nf 600')"
	# The supervisor's own umask is not the target's.
	[ "$(umask)" != 0027 ]
}

@test "the descriptor is close-on-exec exactly when the call asked for it" {
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -c sys_openat a creat,directory,cloexec
	assert_output "fd:dir+cloexec a:dir"
	run "$ODCREAT" --seccomp -m freebsd -- "$STATIC" -c sys_openat a creat,directory
	assert_output "fd:dir a:dir"
}

@test "a target out of descriptors gets EMFILE, and what was made for it is removed" {
	local entry
	for entry in sys_open sys_openat sys_openat2; do
		# (Those of this build's ABI: AArch64 has no open(2).)
		[[ " $ENTRIES " == *" $entry "* ]] || continue
		run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -L 4 "$entry" p creat,directory
		assert_output "EMFILE -"
		run "$ODCREAT" --seccomp -m legacy -- "$STATIC" -L 4 "$entry" p creat,directory
		assert_output "EMFILE -"
	done
}

@test "out of descriptors, a target still gets the mode's verdict on the flags and the EFAULT of a bad path first, as the kernel orders them" {
	local entry
	for entry in sys_open sys_openat sys_openat2; do
		# (Those of this build's ABI: AArch64 has no open(2).)
		[[ " $ENTRIES " == *" $entry "* ]] || continue
		run "$ODCREAT" --seccomp -m freebsd -- "$STATIC" -L 4 "$entry" p creat,directory,excl
		assert_output "EINVAL -"
		run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -L 4 "$entry" p creat,directory,rdwr
		assert_output "ENOTDIR -"
		run "$ODCREAT" --seccomp -m legacy -- "$STATIC" -L 4 -B unmapped "$entry" - creat,directory
		assert_output "EFAULT -"
	done
}

@test "undoing under RESOLVE_IN_ROOT removes the file inside the root, never the same name outside" {
	needs_root "a private mount namespace"
	needs_ns mount
	# A private mount namespace, so that the absolute name exists outside the root
	# too; the hand-over fails (tests/odc_swap.c), as if the caller were killed.
	run unshare -m sh -c '
		mount -t tmpfs odcreat-test /mnt && echo outside > /mnt/victim && mkdir -p /mnt/root/mnt &&
		cd /mnt/root && LD_PRELOAD="$2" "$0" --seccomp -m legacy -- "$1" -r in_root sys_openat2 \
			/mnt/victim creat,directory &&
		ls -A /mnt/root/mnt && cat /mnt/victim' "$ODCREAT" "$STATIC" "$BUILD/tests/libodc_swap.so"
	assert_output "$(printf 'ENOENT mnt:dir\noutside')"
}

@test "paths and descriptors the kernel would refuse: the mode decides, as in the library" {
	local long mode
	long=$(printf 'a%.0s' {1..5000})
	declare -A want_long=([einval]=EINVAL [freebsd]=ENAMETOOLONG [mkdir]=ENAMETOOLONG
			      [legacy]=ENAMETOOLONG [linux-5.7]=ENAMETOOLONG)
	declare -A want_badf=([einval]=EINVAL [freebsd]=EBADF [mkdir]=EBADF
			      [legacy]=EBADF [linux-5.7]=EBADF)
	for mode in $MODES; do
		run "$ODCREAT" --seccomp -m "$mode" -- "$STATIC" sys_openat "$long" creat,directory
		assert_output "${want_long[$mode]} -"
		run shim "$mode" "$ODC_CALL" sys_openat "$long" creat,directory
		assert_output "${want_long[$mode]} -"
		run "$ODCREAT" --seccomp -m "$mode" -- "$STATIC" -D 99 sys_openat p creat,directory
		assert_output "${want_badf[$mode]} -"
		run shim "$mode" "$ODC_CALL" -D 99 sys_openat p creat,directory
		assert_output "${want_badf[$mode]} -"
	done
}

@test "openat2 RESOLVE_BENEATH: the supervisor never creates outside the directory" {
	mkdir inner
	cd inner
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -r beneath sys_openat2 ../escape creat,directory
	assert_output "EXDEV -"
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -r beneath sys_openat2 sub creat,directory
	assert_output "fd:dir sub:dir"
	[ ! -e ../escape ]
}

@test "a target whose credentials differ gets EPERM, nothing is made, and the log says why" {
	local log="$BATS_TEST_TMPDIR/seccomp.log"
	nobody_copies
	chmod 777 .
	run "$ODCREAT" --seccomp -m mkdir -l "$log" -- \
		setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/tests/odc_call_static" \
		sys_openat d creat,directory
	assert_output "EPERM -"
	run grep -c 'prog="odc_call_static" call=SYS_openat .* semantics=mkdir result=EPERM refused="its credentials differ from the supervisor'"'"'s"' "$log"
	assert_output 1
}

@test "a target whose credentials differ still gets what its mode decides from the flags alone, logged or not" {
	local log="$BATS_TEST_TMPDIR/seccomp.log" case
	nobody_copies
	chmod 777 .
	# MODE FLAGS ANSWER: the flags decide, or (EPERM) the mode would go on to the file system;
	# native's flags are judged as this kernel judges them (its meaning, einval).
	for case in "einval creat,directory EINVAL" "freebsd creat,directory,excl EINVAL" \
		    "mkdir creat,directory,rdwr ENOTDIR" "freebsd creat,directory EPERM" \
		    "legacy creat,directory EPERM" "native creat,directory EINVAL"; do
		set -- $case
		for logged in "" "-l $log"; do
			# shellcheck disable=SC2086
			run "$ODCREAT" --seccomp -m "$1" $logged -- \
				setpriv --reuid=nobody --regid=nogroup --clear-groups "$NB/tests/odc_call_static" \
				sys_openat d "$2"
			assert_equal "$1 $2 ${logged:+logged}: $output" "$1 $2 ${logged:+logged}: $3 -"
		done
		run tail -n 1 "$log"
		assert_output --partial " semantics=$1 result=$3 refused=\"its credentials differ from the supervisor's\""
	done
}

@test "a target in another mount namespace gets EPERM, and the log says why" {
	needs_root "a private mount namespace"
	needs_ns mount
	run --separate-stderr "$ODCREAT" --seccomp -m mkdir -l stderr -- \
		unshare -m "$STATIC" sys_openat d creat,directory
	assert_output "EPERM -"
	[[ $stderr == *'result=EPERM refused="its root directory or mount namespace differs from the supervisor'"'"'s"' ]]
}

@test "a target in another user namespace gets EPERM, even with the same ids and capabilities" {
	needs_ns user
	nobody_copies
	chmod 777 .
	# Unmapped in its new namespace, the target keeps nobody's ids, and no capability.
	run --separate-stderr as_nobody "$NB/odcreat" --seccomp -m mkdir -l stderr -- \
		unshare -U "$NB/tests/odc_call_static" sys_openat d creat,directory
	assert_output "EPERM -"
	[[ $stderr == *'result=EPERM refused="its credentials differ from the supervisor'"'"'s"' ]]
}

@test "an openat2 whose flags the supervisor may not read is refused, not passed on" {
	nobody_copies
	chmod 777 .
	touch f
	# Unprivileged, odcreat may not read a non-dumpable process's memory.
	run --separate-stderr as_nobody \
		"$NB/odcreat" --seccomp -m mkdir -l stderr -- "$NB/tests/odc_call_static" -N sys_openat2 f rdonly
	assert_output "EPERM f:file"
	[[ $stderr == *'call=SYS_openat2 '*' result=EPERM refused="the supervisor may not inspect it (ptrace access mode)"' ]]
	# As root it may, and the ordinary call goes on.
	run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -N sys_openat2 f rdonly
	assert_output "fd:file f:file"
}

@test "an unprivileged user can supervise: no_new_privs is set for it, and only for it" {
	nobody_copies
	chmod 777 .
	run as_nobody "$NB/odcreat" --seccomp -m mkdir -- "$NB/tests/odc_call_static" sys_openat d creat,directory
	assert_output "fd:dir d:dir"
	run as_nobody "$NB/odcreat" --seccomp -m mkdir -- grep NoNewPrivs /proc/self/status
	assert_output "NoNewPrivs:	1"
	run "$ODCREAT" --seccomp -m mkdir -- grep NoNewPrivs /proc/self/status
	assert_output "NoNewPrivs:	0"
}

@test "the log names the target's process and program, from /proc" {
	local log="$BATS_TEST_TMPDIR/seccomp.log"
	run "$ODCREAT" --seccomp -m mkdir -l "$log" -- "$GO" go_open d creat,directory
	assert_output "fd:dir d:dir"
	run cat "$log"
	# The relative path's directory: the target's, through the supervisor's copy of it.
	assert_output --regexp "^[0-9T:.-]+Z pid=[0-9]+ prog=\"odc_call_go\" call=SYS_openat dirfd=AT_FDCWD path=\"d\" flags=O_RDONLY\\|O_CREAT\\|O_DIRECTORY mode=0755 semantics=mkdir result=[0-9]+ state=missing would=\"[^\"]+\" dir=\"$(pwd -P)\"\$"
}

@test "the log shows a program's name as /proc/PID/comm has it, backslash and newline included" {
	cp "$STATIC" 'odc\call'
	cp "$STATIC" "odc
line"
	run --separate-stderr "$ODCREAT" --seccomp -m einval -l stderr -- './odc\call' sys_openat d creat,directory
	[[ $stderr == *' prog="odc\x5ccall" call=SYS_openat '* ]]
	# comm ends at a newline in the name.
	run --separate-stderr "$ODCREAT" --seccomp -m einval -l stderr -- "./odc
line" sys_openat d creat,directory
	[[ $stderr == *' prog="odc" call=SYS_openat '* ]]
}

@test "a log on a pipe that nobody reads leaves the supervisor serving" {
	run python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stderr=w, stdout=subprocess.PIPE)
print(p.returncode, p.stdout.decode().strip())' \
		"$ODCREAT" --seccomp -m mkdir -l stderr -- "$STATIC" -n 2 sys_openat d creat,directory
	assert_output "0 fd:dir d:dir"
}

# start_fails WHY CMD...: odcreat --seccomp under CMD cannot start, says WHY, and runs nothing.
start_fails() {
	local why=$1
	shift
	run "$@" "$ODCREAT" --seccomp -m mkdir -- touch ran
	assert_equal "$status" 125
	unwrapped
	assert_output --partial "odcreat: --seccomp: $why"
	assert_output --partial "nothing was run"
	[ ! -e ran ]
}

@test "start-up failures: no seccomp, no user notification, no ADDFD, no pidfd_getfd, nesting" {
	start_fails "this kernel has no seccomp" "$DENY" seccomp ENOSYS
	start_fails "this kernel has no seccomp user notification" "$DENY" seccomp EINVAL
	# SECCOMP_IOCTL_NOTIF_ADDFD, as a kernel before 5.9 answers it, with SEND or without.
	start_fails "this kernel cannot hand descriptors to a supervised process (SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5.9)" \
		"$DENY" ioctl:0x40182103 EINVAL
	start_fails "cannot take the filter's listener" "$DENY" pidfd_getfd EPERM
	start_fails "another seccomp supervisor already serves this process" "$ODCREAT" --seccomp -m freebsd --
}

@test "a kernel of 5.9 to 5.13, whose ADDFD cannot answer the call: the descriptor is added, then the call answered with its number" {
	# What the supervisor asks of the kernel: ADDFD without SEND, then NOTIF_SEND with the number.
	local trace=$BATS_TEST_TMPDIR/trace
	run env LD_PRELOAD="$NOSEND" strace -o "$trace" -e trace=ioctl "$ODCREAT" --seccomp -m mkdir -- \
		"$STATIC" sys_openat d creat,directory
	assert_output "fd:dir d:dir"
	run grep -E 'SECCOMP_IOCTL_NOTIF_(ADDFD|SEND)' "$trace"
	# (The SEND flag's refusal, here the preloaded library's, never reaches the kernel.)
	assert_line --index 0 --regexp 'ADDFD, \{id=0, flags=0, .* = -1 ENOENT'
	# The descriptor's number in the target, whatever it is, goes back in the answer.
	[[ ${lines[1]} =~ ADDFD,\ \{id=(0x[0-9a-f]+),\ flags=0,\ srcfd=[0-9]+,\ newfd=0,\ newfd_flags=0\}\)\ =\ ([0-9]+)$ ]]
	assert_line --index 2 --partial "SEND, {id=${BASH_REMATCH[1]}, val=${BASH_REMATCH[2]}, error=0, flags=0}) = 0"
	assert_equal "${#lines[@]}" 3
	# As it is, this kernel answers with the add itself, where it can.
	if ! kernel_before 5.14; then
		run strace -o "$trace" -e trace=ioctl "$ODCREAT" --seccomp -m mkdir -- "$STATIC" sys_openat e creat,directory
		assert_output "fd:dir d:dir e:dir"
		run grep -E 'SECCOMP_IOCTL_NOTIF_(ADDFD|SEND)' "$trace"
		assert_line --index 0 --partial 'ADDFD, {id=0, flags=SECCOMP_ADDFD_FLAG_SEND, '
		assert_line --index 1 --regexp 'ADDFD, \{id=0x[0-9a-f]+, flags=SECCOMP_ADDFD_FLAG_SEND, .*\) = [0-9]+$'
		assert_equal "${#lines[@]}" 2
	fi
	# Every mode's table, the lowest descriptor, many threads and processes at once,
	# close-on-exec as asked, and a target out of descriptors.
	SHIM_RUNNER=as_5_9 ODC_CALL=$STATIC check_table sys_openat creat,directory
	SHIM_RUNNER=as_5_9 ODC_CALL=$STATIC check_table sys_openat2 creat,directory,excl
	SHIM_RUNNER=as_5_9 ODC_CALL=$GO check_table go_openat creat,directory
	SHIM_RUNNER=as_5_9 ODC_CALL=$STATIC check_lowest sys_openat
	run as_5_9 mkdir "$STATIC" -t 16 sys_openat r creat,directory
	assert_output "$(race_expect mkdir no 16)"
	run as_5_9 mkdir "$STATIC" -P 8 open p creat,directory,excl
	assert_output "$(race_expect mkdir yes 8)"
	run as_5_9 mkdir "$STATIC" -c sys_openat a creat,directory,cloexec
	assert_output --partial "fd:dir+cloexec "
	run as_5_9 freebsd "$STATIC" -c sys_openat a creat,directory
	assert_output --partial "fd:dir "
	run as_5_9 mkdir "$STATIC" -L 4 sys_openat q creat,directory
	assert_output --partial "EMFILE "
	[ ! -e q ]
}

@test "a kernel before 5.19, without the kills-only wait, still gets a working supervisor" {
	# SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
	run "$DENY" seccomp:0x28 EINVAL "$ODCREAT" --seccomp -m mkdir -- "$STATIC" sys_openat d creat,directory
	assert_output "fd:dir d:dir"
}

@test "a kernel before 6.6, without the synchronous wake-up, is served as well, threads and forks too" {
	# SECCOMP_IOCTL_NOTIF_SET_FLAGS fails as on a kernel that does not have it.
	run "$DENY" ioctl:0x40082104 EINVAL "$ODCREAT" --seccomp -m mkdir -- "$STATIC" sys_openat d creat,directory
	assert_output "fd:dir d:dir"
	run "$DENY" ioctl:0x40082104 EINVAL "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -t 16 open r creat,directory
	assert_output "$(race_expect mkdir no 16)"
	run "$DENY" ioctl:0x40082104 EINVAL "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -P 8 open p creat,directory
	assert_output "$(race_expect mkdir no 8)"
}

@test "--seccomp preloads nothing, and drops a copy of the library already in LD_PRELOAD" {
	run env LD_PRELOAD="$SHIM" ODCREAT_MODE=mkdir "$ODCREAT" --seccomp -m einval -- env
	refute_line --partial "LD_PRELOAD="
	# (ld.so complains on stderr that the other one does not exist.)
	run --separate-stderr env LD_PRELOAD="/x/other.so:$SHIM" "$ODCREAT" --seccomp -- sh -c 'echo "[$LD_PRELOAD]"'
	assert_output "[/x/other.so]"
	run env LD_PRELOAD="$SHIM" "$ODCREAT" --seccomp -m einval -- "$ODC_CALL" openat d creat,directory
	assert_output "EINVAL -"
}
