#!/usr/bin/env bats
# What odcreat says is not happening: a log no daemon will take, an option
# that does nothing without another, an empty value and what it means. The
# command says so, once, on standard error; the library, inside the
# programs it serves, stays silent.

load test_helper
bats_require_minimum_version 1.5.0

# no_daemons CMD: CMD by sh in a private mount namespace where neither
# journald's socket nor /dev/log has a daemon behind it: /run an empty
# tmpfs (where /dev/log usually leads), and a /dev/log of another kind
# covered with /dev/null, which takes no datagram.
no_daemons() {
	unshare -m --propagation private sh -c "
		mount -t tmpfs odc-run /run
		if [ -e /dev/log ] && [ ! -L /dev/log ]; then mount --bind /dev/null /dev/log; fi
		$1"
}

@test "-l journal and -l syslog where no daemon listens: the command says so once, the library nothing" {
	needs_root "a tmpfs on /run in a private mount namespace"
	needs_ns mount
	cd "$BATS_TEST_TMPDIR"
	for log in journal syslog; do
		run --separate-stderr no_daemons "'$ODCREAT' -m einval -l $log '$ODC_CALL' -n 3 open p creat,directory"
		assert_success
		assert_output --partial EINVAL
		unwrapped stderr
		[[ $stderr =~ ^"odcreat: -l $log: no daemon listens on "(/run/systemd/journal/socket|/dev/log)" ("[A-Za-z\ ]+"): the lines will be lost"$ ]] ||
			fail "said: $stderr"
	done
}

@test "-l journal where journald's socket listens: nothing is said" {
	needs_root "a tmpfs on /run in a private mount namespace"
	needs_ns mount
	cd "$BATS_TEST_TMPDIR"
	run --separate-stderr no_daemons "
		mkdir -p /run/systemd/journal
		/usr/bin/python3 -c 'import socket, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(\"/run/systemd/journal/socket\")
time.sleep(30)' &
		while [ ! -S /run/systemd/journal/socket ]; do sleep 0.01; done
		'$ODCREAT' -m einval -l journal '$ODC_CALL' open p creat,directory
		kill \$!"
	assert_success
	assert_output --partial EINVAL
	assert_equal "$stderr" ""
}

@test "-v without --seccomp is a usage error that says so; with it, it says what --seccomp does" {
	run --separate-stderr "$ODCREAT" -v true
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "odcreat: -v says whether --seccomp supervises, and why: give it with --seccomp"
	run --separate-stderr "$ODCREAT" --seccomp -v -m native true
	assert_success
	unwrapped stderr
	assert_equal "$stderr" "odcreat: the kernel's meaning is $("$ODCREAT" --probe | sed -n 's/^This kernel.s meaning is \([a-z0-9.-]*\):.*/\1/p'), the mode native: no seccomp filter, no supervisor; the kernel answers"
}

@test "--log= gives an empty ODCREAT_LOG, over an inherited one: the file's log, else none, as --help says" {
	cd "$BATS_TEST_TMPDIR"
	ODCREAT_LOG=$BATS_TEST_TMPDIR/inherited.log run "$ODCREAT" -m mkdir --log= -- sh -c \
		'echo "[$ODCREAT_LOG]"; exec "$0" open p creat,directory' "$ODC_CALL"
	assert_success
	assert_line --index 0 "[]"
	assert_line --index 1 --partial "fd:dir"
	[ ! -e inherited.log ]
	run "$ODCREAT" --help
	assert_line --partial "(default: \$ODCREAT_LOG, else the file's, else none; --log="
	assert_line --partial "is as an empty ODCREAT_LOG: the file's, else none)"
}
