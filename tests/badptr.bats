#!/usr/bin/env bats
# Bad pointers: a path or an open_how that the caller may not read gets the
# kernel's own answer from every entry point, in every mode, through the
# library (with and without a log) and through odcreat --seccomp, and the
# program goes on running. Nothing is made and no descriptor is left open.

load test_helper

STATIC="$BUILD/tests/odc_call_static"
GO="$BUILD/tests/odc_call_go"
KINDS="null unmapped cross kernel"
# With the pair, with O_EXCL, with write access, and without the pair.
FLAG_SETS="creat,directory creat,directory,excl creat,directory,rdwr creat directory"

setup() {
	new_scratch
	cd "$SCRATCH"
}

has_pair() { [[ ,$1, == *,creat,* && ,$1, == *,directory,* ]]; }

# What MODE decides from FLAGS alone, before the kernel would read the
# path: einval refuses the pair, freebsd O_EXCL, mkdir write access.
mode_verdict() {
	local mode=$1 flags=,$2,
	case "$mode" in
	einval)  echo EINVAL ;;
	freebsd) [[ $flags == *,excl,* ]] && echo EINVAL ;;
	mkdir)   [[ $flags == *,rdwr,* ]] && echo ENOTDIR ;;
	esac
	return 0
}

# The kernel's answer to the call, without odcreat: ODC_CALL ARGS... FLAGS.
raw() {
	"$@" 2>&1
}

# expect MODE WHICH FLAGS PROGRAM ARGS...: what the call must get. Where
# the open_how cannot be read (WHICH is H), nothing can know its flags:
# the kernel's answer. Otherwise the mode's own verdict on the flags comes
# first; then the kernel's answer to the same call without O_DIRECTORY,
# which this kernel would refuse first (EINVAL) where the mode does not.
expect() {
	local mode=$1 which=$2 flags=$3 verdict
	shift 3
	if [ "$which" = H ] || [ "$mode" = native ] || ! has_pair "$flags"; then
		raw "$@" "$flags"
		return
	fi
	verdict=$(mode_verdict "$mode" "$flags")
	if [ -n "$verdict" ]; then
		echo "$verdict -"
		return
	fi
	raw "$@" "${flags/directory/rdonly}"
}

# check_bad RUNNER PROGRAM ENTRY WHICH: every mode, kind and set of flags,
# with the path (WHICH B) or the open_how (H) bad, through RUNNER: lib,
# log or seccomp. Prints each mismatch; fails if there was one.
check_bad() {
	local runner=$1 program=$2 entry=$3 which=$4 mode kind flags want got failed=0 calls=0
	local log="$BATS_TEST_TMPDIR/odcreat.log" lines self_tail=
	# What the library says of itself, and that the program's own code made the call; the
	# supervisor's lines, for another process, have none of it.
	[ "$runner" = seccomp ] ||
		self_tail=' uid=[0-9]* exe="[^"]*" where="[^"]*/odc_call+0x[0-9a-f]*" run=[0-9a-f]\{8\} seq=[0-9]* lost=[0-9]*'
	: > "$log"
	for mode in $MODES native; do
		for kind in $KINDS; do
			for flags in $FLAG_SETS; do
				want=$(expect "$mode" "$which" "$flags" "$program" "-$which" "$kind" "$entry" p)
				case "$runner" in
				lib)     got=$(shim "$mode" "$program" "-$which" "$kind" "$entry" p "$flags" 2>&1) ;;
				log)     got=$(ODCREAT_LOG=$log shim "$mode" "$program" "-$which" "$kind" "$entry" p "$flags" 2>&1) ;;
				seccomp) got=$("$ODCREAT" --seccomp -l "$log" -m "$mode" -- \
					       "$program" "-$which" "$kind" "$entry" p "$flags" 2>&1) ;;
				esac
				if [ "$got" != "$want" ] || [[ $want != E*" -" ]]; then
					echo "$runner $entry -$which $kind $mode $flags: want '$want', got '$got'"
					failed=1
				fi
				# A combined call whose open_how was read is logged, its path as unreadable.
				if [ "$runner" != lib ] && [ "$which" = B ] && has_pair "$flags"; then
					calls=$((calls + 1))
					lines=$(wc -l < "$log")
					if [ "$lines" -ne "$calls" ] ||
					   ! tail -n 1 "$log" | grep -q " path=(unreadable) .* result=${want% -} state=error would=\"[^\"]*\"$self_tail\$"; then
						echo "$runner $entry $kind $mode $flags: log line $lines: $(tail -n 1 "$log")"
						failed=1
					fi
				fi
			done
		done
	done
	[ "$runner" = lib ] || [ "$which" = B ] || [ ! -s "$log" ] ||
		{ echo "a call whose open_how was unreadable was logged"; failed=1; }
	return $failed
}

# Every entry point of this build, for WHICH: only openat2 takes an open_how.
entries_for() {
	local entry
	for entry in $ENTRIES; do
		[ "$1" = B ] || [[ $entry == *openat2 ]] && echo "$entry"
	done
}

# check_bad_all RUNNER WHICH: check_bad through this build's every entry point for WHICH.
check_bad_all() {
	local entry failed=0
	for entry in $(entries_for "$2"); do
		check_bad "$1" "$ODC_CALL" "$entry" "$2" || failed=1
	done
	return $failed
}

@test "library: a bad path gets the kernel's answer from every entry point, in every mode" {
	check_bad_all lib B
}

@test "library: a bad open_how gets the kernel's answer, in every mode, ordinary calls too" {
	check_bad_all lib H
}

@test "library with a log: bad paths and open_hows, the path logged as unreadable" {
	local failed=0
	check_bad_all log B || failed=1
	check_bad_all log H || failed=1
	return $failed
}

@test "--seccomp, a static program: bad paths and open_hows get the kernel's answer, logged" {
	local entry failed=0
	for entry in sys_open sys_openat sys_openat2 open openat; do
		check_bad seccomp "$STATIC" "$entry" B || failed=1
	done
	check_bad seccomp "$STATIC" sys_openat2 H || failed=1
	return $failed
}

@test "--seccomp, a Go program: bad paths and open_hows get the kernel's answer, logged" {
	local failed=0
	check_bad seccomp "$GO" go_raw_openat B || failed=1
	check_bad seccomp "$GO" go_raw_openat2 B || failed=1
	check_bad seccomp "$GO" go_raw_openat2 H || failed=1
	return $failed
}

@test "a path longer than the kernel takes is cut in the log, the line whole, and the program goes on" {
	local long
	long=$(printf 'x%.0s' {1..4000})
	ODCREAT_LOG=$BATS_TEST_TMPDIR/log run shim einval "$ODC_CALL" open "$long" creat,directory
	assert_output "EINVAL -"
	run cat "$BATS_TEST_TMPDIR/log"
	assert_output --regexp ' path="x{1500,}\\\.\.\." flags=O_RDONLY\|O_CREAT\|O_DIRECTORY .* result=EINVAL state=error would="[^"]*" dir="[^"]*" uid=[0-9]+ exe="[^"]*" where="[^"]*" run=[0-9a-f]{8} seq=[0-9]+ lost=[0-9]+$'
}

@test "open_how checked as the kernel checks it, in every mode, library and --seccomp" {
	local mode runner
	for runner in lib seccomp; do
		for mode in $MODES native; do
			# Mode bits beyond 07777, S_IFREG among them; an unknown resolve flag.
			if [ $runner = lib ]; then
				run shim "$mode" "$ODC_CALL" -m 0100755 openat2 p creat,directory
			else
				run "$ODCREAT" --seccomp -m "$mode" -- "$STATIC" -m 0100755 sys_openat2 p creat,directory
			fi
			assert_output "EINVAL -"
			if [ $runner = lib ]; then
				run shim "$mode" "$ODC_CALL" -r beneath,in_root openat2 p creat,directory
			else
				run "$ODCREAT" --seccomp -m "$mode" -- "$STATIC" -r beneath,in_root sys_openat2 p \
					creat,directory
			fi
			assert_output "EINVAL -"
		done
	done
}

@test "the supervisor survives 10,000 bad calls from 8 threads at a time, and serves a good one after" {
	local which kind
	for which in B H; do
		for kind in null unmapped; do
			run "$ODCREAT" --seccomp -m mkdir -- "$STATIC" -t 8 -n 1250 "-$which" "$kind" \
				sys_openat2 p creat,directory
			assert_output "fds=0 inodes=0 errors=$(times EFAULT 8)"
		done
	done
	# One supervisor for all of them, its descriptors counted before and after.
	run "$ODCREAT" --seccomp -m mkdir -- sh -c '
		fds() { ls /proc/$PPID/fd | wc -l; }
		before=$(fds)
		"$1" -t 8 -n 1250 -B unmapped sys_openat - creat,directory
		"$1" -t 8 -n 1250 -H cross sys_openat2 p creat,directory
		[ "$(fds)" = "$before" ] || echo "the supervisor holds more descriptors"
		"$1" sys_openat good creat,directory' sh "$STATIC"
	assert_output "$(printf '%s\n' "fds=0 inodes=0 errors=$(times EFAULT 8)" \
		"fds=0 inodes=0 errors=$(times EFAULT 8)" "fd:dir good:dir")"
}
