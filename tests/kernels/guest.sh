#!/bin/bash
# guest.sh MEANING all|ci: what make check-kernels runs on each kernel (in a
# guest, by boot.sh, or on the host), in the build tree, as root: TAP lines,
# unnumbered, which run.sh numbers. MEANING is the pair's meaning that the
# kernel should have (tests/kernels/kernels.txt).
#   - the semantics table (tests/table.txt) through every entry point, bare
#     (the kernel's own answers: MEANING's column) and in every mode,
#     preloaded (ci: only where MEANING is not einval, see below)
#   - --probe, which must name MEANING
#   - --seccomp: the table for a static and a Go program, and tests/seccomp.bats's
#     essentials (all only)
#   - the watcher's coverage rows of tests/watch.bats, and how it attaches
#     (ODC_WATCH_CALLS: fentry or tracepoints, from kernels.txt); ci: the
#     rows whose BPF differs by kernel (see below)
#   - where ODC_KERNEL_BTF names the BTF src/btf.sh cut out of the kernel's
#     image (run.sh), that it is the kernel's own, byte for byte
# The build tree is the guest's architecture's (ODC_BUILD); on AArch64,
# which has no open(2), no entry point or watcher row makes one, and no
# i386 program runs.
set -u
meaning=$1 set=$2
build=${ODC_BUILD:-build}
export ODC_BUILD=$build
entries="open open64 openat openat64 openat2 sys_open sys_openat sys_openat2"
static="sys_open sys_openat sys_openat2"
rows="a dynamic program|a static program|a Go program|an i386 program|io_uring|a process in its own|a setuid program"
rows="$rows|a process started before|a burst|the calls through|the name's state before the call"
# CI's rows (make check-kernels-ci), in CI's time: those whose BPF or the
# kernel's structures differ from one kernel to another. The program
# attached to each entry (dynamic: openat's, and the look; static: open's,
# openat's, openat2's; i386: the compat ones), io_uring's two opcodes
# (its tracepoints differ: 6.1's io_uring_submit_sqe, 6.18's
# io_uring_submit_req), the namespaces' fields
# (CO-RE), the way the calls are attached, and the name's state before
# a call where the kernel itself may make it (its open's file, told). Not in CI: a Go program's
# openat (the static one's, to the kernel), setuid's uids (the same cred
# the others read), a process started before (the watcher, not the
# kernel), and the floods, which cost a guest under emulation minutes and
# count in the watcher's own code (make check runs them on the host).
if [ "$set" = ci ]; then
	rows="a dynamic program|a static program|an i386 program|io_uring's IORING_OP|a process in its own|the calls through|the name's state before the call"
fi
if [ "$(uname -m)" = aarch64 ]; then
	entries=${entries/ sys_open / }
	static=${static/sys_open /}
	rows=${rows/|an i386 program/}
fi
# (For the suites' helpers too: tests/test_helper.bash.)
export ODC_ENTRIES=$entries
# (Its cases as many at once as there are CPUs.)
table() { "${ODC_TABLE:-$build/tests/odc_table}" -j"$(nproc)" tests/table.txt "$@"; }
took() { echo "# $1: $SECONDS s"; SECONDS=0; }
# bats_rows FILTER FILE: bats's own lines, with its plan left out (run.sh
# counts), in 10 minutes at most. Through a file: a failed test's
# background process may hold a pipe open long after bats is done. Where
# it runs out, what still runs is shown, with where each of odcreat's
# processes sleeps in the kernel, before bats is killed.
bats_rows() {
	local out pid i
	out=$(mktemp)
	# A session of its own: its tests' processes are killed with it.
	# (--timing: each test's time, on its line.)
	setsid bats --tap --timing --filter "$1" "$2" > "$out" 2>&1 &
	pid=$!
	for ((i = 0; i < 600; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "not ok - $2: bats ran out of its 10 minutes"
		sed 's/^/# /' "$out"
		hung | sed 's/^/# /'
		kill -KILL -- "-$pid" 2>/dev/null
	else
		grep -v '^1\.\.' "$out"
	fi
	wait "$pid" 2>/dev/null
	rm -f "$out"
}

# hung: the processes left (not the kernel's threads), and the kernel
# stacks of odcreat's and the test programs'.
hung() {
	local p
	ps -eo pid,ppid,stat,wchan:28,etimes,args | awk '$NF !~ /^\[/' | cut -c1-200 | tail -40
	for p in $(pgrep -f 'odcreat|odc_'); do
		echo "$p: $(tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null)"
		head -12 "/proc/$p/stack" 2>/dev/null
	done
}

# signals MODE: a handler that makes the pair call while the program
# makes it too (tests/odc_stress.c), every 5 ms, under --seccomp. Without ADDFD's SEND
# (Linux 5.14) a signal between the add and the answer leaves the program a
# descriptor (README): said, not failed.
signals() {
	local IFS=.- major minor out err want leaks= dir tree=$PWD
	read -r major minor _ <<< "$(uname -r)"
	((major > 5 || minor >= 14)) || leaks=say
	dir=$(mktemp -d)
	cd "$dir" || return
	out=$(env ${leaks:+ODC_STRESS_LEAKS=say} "$tree/$build/odcreat" --seccomp -m "$1" -- \
		"$tree/$build/tests/odc_stress" signal 20 5000 2> "$dir.err")
	err=$(cat "$dir.err")
	cd "$tree" && rm -rf "$dir" "$dir.err"
	case $1 in einval) want=EINVAL ;; mkdir) want=fd:dir ;; freebsd) want=ENOENT ;; esac
	if [ "$out" = "main=$want handler=$want interrupted=yes errno-kept=yes" ]; then
		echo "ok - --seccomp -m $1: a signal handler's calls and the program's${err:+ ($err)}"
	else
		echo "not ok - --seccomp -m $1: a signal handler's calls and the program's"
		echo "# $out $err"
	fi
}

echo "# Linux $(uname -r): its meaning should be $meaning"
SECONDS=0
table bare "$meaning" "$build/tests/odc_call" $entries
# The library in every mode is the same code on every einval kernel: make
# check runs it on the host's (6.18), make check-aarch64 AArch64's, so CI
# preloads it only where the kernel's own answer differs (linux-5.7).
if [ "$set" = all ] || [ "$meaning" != einval ]; then
	table "preload:$build/libodcreat.so" all "$build/tests/odc_call" $entries
fi
took "the table"

probe=$("$build/odcreat" --probe 2>&1)
if [ "${probe%%$'\n'*}" = "This kernel's meaning is $meaning: asked without touching anything," ]; then
	echo "ok - --probe names $meaning"
else
	echo "not ok - --probe names $meaning"
	sed 's/^/# /' <<< "$probe" | head -20
fi

if [ "$set" = all ]; then
	table "seccomp:$build/odcreat" all "$build/tests/odc_call_static" $static
	table "seccomp:$build/odcreat" all "$build/tests/odc_call_go" go_openat
	took "the table under --seccomp"
	# (Its test of signals in every mode, with and without SEND, takes more than 10 minutes here.)
	bats_rows '^(a kernel of 5.9 to 5.13|threads that pass their own dirfd|children that fork and exec|new directories and files get the mode|the descriptor is close-on-exec|a target out of descriptors|undoing under RESOLVE_IN_ROOT|start-up failures)' \
		tests/seccomp.bats
	took "tests/seccomp.bats's essentials"
	for mode in einval mkdir freebsd; do
		signals "$mode"
	done
	took "signals under --seccomp"
fi

bats_rows "^watch: ($rows)" tests/watch.bats
took "the watcher's coverage rows"
if [ -n "${ODC_KERNEL_BTF:-}" ]; then
	if cmp -s "$ODC_KERNEL_BTF" /sys/kernel/btf/vmlinux; then
		echo "ok - src/btf.sh cut this kernel's BTF out of its image, byte for byte"
	else
		echo "not ok - src/btf.sh cut this kernel's BTF out of its image, byte for byte"
		echo "# $(wc -c < "$ODC_KERNEL_BTF") bytes cut, $(wc -c < /sys/kernel/btf/vmlinux) the kernel's"
	fi
fi
# Each check said its own result; a status other than 0 says this script never ran.
exit 0
