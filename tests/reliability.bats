#!/usr/bin/env bats
# Reliability: races between threads and processes, signal handlers, vfork,
# fork beside threads, file-system faults, other shims, memory checkers.

load test_helper

setup() {
	new_scratch
	cd "$SCRATCH"
}

@test "16 threads race on one name, in every mode, with and without O_EXCL" {
	check_race -t 16
}

@test "8 processes race on one name, in every mode, with and without O_EXCL" {
	check_race -P 8
}

@test "a signal handler makes the call while it interrupts the same call" {
	for mode in $MODES; do
		run shim "$mode" "$BUILD/tests/odc_stress" signal 500
		assert_success
		assert_output "main=$(stress_again "$mode") handler=$(stress_again "$mode") interrupted=yes errno-kept=yes"
		rm -rf from-*
	done
}

@test "the call in a vfork child before exec, and after fork beside running threads" {
	for mode in $MODES; do
		run shim "$mode" "$BUILD/tests/odc_stress" vfork
		assert_success
		assert_output "vfork=$(stress_once "$mode")"
		run shim "$mode" "$BUILD/tests/odc_stress" fork-threads 4
		assert_success
		assert_output "children=$(stress_again "$mode") threads=$(stress_again "$mode")"
		rm -rf from-*
	done
}

@test "a full file system (tiny tmpfs): ENOSPC, no descriptor leaked, nothing left" {
	needs_root "a tmpfs in a private mount namespace"
	needs_ns mount
	run unshare -m sh -c "mount -t tmpfs -o size=64k,nr_inodes=3 odcreat-full '$SCRATCH' &&
		cd '$SCRATCH' && touch a b; for m in mkdir legacy linux-5.7; do
			ODCREAT_MODE=\$m LD_PRELOAD='$SHIM' '$ODC_CALL' open p creat,directory
			ODCREAT_MODE=\$m LD_PRELOAD='$SHIM' '$ODC_CALL' openat2 p creat,directory,excl
		done"
	assert_output "$(for i in 1 2 3 4 5 6; do echo "ENOSPC a:file b:file"; done)"
}

@test "odcreat stacks with libeatmydata, in both LD_PRELOAD orders" {
	for order in "odcreat eatmydata" "eatmydata odcreat"; do
		case $order in
		odcreat*) cmd=("$BUILD/odcreat" -m mkdir eatmydata) ;;
		*)        cmd=(eatmydata "$BUILD/odcreat" -m mkdir) ;;
		esac
		run "${cmd[@]}" sh -c "echo \$LD_PRELOAD; '$ODC_CALL' open d creat,directory"
		assert_line --index 0 --partial libeatmydata
		assert_line --index 0 --partial libodcreat
		assert_line --index 1 "fd:dir d:dir"
		rmdir d
		# eatmydata still turns fsync into nothing.
		strace -f -qq -e trace=fsync -o "$BATS_TEST_TMPDIR/fsync.log" "${cmd[@]}" \
			python3 -c 'import os; fd = os.open("f", os.O_CREAT | os.O_WRONLY); os.fsync(fd)'
		assert_equal "$(grep -c fsync "$BATS_TEST_TMPDIR/fsync.log")" 0
		rm f
	done
	strace -f -qq -e trace=fsync -o "$BATS_TEST_TMPDIR/fsync.log" \
		python3 -c 'import os; fd = os.open("f", os.O_CREAT | os.O_WRONLY); os.fsync(fd)'
	assert_equal "$(grep -c fsync "$BATS_TEST_TMPDIR/fsync.log")" 1
}

@test "odcreat stacks with fakeroot, in both LD_PRELOAD orders" {
	nobody_copies
	chmod 1777 "$SCRATCH"
	for order in "odcreat fakeroot" "fakeroot odcreat"; do
		case $order in
		odcreat*) cmd=("$NB/odcreat" -m mkdir fakeroot) ;;
		*)        cmd=(fakeroot "$NB/odcreat" -m mkdir) ;;
		esac
		# As nobody: fakeroot makes the new directory look root's; odcreat makes it.
		run as_nobody "${cmd[@]}" sh -c "'$NB/tests/odc_call' open d creat,directory && stat -c %U d && id -u"
		assert_output "$(printf 'fd:dir d:dir\nroot\n0')"
		assert_equal "$(stat -c %U d)" nobody
		rmdir d
	done
}

@test "valgrind finds no error in the shim, in every mode" {
	[ "$BUILD" != "$ROOT/build-san" ] || skip "valgrind and ASan cannot run together"
	for mode in $MODES native; do
		for entry in open openat2 sys_openat; do
			for state in missing dir dangling; do
				new_scratch
				cd "$SCRATCH"
				make_state $state
				run env ODCREAT_MODE=$mode ODCREAT_LOG="$SCRATCH/log" LD_PRELOAD="$SHIM" \
					valgrind -q --error-exitcode=99 "$ODC_CALL" "$entry" "$STATE_PATH" creat,directory
				[ "$status" -eq 0 ] || fail "valgrind: $mode $entry $state: $output"
			done
		done
	done
}
