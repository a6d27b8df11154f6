#!/bin/bash
# guest.sh MEANING all|ci: what make check-kernels runs on each kernel (in a
# guest, by boot.sh, or on the host), in the build tree, as root: TAP lines,
# unnumbered, which run.sh numbers. MEANING is the pair's meaning that the
# kernel should have (tests/kernels/kernels.txt).
#   - the semantics table (tests/table.txt) through every entry point, bare
#     (the kernel's own answers: MEANING's column) and in every mode, preloaded
#   - --probe, which must name MEANING
#   - --seccomp: the table for a static and a Go program, and tests/seccomp.bats's
#     essentials (all only)
#   - the watcher's coverage rows of tests/watch.bats
set -u
meaning=$1 set=$2
build=${ODC_BUILD:-build}
export ODC_BUILD=$build
entries="open open64 openat openat64 openat2 sys_open sys_openat sys_openat2"
table() { "$build/tests/odc_table" tests/table.txt "$@"; }
took() { echo "# $1: $SECONDS s"; SECONDS=0; }
# bats_rows FILTER FILE: bats's own lines, with its plan left out (run.sh
# counts), in 10 minutes at most. Through a file: a failed test's
# background process may hold a pipe open long after bats is done.
bats_rows() {
	local out=/tmp/bats.out status=0
	timeout -k 10 600 bats --tap --filter "$1" "$2" > "$out" 2>&1 || status=$?
	grep -v '^1\.\.' "$out"
	[ "$status" -ne 124 ] || echo "not ok - $2: bats ran out of its 10 minutes"
}

echo "# Linux $(uname -r): its meaning should be $meaning"
SECONDS=0
table bare "$meaning" "$build/tests/odc_call" $entries
table "preload:$build/libodcreat.so" all "$build/tests/odc_call" $entries
took "the table, bare and preloaded"

probe=$("$build/odcreat" --probe 2>&1)
if [ "${probe%%$'\n'*}" = "This kernel's meaning is $meaning: asked without touching anything," ]; then
	echo "ok - --probe names $meaning"
else
	echo "not ok - --probe names $meaning"
	sed 's/^/# /' <<< "$probe" | head -20
fi

if [ "$set" = all ]; then
	table "seccomp:$build/odcreat" all "$build/tests/odc_call_static" sys_open sys_openat sys_openat2
	table "seccomp:$build/odcreat" all "$build/tests/odc_call_go" go_openat
	took "the table under --seccomp"
	bats_rows '^(threads that pass their own dirfd|children that fork and exec|new directories and files get the mode|the descriptor is close-on-exec|a target out of descriptors|undoing under RESOLVE_IN_ROOT|signal handlers, vfork children|start-up failures|a kernel before)' \
		tests/seccomp.bats
	took "tests/seccomp.bats's essentials"
fi

bats_rows "^watch: (a dynamic program|a static program|a Go program|an i386 program|io_uring|a process in its own|a setuid program|a process started before|a burst)" \
	tests/watch.bats
took "the watcher's coverage rows"
