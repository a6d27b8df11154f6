#!/usr/bin/env bats
# A racer keeps exchanging the name a call works on with a victim
# (renameat2 RENAME_EXCHANGE). No call, in any mode, through the library or
# the --seccomp supervisor, may change or remove anything it did not make.

load test_helper

# Calls per mode and runner, and the seconds they may take: each race
# ends at whichever comes first. The default count is what CI runs:
# thousands of exchanges land inside calls in each mode. A busy machine's
# scheduler parts the racer from the caller that waits for it at every
# call (100,000 took twelve minutes beside CI's other lane, 10,000 over
# three and a half in a loaded package build): there the time ends it.
# Raise both for a longer hunt.
RACE_CALLS=${ODC_RACE_CALLS:-20000}
RACE_SECONDS=${ODC_RACE_SECONDS:-5}

setup() {
	new_scratch
	cd "$SCRATCH"
	nobody_copies
	mkdir -m 777 w
}

# race RUNNER MODE ARG...: odc_race as nobody, with the library preloaded or under --seccomp.
race() {
	local runner=$1 mode=$2
	shift 2
	if [ "$runner" = library ]; then
		as_nobody env ODCREAT_MODE="$mode" LD_PRELOAD="$NB/libodcreat.so" \
			"$NB/tests/odc_race" -n "$RACE_CALLS" -t "$RACE_SECONDS" "$@"
	else
		as_nobody "$NB/odcreat" --seccomp -m "$mode" -- \
			"$NB/tests/odc_race" -n "$RACE_CALLS" -t "$RACE_SECONDS" "$@"
	fi
}

# The least exchanges odc_race waits for in MODE (-s), past its calls if
# need be: in the modes that create, the racer must really have swapped.
least_swaps() {
	case $1 in
	mkdir|legacy|linux-5.7) echo 1 ;;
	*) echo 0 ;;
	esac
}

# What odc_race must print in MODE (SWAPS: the least it asks for, 0 by
# default): its calls, or as many as its time held, and the swaps asked for.
assert_race_intact() {
	local mode=$1 least=${2:-0} calls swaps
	assert_success
	assert_output --regexp "^calls=[0-9]+ swaps=[0-9]+ victim=intact( time=up)?$"
	calls=$(echo "$output" | sed 's/calls=\([0-9]*\).*/\1/')
	swaps=$(echo "$output" | sed 's/.*swaps=\([0-9]*\).*/\1/')
	[ "$calls" -gt 0 ] || fail "$mode: no call in $RACE_SECONDS s"
	[[ $output == *" time=up" || $calls -ge $RACE_CALLS ]] || fail "$mode: $calls calls of $RACE_CALLS"
	[ "$swaps" -ge "$least" ] || fail "$mode: the racer never swapped in $calls calls"
}

# The user's own file, reached through a symlink that the racer swaps in
# for the new directory (mode 0333: mkdir lends itself read access).
check_link_race() {
	echo data > victim
	chmod 600 victim
	chown nobody victim
	ln -s ../victim w/s
	chown -h nobody w/s
	for mode in $MODES; do
		run race "$1" "$mode" -s "$(least_swaps "$mode")" -m 0333 link
		assert_race_intact "$mode" "$(least_swaps "$mode")"
	done
	assert_equal "$(stat -c '%a %U %s' victim)" "600 nobody 5"
}

@test "a symlink swapped in for the new directory: the file behind it never changes (library)" {
	check_link_race library
}

@test "a symlink swapped in for the new directory: the file behind it never changes (--seccomp)" {
	check_link_race seccomp
}

# Another user's empty directory, then file, swapped in while the call has
# no descriptor free to return, then (directory) just one.
check_undo_race() {
	local kind free mode
	for kind in dir file; do
		rm -rf w/s
		if [ $kind = dir ]; then mkdir -m 700 w/s; else echo data > w/s; fi
		for free in 0 1; do
			[ $kind = file ] && [ $free = 1 ] && continue
			for mode in $MODES; do
				if [ $free = 0 ]; then
					run race "$1" "$mode" -L 0 -m 0755 $kind
					assert_race_intact "$mode"
					assert_output --regexp "^calls=[0-9]+ swaps=0 "
				else
					run race "$1" "$mode" -s "$(least_swaps "$mode")" -L 1 -m 0755 $kind
					assert_race_intact "$mode" "$(least_swaps "$mode")"
				fi
			done
		done
	done
}

@test "out of descriptors while a racer swaps: nothing is made, nothing of another's goes (library)" {
	check_undo_race library
}

@test "out of descriptors while a racer swaps: nothing is made, nothing of another's goes (--seccomp)" {
	check_undo_race seccomp
}

@test "a race ends at its seconds where its calls would take longer" {
	mkdir w/s
	SECONDS=0
	run timeout 60 env ODCREAT_MODE=einval LD_PRELOAD="$SHIM" "$BUILD/tests/odc_race" -n 1000000000 -t 1 -m 0755 dir
	assert_success
	assert_output --regexp "^calls=[1-9][0-9]* swaps=[0-9]+ victim=intact time=up$"
	[ "$SECONDS" -lt 30 ] || fail "$SECONDS s for a race of 1 s"
}

# swap_at_handover MODE VICTIM: the supervisor makes d, and as it hands it
# over a racer exchanges it with VICTIM at s, a thing of the caller's own
# that could pass for what the call made; then the hand-over fails.
swap_at_handover() {
	ODC_SWAP=d:s LD_PRELOAD="$BUILD/tests/libodc_swap.so" \
		"$BUILD/odcreat" --seccomp -m "$1" -- "$BUILD/tests/odc_call_static" sys_openat d creat,directory
}

@test "a failed hand-over removes only what the call made, not what a racer put in its place" {
	cd w
	mkdir s
	victim=$(stat -c %i s)
	run swap_at_handover mkdir
	assert_output "ENOENT d:dir s:dir"
	assert_equal "$(stat -c %i d)" "$victim"
	rm -r d s

	echo data > s
	victim=$(stat -c %i s)
	run swap_at_handover legacy
	assert_output "ENOENT d:data s:file"
	assert_equal "$(stat -c %i d)" "$victim"
}
