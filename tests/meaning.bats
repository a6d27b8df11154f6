#!/usr/bin/env bats
# The running kernel's meaning of the pair, found without side effects, and
# odcreat stepping aside where the kernel already answers as the mode asks.
# There is no kernel with the series here, nor an old one, but odcreat can
# be either: a program run under `odcreat --seccomp -m MODE` sees a kernel
# whose meaning is MODE, for the classification's question too.

load test_helper
bats_require_minimum_version 1.5.0

STATIC="$BUILD/tests/odc_call_static"

setup() {
	new_scratch
	cd "$SCRATCH"
}

# The meaning the classification names, as --probe says it first.
meaning() {
	"$@" "$ODCREAT" --probe | sed -n '1s/^This kernel.s meaning is \([a-z0-9.-]*[a-z0-9]\):.*/\1/p'
}

@test "this kernel: the classification says einval, as the table does" {
	run "$ODCREAT" --probe
	assert_line --index 0 "This kernel's meaning is einval: asked without touching anything,"
	assert_line --index 1 'openat(AT_FDCWD, "", O_CREAT|O_DIRECTORY|O_RDWR) answers EINVAL.'
	assert_line --partial "This kernel behaves like mode einval"
}

@test "emulated kernels: the classification names each one's meaning, told apart by its answer" {
	assert_equal "$(meaning "$ODCREAT" --seccomp -m einval --)" einval
	assert_equal "$(meaning "$ODCREAT" --seccomp -m mkdir --)" mkdir
	# An old kernel's answer is ENOENT; the release (here 6.18) says 5.7 or later.
	assert_equal "$(meaning "$ODCREAT" --seccomp -m linux-5.7 --)" linux-5.7
	assert_equal "$(meaning "$ODCREAT" --seccomp -m legacy --)" linux-5.7
	run "$ODCREAT" --seccomp -m legacy -- "$ODCREAT" --probe
	assert_line --index 0 "This kernel's meaning is linux-5.7: asked without touching anything,"
	assert_line --index 1 'openat(AT_FDCWD, "", O_CREAT|O_DIRECTORY|O_RDWR) answers ENOENT (legacy or'
	assert_line --index 2 'linux-5.7: told apart by the release number alone).'
}

@test "under valgrind, which checks a descriptor itself, the classification still asks the kernel" {
	[ "$BUILD" != "$ROOT/build-san" ] || skip "valgrind and ASan cannot run together"
	assert_equal "$(meaning valgrind -q 2> /dev/null)" einval
	VALGRIND_OPTS=-q run env LD_PRELOAD="$SHIM" ODCREAT_MODE=native ODCREAT_LOG="$BATS_TEST_TMPDIR/log" \
		valgrind "$ODC_CALL" openat x creat,directory
	assert_output --partial "EINVAL"
	run cat "$BATS_TEST_TMPDIR/log"
	assert_output --partial ' native=EINVAL"'
}

@test "the classification creates nothing, on any kernel it meets" {
	local kernel
	for kernel in native einval mkdir legacy linux-5.7 freebsd; do
		# mkdir mode asks at its first call; a call with O_RDWR makes nothing in any mode.
		run "$ODCREAT" --seccomp -m "$kernel" -- env LD_PRELOAD="$SHIM" ODCREAT_MODE=mkdir \
			"$ODC_CALL" openat x creat,directory,rdwr
		assert_output "ENOTDIR -"
		run ls -A
		assert_output ""
	done
}

@test "a kernel with the series (emulated): the library in mkdir mode passes each call on, one system call each" {
	"$ODCREAT" --seccomp -m mkdir -- strace -f -qq -o "$BATS_TEST_TMPDIR/st" \
		env LD_PRELOAD="$SHIM" ODCREAT_MODE=mkdir "$ODC_CALL" -n 3 openat d creat,directory
	run grep -E '"d"' "$BATS_TEST_TMPDIR/st"
	assert_equal "$(grep -c '^[0-9]* *openat([0-9]*, "d", O_RDONLY|O_CREAT|O_DIRECTORY, 0755) = [0-9]' <<< "$output")" 3
	refute_line --partial mkdirat
	refute_line --partial openat2
	# The question, once.
	assert_equal "$(grep -c 'openat(AT_FDCWD, "", O_RDWR|O_CREAT|O_CLOEXEC|O_DIRECTORY, 000)' "$BATS_TEST_TMPDIR/st")" 1
	[ -d d ]
}

@test "on this kernel mkdir mode asks once, and does the work itself" {
	strace -f -qq -o "$BATS_TEST_TMPDIR/st" env LD_PRELOAD="$SHIM" ODCREAT_MODE=mkdir \
		"$ODC_CALL" -n 3 openat d creat,directory
	assert_equal "$(grep -c 'openat(AT_FDCWD, "", O_RDWR|O_CREAT|O_CLOEXEC|O_DIRECTORY, 000) = -1 EINVAL' "$BATS_TEST_TMPDIR/st")" 1
	assert_equal "$(grep -c 'mkdirat(.*"d"' "$BATS_TEST_TMPDIR/st")" 3
}

# emulated_74 MODE CMD...: CMD with the library in MODE, on an emulated kernel with the series.
emulated_74() {
	local mode=$1
	shift
	"$ODCREAT" --seccomp -m mkdir -- env LD_PRELOAD="$SHIM" ODCREAT_MODE="$mode" "$@"
}

@test "a kernel with the series (emulated): the whole table, every mode, through the library" {
	needs_root "the sticky rows chown to another user"
	SHIM_RUNNER=emulated_74 check_whole_table openat
}

@test "--seccomp -m einval on this kernel, no log: no filter, no supervisor, and the table holds" {
	run "$ODCREAT" --seccomp -m einval -- grep '^Seccomp:' /proc/self/status
	assert_output --regexp '^Seccomp:[[:space:]]+0$'
	run --separate-stderr "$ODCREAT" --seccomp -v -m einval -- "$STATIC" openat x creat,directory
	assert_output "EINVAL -"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is einval, the mode einval: no seccomp filter, no supervisor; the kernel answers"
	RUNNER=seccomp ODC_CALL=$STATIC check_table openat creat,directory
}

@test "--seccomp -m einval with a log: supervised, and every combined call logged" {
	run "$ODCREAT" --seccomp -m einval -l "$BATS_TEST_TMPDIR/log" -- grep '^Seccomp:' /proc/self/status
	assert_output --regexp '^Seccomp:[[:space:]]+2$'
	run --separate-stderr "$ODCREAT" --seccomp -v -m einval -l "$BATS_TEST_TMPDIR/log" -- \
		"$STATIC" -n 5 openat x creat,directory
	assert_output "EINVAL -"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is einval, the mode einval, with a log: a seccomp supervisor serves the calls"
	assert_equal "$(grep -c ' path="x" .* semantics=einval result=EINVAL ' "$BATS_TEST_TMPDIR/log")" 5
}

@test "--seccomp -m native, no log: no filter, no supervisor; with a log, supervised" {
	run --separate-stderr "$ODCREAT" --seccomp -v -m native -- grep '^Seccomp:' /proc/self/status
	assert_output --regexp '^Seccomp:[[:space:]]+0$'
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is einval, the mode native: no seccomp filter, no supervisor; the kernel answers"
	run "$ODCREAT" --seccomp -m native -l "$BATS_TEST_TMPDIR/log" -- grep '^Seccomp:' /proc/self/status
	assert_output --regexp '^Seccomp:[[:space:]]+2$'
}

@test "--seccomp with another mode than the kernel's: supervised" {
	run --separate-stderr "$ODCREAT" --seccomp -v -m mkdir -- grep '^Seccomp:' /proc/self/status
	assert_output --regexp '^Seccomp:[[:space:]]+2$'
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is einval, the mode mkdir: a seccomp supervisor serves the calls"
}

@test "a kernel whose meaning is unknown (a sandbox refuses the question): supervised, and einval needs nothing of the caller" {
	nobody_copies
	chmod 777 .
	# The question is refused (odc_deny knows its flags); no other call has them.
	# A target the supervisor, as nobody, may not inspect (-N) still gets einval's answer.
	run --separate-stderr as_nobody "$NB/tests/odc_deny" question EPERM \
		"$NB/odcreat" --seccomp -v -m einval -- "$NB/tests/odc_call_static" -N sys_openat d creat,directory
	assert_output "EINVAL -"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is unknown, the mode einval: the seccomp filter answers open and openat, a supervisor openat2"
	# mkdir mode does the work itself where it cannot know.
	run as_nobody "$NB/tests/odc_deny" question EPERM \
		env LD_PRELOAD="$NB/libodcreat.so" ODCREAT_MODE=mkdir "$NB/tests/odc_call" openat e creat,directory
	assert_output "fd:dir e:dir"
}

@test "einval unlogged where the kernel's meaning differs: the filter answers open and openat, the supervisor only openat2" {
	# The supervisor (the target's parent) is stopped: a call it had to serve would wait for it.
	# shellcheck disable=SC2016
	run --separate-stderr timeout -s KILL 60 "$BUILD/tests/odc_deny" question EPERM \
		"$ODCREAT" --seccomp -m einval -- sh -c 'kill -STOP $PPID
			"$1" sys_open x creat,directory; "$1" sys_openat y creat,directory,excl
			kill -CONT $PPID
			"$1" sys_openat2 z creat,directory' sh "$STATIC"
	assert_success
	assert_equal "$output" "$(printf 'EINVAL -\nEINVAL -\nEINVAL -')"
	assert_equal "$(ls -A)" ""
	# With a log, every call is the supervisor's, to be logged.
	run timeout -s KILL 60 "$BUILD/tests/odc_deny" question EPERM \
		"$ODCREAT" --seccomp -m einval -l "$BATS_TEST_TMPDIR/log" -- "$STATIC" sys_openat x creat,directory
	assert_output "EINVAL -"
	assert_equal "$(grep -c ' path="x" .* semantics=einval result=EINVAL ' "$BATS_TEST_TMPDIR/log")" 1
}

# would_of MODE LINE: MODE's prediction in a log line's would=.
would_of() {
	sed -n "s/.* would=\"\(.* \)\{0,1\}$1=\([^ \"]*\).*/\2/p" <<< "$2"
}

@test "the survey predicts native as the kernel's meaning, and native does what it predicts" {
	local kernel state line want
	for kernel in einval mkdir linux-5.7; do
		for state in missing dir file; do
			new_scratch
			cd "$SCRATCH"
			case $state in dir) mkdir p ;; file) : > p ;; esac
			"$ODCREAT" --seccomp -m "$kernel" -- env LD_PRELOAD="$SHIM" ODCREAT_MODE=native \
				ODCREAT_LOG="$SCRATCH.log" "$ODC_CALL" openat p creat,directory > /dev/null
			line=$(tail -n 1 "$SCRATCH.log")
			assert_equal "$kernel $state: $(would_of native "$line")" "$kernel $state: $(would_of "$kernel" "$line")"
			# What native did: a descriptor where "fd" was predicted, else that errno.
			want=$(would_of native "$line")
			want=${want%+made}
			[ "$want" = fd ] && want='[0-9]+'
			[[ $line =~ \ result=$want\  ]] || fail "$kernel $state: native did not do what it predicted: $line"
		done
	done
	# Where the kernel cannot be asked, native is not predicted.
	new_scratch
	cd "$SCRATCH"
	"$BUILD/tests/odc_deny" question EPERM env LD_PRELOAD="$SHIM" ODCREAT_MODE=native \
		ODCREAT_LOG="$SCRATCH.log" "$ODC_CALL" openat p creat,directory > /dev/null
	run cat "$SCRATCH.log"
	assert_output --partial ' would="einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made"'
}

@test "a supervisor on a kernel with the series, or an older one, serves mkdir and native itself, with the caller's checks" {
	# The question answered as the series (ENOTDIR) or an older kernel (ENOENT) answers it, for the
	# supervisor too; with a log the supervisor serves, and never hands a call to its own open
	# (handing mkdir to native, and native back to mkdir, would go round for ever).
	run timeout -s KILL 60 "$BUILD/tests/odc_deny" question ENOTDIR "$ODCREAT" --seccomp -m mkdir -l "$BATS_TEST_TMPDIR/log" -- \
		"$STATIC" sys_openat d creat,directory
	assert_output "fd:dir d:dir"
	run timeout -s KILL 60 "$BUILD/tests/odc_deny" question ENOTDIR "$ODCREAT" --seccomp -m native -l "$BATS_TEST_TMPDIR/log" -- \
		"$STATIC" sys_openat e creat,directory
	assert_output "fd:dir d:dir e:dir"
	# native, as linux-5.7: the stray file, then ENOTDIR.
	run timeout -s KILL 60 "$BUILD/tests/odc_deny" question ENOENT "$ODCREAT" --seccomp -m native -l "$BATS_TEST_TMPDIR/log" -- \
		"$STATIC" sys_openat f creat,directory
	assert_output "ENOTDIR d:dir e:dir f:file"
	assert_equal "$(grep -c ' semantics=native result=' "$BATS_TEST_TMPDIR/log")" 2
}
