#!/usr/bin/env bats
# odcreat survey start, status and stop, as root and as nobody, each test in
# a private mount namespace of its own: /etc an overlay whose changes go to
# $R/upper, /var/log and /var/lib empty tmpfs mounts, and /usr/local a tmpfs
# where the build's command and library are installed as make install puts
# them. /etc is held byte for byte, with every file's mode and owner, from
# before start to after stop.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "a private mount namespace over /etc, /var and /usr/local"
	needs_ns mount
	R=$(mktemp -d /tmp/odcreat-survey.XXXXXX)
	chmod 755 "$R"
	mkdir "$R/upper" "$R/work" "$R/usr-upper" "$R/usr-work" "$R/calls"
	chmod 777 "$R/calls"
	SUB=$(sed -n 2p "$BUILD/abi")
	LINE="/usr/local/\$LIB/odcreat/libodcreat.so"
	survey_abis
}

teardown() {
	rm -rf "$R"
}

# in_survey SCRIPT: SCRIPT by bash -e in the namespace, where odcreat is the
# installed one (with the i386 library where i386 programs run), other.so a
# library that loads (another tool's), and no odcreat-watch unit is the
# machine's (an installed odcreat-watch package's).
in_survey() {
	unshare -m --propagation private bash -e -c "
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$R/upper',workdir='$R/work' /etc
		mount -t overlay odc-usr -o lowerdir=/usr,upperdir='$R/usr-upper',workdir='$R/usr-work' /usr
		mount -t tmpfs -o mode=755 odc-log /var/log
		mount -t tmpfs -o mode=755 odc-lib /var/lib
		mount -t tmpfs -o mode=755 odc-local /usr/local
		rm -f /etc/systemd/system/odcreat-watch.service /usr/lib/systemd/system/odcreat-watch.service
		install -D -m 755 '$BUILD/odcreat' /usr/local/bin/odcreat
		install -D -m 644 '$SHIM' /usr/local/$SUB/odcreat/libodcreat.so
		[ -z '$I386_SHIM' ] || install -D -m 644 '$I386_SHIM' /usr/local/$I386_SUB/odcreat/libodcreat.so
		install -D -m 644 '$BUILD/tests/libempty.so' /usr/local/lib/other.so
		export PATH=/usr/local/bin:\$PATH
		# /etc, every name with its type, mode, owner, size and link, and every file's bytes.
		snapshot() { (cd /etc && find . -printf '%p %y %m %U %G %s %l\n' | LC_ALL=C sort &&
			find . -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum); }
		# A call with the pair, by python3, as root or (as_nobody) nobody.
		pair() { (cd '$R/calls' && \"\$@\" /usr/bin/python3 -c 'import os
try: os.open(\"p\", os.O_CREAT | os.O_DIRECTORY)
except OSError: pass'); }
		as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups \"\$@\"; }
		$1"
}

@test "survey start, status, stop: the line added once, the log every user's, /etc byte for byte after" {
	run --separate-stderr in_survey "
		# Another tool's entries, the last line without its newline, 0604 and not root's.
		printf '/usr/local/lib/other.so\n/usr/local/lib/other.so' > /etc/ld.so.preload
		chown 1:2 /etc/ld.so.preload
		chmod 604 /etc/ld.so.preload
		snapshot > '$R/before'
		odcreat survey start
		cat /etc/ld.so.preload > '$R/during'
		stat -c '%a %u %g' /etc/ld.so.preload /etc/odcreat.conf /var/log/odcreat /var/lib/odcreat \
			/var/lib/odcreat/survey > '$R/modes'
		cat /etc/odcreat.conf > '$R/settings'
		pair
		pair as_nobody
		odcreat survey status > '$R/status'
		odcreat survey stop > '$R/stop'
		snapshot > '$R/after'
		odcreat report /var/log/odcreat/ > '$R/report'
		! test -e /var/lib/odcreat
		odcreat survey status > '$R/status-after' || echo \"status after stop: \$?\""
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 "odcreat survey: started: every program started from now on logs its calls"
	assert_line "  /etc/ld.so.preload: added $LINE"
	assert_line "    (it loads in $CHECKED programs)"
	assert_line "  /var/log/odcreat/: made, root's, 1733: every user logs to a file of its own"
	assert_line "Stop:        odcreat survey stop (takes out all of the above but the log)"
	assert_equal "${#lines[@]}" 11
	assert_equal "$(awk 'length > 80' <<< "$output")" ""
	assert_line "status after stop: 1"
	assert_equal "$(cat "$R/during")" "$(printf '%s\n' /usr/local/lib/other.so /usr/local/lib/other.so "$LINE")"
	assert_equal "$(cat "$R/modes")" "604 1 2
644 0 0
1733 0 0
700 0 0
600 0 0"
	run cat "$R/settings"
	assert_line "mode = native"
	assert_line "log = /var/log/odcreat/"
	run cat "$R/status"
	assert_line --index 0 --regexp '^odcreat survey: a survey runs, since 20[0-9-]+ [0-9:]+ UTC$'
	assert_line "  preload:  $LINE, in /etc/ld.so.preload"
	assert_line "  log:      /var/log/odcreat/, 2 lines in 2 files"
	run cat "$R/settings"
	assert_equal "$(awk 'length > 80' "$R/status" "$R/settings")" ""
	run cat "$R/stop"
	assert_line "  /etc/ld.so.preload: took out $LINE"
	assert_line "  /etc/odcreat.conf: removed"
	assert_line "The log stays: odcreat report /var/log/odcreat/"
	cmp "$R/before" "$R/after" || fail "/etc after stop: $(diff "$R/before" "$R/after")"
	run cat "$R/report"
	assert_line --regexp '^2 calls? from 2 programs? on 1 hosts?; 0 lost, 2 claimed$'
	assert_equal "$(cat "$R/status-after")" "odcreat survey: no survey runs (odcreat survey start begins one)"
}

@test "survey stop after the administrator's edits: only its line goes; a file start made goes with it" {
	run --separate-stderr in_survey "
		odcreat survey start > /dev/null
		stat -c '%a %u %g' /etc/ld.so.preload > '$R/modes'
		# Another tool's entries before and after the survey's line.
		printf '%s\n' /usr/local/lib/other.so \"\$(cat /etc/ld.so.preload)\" /usr/local/lib/other.so:  \\
			> /etc/ld.so.preload.new
		mv /etc/ld.so.preload.new /etc/ld.so.preload
		odcreat survey stop > /dev/null
		cat /etc/ld.so.preload > '$R/edited'
		# The survey's line merged into another: stop refuses, changing nothing, until it is out.
		rm /etc/ld.so.preload
		odcreat survey start > /dev/null
		echo '/usr/local/lib/other.so $LINE' > /etc/ld.so.preload
		odcreat survey stop > '$R/refused' || echo \"stop: \$?\"
		cat /etc/ld.so.preload /etc/odcreat.conf /var/lib/odcreat/survey > /dev/null
		echo /usr/local/lib/other.so > /etc/ld.so.preload
		odcreat survey stop > '$R/stop'
		# With no file before start, none after stop.
		rm /etc/ld.so.preload
		snapshot > '$R/before'
		odcreat survey start > /dev/null
		odcreat survey stop > /dev/null
		snapshot > '$R/after'"
	assert_success
	assert_output "stop: 1"
	assert_equal "$stderr" ""
	assert_equal "$(cat "$R/modes")" "644 0 0"
	assert_equal "$(cat "$R/edited")" "$(printf '%s\n' /usr/local/lib/other.so /usr/local/lib/other.so:)"
	output=$(cat "$R/refused")
	unwrapped
	assert_equal "$output" "odcreat survey: stopping the survey begun by odcreat survey start:
odcreat survey: /etc/ld.so.preload no longer has the line start added, $LINE, but still preloads $LINE: take that out yourself, then run odcreat survey stop again"
	run cat "$R/stop"
	unwrapped
	assert_line "  /etc/ld.so.preload: $LINE was already taken out"
	assert_line "  /etc/odcreat.conf: removed"
	cmp "$R/before" "$R/after" || fail "/etc after stop: $(diff "$R/before" "$R/after")"
}

@test "survey start says so where users may not read /etc/ld.so.preload, whose mode it keeps" {
	run --separate-stderr in_survey "
		echo /usr/local/lib/other.so > /etc/ld.so.preload
		chmod 640 /etc/ld.so.preload
		odcreat survey start
		pair as_nobody
		odcreat survey status | grep log:"
	assert_success
	unwrapped
	assert_line "  but /etc/ld.so.preload is 0640: programs of users who may not read it preload nothing"
	assert_line "  log:      /var/log/odcreat/, 0 lines in 0 files"
}

@test "survey start -l journal: the settings name the journal, no directory is made, status and stop say where" {
	run --separate-stderr in_survey "
		odcreat survey start -l journal
		cat /etc/odcreat.conf
		odcreat survey status
		# The watcher, beside odcreat, and then as a unit too, on a machine without systemd.
		mount -t tmpfs odc-run /run
		install -m 755 /dev/null /usr/local/bin/odcreat-watch
		odcreat survey status | grep -A1 watcher:
		install -D -m 644 /dev/null /etc/systemd/system/odcreat-watch.service
		# Its line gone, the survey runs on, and status says so.
		grep -v libodcreat /etc/ld.so.preload > /etc/ld.so.preload.new || true
		mv /etc/ld.so.preload.new /etc/ld.so.preload
		odcreat survey status > '$R/status'
		odcreat survey stop
		odcreat survey status | grep -A1 watcher: || true"
	assert_success
	assert_equal "$stderr" ""
	assert_line "  /etc/odcreat.conf: written, mode = native, log = journal"
	refute_line --partial "made, root's"
	assert_line "log = journal"
	assert_line "  log:      journal"
	assert_line "The calls: odcreat report --journal"
	assert_line "The log stays: odcreat report --journal"
	assert_line "  watcher:  /usr/local/bin/odcreat-watch, no systemd unit"
	assert_line "  watcher:  odcreat-watch.service, systemd does not run here"
	assert_line "            (/etc/systemd/system/odcreat-watch.service)"
	assert_equal "$(grep -c watcher: <<< "$output")" 2
	run cat "$R/status"
	assert_line "  preload:  gone from /etc/ld.so.preload: programs started now do not log"
	assert_line "            (it was $LINE)"
	assert_line "  watcher:  odcreat-watch.service, systemd does not run here"
	assert_equal "$(awk 'length > 80' <<< "$output")" ""
}

@test "survey start in a log directory already there says what it holds, which report will count too" {
	run --separate-stderr in_survey "
		install -d -m 1733 /var/log/odcreat
		odcreat survey start | grep /var/log/odcreat/:
		odcreat survey stop > /dev/null
		# An earlier example's lines, as the README's log directory example leaves them.
		pair env ODCREAT_LOG=/var/log/odcreat/ LD_PRELOAD=/usr/local/$SUB/odcreat/libodcreat.so
		pair as_nobody env ODCREAT_LOG=/var/log/odcreat/ LD_PRELOAD=/usr/local/$SUB/odcreat/libodcreat.so
		odcreat survey start"
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 "  /var/log/odcreat/: there already, empty"
	assert_line "  /var/log/odcreat/: there already, with 2 lines in 2 files from before:"
	assert_line "    odcreat report counts them too (move them aside for this survey alone)"
}

# fake_i386 SAYS: an i386 loader and C library in the overlay of /usr, the
# loader a script that writes SAYS on standard error where anything is
# preloaded, as the real one complains of a 64-bit library.
fake_i386() {
	[ "$(uname -m)" = x86_64 ] && [ "$(readlink /lib)" = usr/lib ] ||
		skip "stands in for i386's loader on an x86_64 machine with a merged /usr"
	mkdir -p "$R/usr-upper/lib/i386-linux-gnu"
	: > "$R/usr-upper/lib/i386-linux-gnu/libc.so.6"
	printf '%s' "$1" > "$R/usr-upper/lib/odc-i386-says"
	printf '#!/bin/sh\n[ -z "$LD_PRELOAD" ] || cat /usr/lib/odc-i386-says >&2\n' > "$R/usr-upper/lib/ld-linux.so.2"
	chmod 755 "$R/usr-upper/lib/ld-linux.so.2"
}

@test "survey start where i386 programs run: it checks that their loader loads the library too" {
	local says="ERROR: ld.so: object '$LINE' from LD_PRELOAD cannot be preloaded (wrong ELF class: ELFCLASS64): ignored."
	fake_i386 "$says"
	run --separate-stderr in_survey "odcreat survey start"
	assert_failure 1
	unwrapped
	assert_output "odcreat survey: $LINE does not load in i386 programs (/lib/ld-linux.so.2): $says
odcreat survey: build and install the i386 library first: make M32=1 && make install M32=1"
	fake_i386 ""
	run --separate-stderr in_survey "odcreat survey start"
	assert_success
	assert_line "    (it loads in ${SUB##*/}, i386 programs)"
}

@test "survey start where i386 programs really run (Debian's libc6-i386), without the i386 library: it refuses, naming how to get it" {
	[ -n "$I386_SHIM" ] || skip "no i386 program runs here (Debian's libc6-i386 and a kernel that runs it)"
	run --separate-stderr in_survey "rm /usr/local/$I386_SUB/odcreat/libodcreat.so; odcreat survey start"
	assert_failure 1
	unwrapped
	assert_output "odcreat survey: $LINE does not load in i386 programs (/lib/ld-linux.so.2): ERROR: ld.so: object '$LINE' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.
odcreat survey: build and install the i386 library first: make M32=1 && make install M32=1"
	run --separate-stderr in_survey "odcreat survey start | grep 'it loads in'"
	assert_success
	assert_output "    (it loads in $CHECKED programs)"
}

# refused SETUP COMMAND WANT [STATUS]: after SETUP, COMMAND prints only a
# message that WANT (a pattern) matches, in 80 columns, exits with STATUS (1), and changes
# nothing in /etc or /var/lib.
refused() {
	run --separate-stderr in_survey "
		$1
		snapshot > '$R/before'; ls -a /var/lib > '$R/var-before'
		$2 > '$R/said' && echo status 0 || echo status \$?
		snapshot > '$R/after'; ls -a /var/lib > '$R/var-after'"
	assert_success
	assert_output "status ${4:-1}"
	output=$(cat "$R/said")
	unwrapped
	[[ $output == $3 && ${#lines[@]} -eq 1 ]] || fail "said: $(cat "$R/said")"
	cmp "$R/before" "$R/after" || fail "/etc changed: $(diff "$R/before" "$R/after")"
	cmp "$R/var-before" "$R/var-after" || fail "/var/lib changed"
	rm -rf "$R/upper" "$R/work" "$R/usr-upper" "$R/usr-work"
	mkdir "$R/upper" "$R/work" "$R/usr-upper" "$R/usr-work"
}

@test "survey refusals: one message each, in 80 columns, nothing changed" {
	local lib=/usr/local/$SUB/odcreat/libodcreat.so
	for what in start stop status; do
		refused "" "as_nobody odcreat survey $what" "odcreat survey: $what: only root may $(
			[ $what = status ] && echo "read the survey's state (/var/lib/odcreat)" || echo "change /etc/ld.so.preload")"
	done
	refused "odcreat survey start > /dev/null" "odcreat survey start" \
		"odcreat survey: a survey already runs, since $(date -u '+%Y-%m-%d %H'):*"
	# Missing beside it, the library is looked for under the build's PREFIX
	# last, which that message names (/usr in a package build; the package's
	# library there taken out of the overlay of /usr, where it is installed).
	refused "rm $lib; rm -f $ODC_PREFIX/$SUB/odcreat/libodcreat.so" "odcreat survey start" \
		"odcreat survey: this odcreat's library is missing: $ODC_PREFIX/$SUB/odcreat/libodcreat.so: No such file or directory"
	refused "ln -s other /etc/ld.so.preload" "odcreat survey start" \
		"odcreat survey: /etc/ld.so.preload is a symlink: start changes only a regular file (or makes one)"
	refused "mkdir /etc/ld.so.preload" "odcreat survey start" \
		"odcreat survey: /etc/ld.so.preload is not a regular file: start changes only a regular file (or makes one)"
	refused "echo '/usr/\$LIB/odcreat/libodcreat.so' > /etc/ld.so.preload" "odcreat survey start" \
		"odcreat survey: /etc/ld.so.preload already preloads /usr/\$LIB/odcreat/libodcreat.so (a survey begun by hand?): take it out first"
	refused "echo 'mode = native' > /etc/odcreat.conf" "odcreat survey start" \
		"odcreat survey: /etc/odcreat.conf exists, and its settings would be the survey's: move it aside first"
	refused "echo junk > $lib" "odcreat survey start" \
		"odcreat survey: $LINE does not load in ${SUB##*/} programs (/proc/self/exe): ERROR: ld.so: object '$LINE' from LD_PRELOAD cannot be preloaded (file too short): ignored."
	refused "chmod 777 /usr/local/lib" "odcreat survey start" \
		"odcreat survey: cannot preload $lib into every program: /usr/local/lib is writable by group or others"
	refused "chmod 664 $lib" "odcreat survey start" \
		"odcreat survey: cannot preload $lib into every program: $lib is writable by group or others"
	refused "" "odcreat survey start -l /var/log/odcreat.log" \
		"odcreat survey: -l /var/log/odcreat.log: a survey logs to an absolute DIR/, journal or syslog (a single file records only the users who may write it)" 2
	refused "install -d -m 700 /var/log/odcreat" "odcreat survey start" \
		"odcreat survey: log directory /var/log/odcreat/: closed to other users' files (install -d -m 1733 -o root /var/log/odcreat/ records every user)"
	refused "" "odcreat survey stop" "odcreat survey: no survey runs (odcreat survey start begins one)"
}
