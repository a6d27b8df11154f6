#!/usr/bin/env bats
# ODCREAT_LOG=syslog and =journal, received by real daemons (rsyslogd,
# systemd-journald) started by the test in a private mount namespace
# (tests/logd.sh), never the host's.

load test_helper
bats_require_minimum_version 1.5.0

STATIC="$BUILD/tests/odc_call_static"

setup() {
	needs_root "private mount namespaces and the daemons' own sockets"
	needs_ns mount net
	command -v rsyslogd > /dev/null || skip "rsyslogd is missing (make check installs rsyslog)"
	D=$BATS_TEST_TMPDIR
	new_scratch
	cd "$SCRATCH"
}

# logd DAEMON CMD...: CMD under tests/logd.sh, with the daemon's files in $D.
logd() {
	unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$@"
}

# The survey fields every message must carry for a missing name.
WOULD='would="einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL"'
WOULD_RE=${WOULD//+/\\+}
ODC_CALL_EXE=$(readlink -f "$ODC_CALL")

@test "syslog: syslog(3)'s form, tagged odcreat, with the caller's pid, parsed by imuxsock's defaults, from the library and --seccomp" {
	logd rsyslog "$D" bash -c "
		ODCREAT_LOG=syslog ODCREAT_MODE=mkdir LD_PRELOAD='$SHIM' '$ODC_CALL' openat lib creat,directory
		ODCREAT_LOG=syslog ODCREAT_LOG_FACILITY=local3 LD_PRELOAD='$SHIM' '$ODC_CALL' open fac creat,directory
		'$ODCREAT' --seccomp -m mkdir -l syslog '$STATIC' openat sec creat,directory"
	run cat "$D/out"
	assert_equal "${#lines[@]}" 3
	assert_line --index 0 --regexp "^app=odcreat procid=[0-9]+ facility=user severity=info msg=.* prog=\"odc_call\" call=openat .* path=\"lib\" .* semantics=mkdir result=[0-9]+ state=missing $WOULD_RE dir=\"$(pwd -P)\" uid=0 exe=\"$ODC_CALL_EXE\" where=\"$ODC_CALL_EXE\+0x[0-9a-f]+\" run=[0-9a-f]{8} seq=1 lost=0\$"
	assert_line --index 1 --regexp "^app=odcreat procid=[0-9]+ facility=local3 severity=info msg=.* path=\"fac\" .* semantics=einval result=EINVAL state=missing"
	assert_line --index 2 --regexp "^app=odcreat procid=[0-9]+ facility=user .* prog=\"odc_call_static\" call=SYS_openat .* path=\"sec\" .* semantics=mkdir result=[0-9]+ state=missing $WOULD_RE dir=\"$(pwd -P)\"\$"
	# The procid is the caller's, also when the supervisor sends it.
	for line in "${lines[@]}"; do
		[[ $line =~ procid=([0-9]+).*\ pid=([0-9]+)\  ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] ||
			fail "procid is not the caller's pid: $line"
	done
	[ -d lib ] && [ -d sec ] && [ ! -e fac ]
}

@test "syslog to journald's /dev/log: SYSLOG_IDENTIFIER odcreat, the caller's pid, the line as MESSAGE" {
	logd journald "$D" bash -c "
		ODCREAT_LOG=syslog ODCREAT_MODE=mkdir LD_PRELOAD='$SHIM' '$ODC_CALL' openat lib creat,directory"
	local entry
	entry=$(awk -v RS= '/SYSLOG_IDENTIFIER=odcreat\n/' "$D/export")
	for field in SYSLOG_IDENTIFIER=odcreat PRIORITY=6 SYSLOG_FACILITY=1 _TRANSPORT=syslog; do
		grep -qxF "$field" <<< "$entry" || fail "no $field in: $entry"
	done
	grep -qx 'MESSAGE=20[0-9-]*T[0-9:.]*Z pid=[0-9]* prog="odc_call" call=openat .* path="lib" .* seq=1 lost=0' <<< "$entry" ||
		fail "MESSAGE: $entry"
	[[ $entry =~ SYSLOG_PID=([0-9]+).*MESSAGE=[^\ ]*\ pid=([0-9]+) ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] ||
		[[ $entry =~ MESSAGE=[^\ ]*\ pid=([0-9]+).*SYSLOG_PID=([0-9]+) ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] ||
		fail "SYSLOG_PID is not the caller's pid: $entry"
}

@test "journal: the native protocol's fields, for journalctl ODCREAT_STATE=missing, with journald's trusted _EXE and _UID" {
	printf 'import os, time\nos.open("py", os.O_CREAT | os.O_DIRECTORY)\ntime.sleep(0.5)\n' > py.py
	logd journald "$D" bash -c "
		ODCREAT_LOG=journal ODCREAT_MODE=legacy LD_PRELOAD='$SHIM' python3 py.py
		'$ODCREAT' --seccomp -m mkdir -l journal '$STATIC' openat sec creat,directory
		logd_flush
		journalctl -D /run/log/journal ODCREAT_STATE=missing -o cat > '$D/matched'
		'$ODCREAT' report --journal --format=csv > '$D/report'"
	run grep -c '^MESSAGE=.* state=missing ' "$D/export"
	assert_output 2
	run cat "$D/matched"
	assert_equal "${#lines[@]}" 2
	local entry
	entry=$(awk -v RS= '/ODCREAT_PATH=py\n/' "$D/export")
	for field in SYSLOG_IDENTIFIER=odcreat PRIORITY=6 SYSLOG_FACILITY=1 ODCREAT_MODE=legacy \
		     ODCREAT_STATE=missing ODCREAT_CALL=open64 ODCREAT_PROG=python3 \
		     "ODCREAT_WOULD=${WOULD#would=}" "ODCREAT_DIR=$(pwd -P)" _UID=0 _TRANSPORT=journal; do
		grep -qxF "${field//\"/}" <<< "$entry" || fail "no $field in: $entry"
	done
	grep -q '^ODCREAT_RESULT=[0-9][0-9]*$' <<< "$entry" || fail "no descriptor in: $entry"
	grep -q '^ODCREAT_RUN=[0-9a-f]\{8\}$' <<< "$entry" || fail "no run in: $entry"
	grep -q '^_EXE=/.*/python3' <<< "$entry" || fail "no _EXE in: $entry"
	# The script (by the kernel's name for it), and the module and offset of the code that called.
	grep -qxF "ODCREAT_SCRIPT=$(pwd -P)/py.py" <<< "$entry" || fail "no script in: $entry"
	grep -q '^ODCREAT_WHERE=/.*python3.*+0x[0-9a-f]*$' <<< "$entry" || fail "no where in: $entry"
	entry=$(awk -v RS= '/ODCREAT_PATH=sec\n/' "$D/export")
	grep -qx 'ODCREAT_PROG=odc_call_static' <<< "$entry" || fail "--seccomp: $entry"
	grep -qx 'ODCREAT_MODE=mkdir' <<< "$entry" || fail "--seccomp: $entry"
	[ -f py ] && [ -d sec ]
	# odcreat report --journal asks journalctl: python3 by journald's _EXE, the static program by name.
	run cat "$D/report"
	assert_line --index 1 --regexp '^"/.*/python3[.0-9]*",1,1,0,0,1,missing,'
	assert_line --index 2 --regexp '^"odc_call_static",1,1,0,0,1,missing,'
}

@test "journal: root's --seccomp supervisor stays until journald has read its entries, which journald then vouches for" {
	# journald is stopped while the program runs and continued 0.3 s after
	# its call, when the supervisor would long have been gone.
	logd journald "$D" bash -c "
		kill -STOP \$LOGD_PID
		'$ODCREAT' --seccomp -m mkdir -l journal '$STATIC' openat sec creat,directory &
		for i in \$(seq 500); do [ -d sec ] && break; sleep 0.01; done
		sleep 0.3
		kill -CONT \$LOGD_PID
		wait \$!
		logd_flush
		'$ODCREAT' report --journal --format=csv > '$D/report'"
	[ -d sec ]
	run cat "$D/report"
	assert_line --index 1 --regexp '^"odc_call_static",1,1,0,0,1,missing,'
}

@test "journal: report names a forger by its uid and journald's _EXE, and a container's calls by _EXE" {
	# A local user who claims to be odcreat, and names sshd, from a program
	# that stays until journald has read its /proc entry.
	needs_ns pid
	local forge="import socket, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.sendto(b'MESSAGE=forged\nSYSLOG_IDENTIFIER=odcreat\nSYSLOG_PID=1\nODCREAT_PROG=/usr/sbin/sshd\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\nODCREAT_STATE=missing\nODCREAT_WOULD=einval=EINVAL\n', '/run/systemd/journal/socket')
time.sleep(0.5)"
	logd journald "$D" bash -c "
		setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 -c \"$forge\"
		unshare -p -f env ODCREAT_LOG=journal ODCREAT_MODE=native LD_PRELOAD='$SHIM' /usr/bin/python3 -c '
import os, time
try: os.open(\"ns\", os.O_CREAT | os.O_DIRECTORY)
except OSError: pass
time.sleep(0.5)'
		logd_flush
		'$ODCREAT' report --journal --format=csv > '$D/report'"
	run cat "$D/report"
	assert_equal "${#lines[@]}" 3
	# Both are python3, by journald's _EXE: the forger's claim changes
	# nothing but nobody's word, behind its uid; nor does the container's
	# own pid, which differs from journald's _PID.
	assert_line --index 1 --regexp "^\"\\[uid $(id -u nobody)\\] /usr/bin/python3[.0-9]*\",1,1,0,1,1,missing,"
	assert_line --index 2 --regexp '^"/usr/bin/python3[.0-9]*",1,1,0,0,1,missing,'
	refute_output --partial 'sshd'
}

@test "journal: a user's own program mounted over /usr/sbin/sshd in its own namespaces is named behind its uid, claimed, never as root's sshd" {
	needs_ns user
	nobody_copies
	mkfifo -m 0666 "$NB/hold"
	install -m 0666 /dev/null "$NB/out"
	# journald reads _EXE when it takes a datagram, from the sender's /proc:
	# held still while the 200 calls are made, as a busy machine's lags,
	# it finds the sender there all the same, which stays (odc_call -W)
	# until journald has named it, 10 s at most.
	logd journald "$D" bash -c "
		cd '$NB'
		exec 5<> hold
		kill -STOP \$LOGD_PID
		setpriv --reuid=nobody --regid=nogroup --clear-groups unshare -Urm sh -c '
			mount -t tmpfs odc-forge /usr/sbin && cp \"\$1\" /usr/sbin/sshd &&
			ODCREAT_LOG=journal ODCREAT_MODE=einval LD_PRELOAD=\"\$2\" /usr/sbin/sshd -W -n 200 open p creat,directory > out < hold
		' forge '$NB/tests/odc_call' '$NB/libodcreat.so' 5>&- &
		for i in \$(seq 100); do [ -s out ] && break; sleep 0.1; done
		kill -CONT \$LOGD_PID
		for i in \$(seq 100); do
			journalctl -D /run/log/journal -q _EXE=/usr/sbin/sshd | grep -q . && break
			sleep 0.1
		done
		exec 5>&-
		wait
		logd_flush
		'$ODCREAT' report --journal --format=csv > '$D/report'"
	grep -qx '_EXE=/usr/sbin/sshd' "$D/export" || fail "journald did not name it /usr/sbin/sshd: $(head -c 2000 "$D/export")"
	run cat "$D/report"
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp "^\"\\[uid $(id -u nobody)\\] /usr/sbin/sshd\",200,1,0,200,1,missing,"
}

@test "journal: another user's odcreat --seccomp names its program behind its uid, claimed; root's supervisor by the name it logs" {
	nobody_copies
	cp "$NB/tests/odc_call_static" "$NB/tests/sshd"
	logd journald "$D" bash -c "
		cd '$NB'
		setpriv --reuid=nobody --regid=nogroup --clear-groups '$NB/odcreat' --seccomp -m einval -l journal \
			'$NB/tests/sshd' openat p creat,directory > /dev/null
		'$NB/odcreat' --seccomp -m einval -l journal '$NB/tests/odc_call_static' openat p creat,directory > /dev/null
		logd_flush
		'$NB/odcreat' report --journal --format=csv > '$D/report'"
	run cat "$D/report"
	assert_equal "${#lines[@]}" 3
	assert_line --index 1 --regexp "^\"\\[uid $(id -u nobody)\\] sshd\",1,1,0,1,1,missing,"
	assert_line --index 2 --regexp '^"odc_call_static",1,1,0,0,1,missing,'
}

# many DAEMON ENV: 8 processes of 16 threads, each making the call twice.
many() {
	logd "$1" "$D" bash -c "
		for i in 1 2 3 4 5 6 7 8; do
			$2 ODCREAT_MODE=einval LD_PRELOAD='$SHIM' '$ODC_CALL' -t 16 -n 2 openat p\$i creat,directory > /dev/null &
		done
		wait"
}

@test "syslog: 16 threads in 8 processes at once, every message there once and whole" {
	many rsyslog ODCREAT_LOG=syslog
	run grep -c "^app=odcreat procid=[0-9]* facility=user severity=info msg=.* semantics=einval result=EINVAL state=missing would=\"[^\"]*\" dir=\"[^\"]*\" uid=0 exe=\"$ODC_CALL_EXE\" where=\"$ODC_CALL_EXE+0x[0-9a-f]*\" run=[0-9a-f]\{8\} seq=[0-9]* lost=0\$" "$D/out"
	assert_output 256
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(grep -c " path=\"p$i\" " "$D/out")" 32
		# Each process numbers its 32 lines 1 to 32, whichever thread wrote each.
		assert_equal "$(grep " path=\"p$i\" " "$D/out" | grep -o ' seq=[0-9]*' | sort -t= -k2n | uniq | tr -d '\n')" \
			"$(seq -f ' seq=%g' 32 | tr -d '\n')"
	done
}

@test "journal: 16 threads in 8 processes at once, every message there once and whole" {
	many journald ODCREAT_LOG=journal
	run grep -c '^MESSAGE=.* semantics=einval result=EINVAL state=missing would="[^"]*" dir="[^"]*" uid=0 exe="[^"]*" where="[^"]*" run=[0-9a-f]\{8\} seq=[0-9]* lost=0$' "$D/export"
	assert_output 256
	for i in 1 2 3 4 5 6 7 8; do
		assert_equal "$(grep -cx "ODCREAT_PATH=p$i" "$D/export")" 32
	done
}

# burst DAEMON LOG: 8 processes of 200 calls each at once, under DAEMON.
# The senders run niced: a sender waits for the daemon's queue 50 ms, once
# (src/core/dest/socket.c), and on a machine busy with other work (CI's
# other lane, a package build beside it) a daemon that shares the CPU with
# its own burst fell behind that (1,513 of 1,600 stored, a fresh root's
# make deb at load 6). What is tested is that a daemon which keeps up
# loses nothing.
burst() {
	logd "$1" "$D" nice -n 10 bash -c "
		for i in 1 2 3 4 5 6 7 8; do
			ODCREAT_LOG=$2 ODCREAT_MODE=einval LD_PRELOAD='$SHIM' '$ODC_CALL' -n 200 openat p\$i creat,directory > /dev/null &
		done
		wait"
}

@test "journal: 8 processes of 200 calls each at once, and not one entry lost" {
	burst journald journal
	run grep -c '^ODCREAT_RESULT=EINVAL$' "$D/export"
	assert_output 1600
}

@test "syslog: 8 processes of 200 calls each at once, and not one line lost" {
	burst rsyslog syslog
	run grep -c ' result=EINVAL .* lost=0$' "$D/out"
	assert_output 1600
}

@test "journal: a program that exits at once is named by journald's _EXE, or where journald came too late by root's own ODCREAT_EXE: one row for 20 runs" {
	logd journald "$D" bash -c "
		for i in \$(seq 20); do
			ODCREAT_LOG=journal ODCREAT_MODE=native LD_PRELOAD='$SHIM' dd of=d\$i oflag=directory conv=notrunc < /dev/null 2> /dev/null
		done
		'$ODCREAT' report --journal --format=csv > '$D/report'"
	run cat "$D/report"
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp '^"/usr/bin/dd",20,1,0,[0-9]+,20,missing,'
}

# waited KIND LOG: under a daemon whose queue is full and that takes
# nothing, the first of five logged calls waits for room in it, once, for
# 50 ms by the clock (strace -T's own time of that wait, the fastest of
# three runs, so that a busy machine's delay does not count), and its line
# is dropped; the other four neither wait nor are sent.
waited() {
	local run waits=
	for run in 1 2 3; do
		run timeout 60 unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$1" "$D" \
			strace -f -qq -T -e trace=poll,sendmsg -e signal=none -o "$D/trace" \
			env ODCREAT_LOG="$2" ODCREAT_MODE=einval LD_PRELOAD="$SHIM" "$ODC_CALL" -n 5 openat p creat,directory
		assert_success
		assert_output --partial "EINVAL"
		assert_equal "$(grep -c 'poll(' "$D/trace")" 1
		# The first call's two tries, and one for each of the other four.
		assert_equal "$(grep -c 'sendmsg(.*= -1 EAGAIN' "$D/trace")" 6
		waits="$waits $(sed -n 's/.*poll(.*<\([0-9.]*\)>$/\1/p' "$D/trace")"
	done
	run sh -c "printf '%s\n' $waits | sort -n | head -1"
	awk "BEGIN { exit !($output >= 0.049 && $output <= 0.075) }" || fail "waited${waits} s, not 50 ms"
}

@test "journal: a daemon whose queue is full is waited for once, for a bounded time, and then never" { waited full journal; }
@test "syslog: a daemon whose queue is full is waited for once, for a bounded time, and then never" { waited fill syslog; }

# sent KIND LOG: under a daemon with room that reads nothing, 50 logged
# calls send a line each, and none waits.
sent() {
	run timeout 60 unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$1" "$D" \
		strace -f -qq -e trace=poll,sendmsg -e signal=none -o "$D/trace" \
		env ODCREAT_LOG="$2" ODCREAT_MODE=einval LD_PRELOAD="$SHIM" "$ODC_CALL" -n 50 openat p creat,directory
	assert_success
	assert_equal "$(grep -c 'poll(' "$D/trace")" 0
	assert_equal "$(grep -c 'sendmsg(.* = [0-9]' "$D/trace")" 50
}

@test "journal: a daemon with room in its queue is never waited for" { sent idle journal; }
@test "syslog: a daemon with room in its queue is never waited for" { sent idle-syslog syslog; }

# quiet KIND: the call under KIND's /dev/log and a journal socket that
# does not exist, within 10 s, with its result and errno untouched.
quiet() {
	local log
	for log in syslog journal; do
		run timeout 10 unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$1" "$D" bash -c "
			ODCREAT_LOG=$log ODCREAT_MODE=mkdir LD_PRELOAD='$SHIM' '$ODC_CALL' -n 100 openat d-$log creat,directory"
		assert_success
		assert_output --partial "fd:dir"
		[ -d "d-$log" ]
	done
}

@test "a missing socket drops the line; the call is unchanged" { quiet none; }
@test "a full socket drops the line after one bounded wait; the call is unchanged" { quiet fill; }
@test "a socket of the wrong type drops the line; the call is unchanged" { quiet stream; }

@test "an unknown ODCREAT_LOG_FACILITY: one line naming it, and user" {
	run --separate-stderr env ODCREAT_LOG=stderr ODCREAT_LOG_FACILITY=nosuch LD_PRELOAD="$SHIM" \
		"$ODC_CALL" open x creat,directory
	assert_output "EINVAL -"
	[[ $stderr == 'odcreat: unknown ODCREAT_LOG_FACILITY "nosuch"; using user'* ]] || fail "$stderr"
}
