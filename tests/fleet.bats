#!/usr/bin/env bats
# The survey of a fleet through its own pipeline (issue 29): three hosts
# with the library in /etc/ld.so.preload, each logging to its own journald
# or rsyslogd, which send on to a collector; odcreat report over what the
# collector kept must name each call's host. Every host and the collector
# has network, UTS, mount and PID namespaces of its own, wired to a bridge
# in a network namespace of the test's (tests/fleet.sh); nothing reaches
# the machine's /etc, network or daemons.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "network, UTS, mount and PID namespaces, and daemons of their own"
	needs_ns mount net pid
	[ -x /lib/systemd/systemd-journal-remote ] ||
		skip "systemd-journal-remote is missing (make check installs systemd-journal-remote)"
	command -v rsyslogd > /dev/null || skip "rsyslogd is missing (make check installs rsyslog)"
	command -v ip > /dev/null || skip "ip is missing (make check installs iproute2)"
	D=$BATS_TEST_TMPDIR
	mkdir "$D/work"
	PYTHON=$(readlink -f /usr/bin/python3)
	ODC_CALL_EXE=$(readlink -f "$ODC_CALL")
}

# calls N: N calls of the pair from one python3 process, each a new name.
calls() {
	printf '%s\n' "/usr/bin/python3 -c 'import os
for i in range($1):
    try: os.open(\"py%d\" % i, os.O_CREAT | os.O_DIRECTORY)
    except OSError: pass'"
}

# A hostile local user's program: a copy of python3 in a directory of its
# own, run as nobody (the journal names it by that path).
FORGER='mkdir -p -m 755 /run/forger
cp /usr/bin/python3 /run/forger/python3
forge() { setpriv --reuid=nobody --regid=nogroup --clear-groups /run/forger/python3 -c "$1"; }'

# The traffic: python3 on all three hosts, odc_call on odc-host2 alone, dd
# on odc-host3 alone, in counts that no two rows share; then each
# pipeline's forgers (FORGE_HOST1, FORGE_HOST3).
work() {
	{ calls 2; echo "$FORGER"; echo "$FORGE_HOST1"; } > "$D/work/odc-host1"
	{ calls 3; echo "'$ODC_CALL' -n 4 openat c creat,directory > /dev/null"; } > "$D/work/odc-host2"
	{
		calls 5
		echo 'for i in 1 2 3 4 5 6; do dd of=d$i oflag=directory conv=notrunc < /dev/null 2> /dev/null || true; done'
		echo "$FORGER"; echo "$FORGE_HOST3"
	} > "$D/work/odc-host3"
}

# readme TEXT: the first fenced block of the README after the line that holds TEXT.
readme() {
	awk -v text="$1" 'index($0, text) { found = 1; next }
		found && /^ *```/ { if (inside) exit; inside = 1; next }
		inside { sub(/^  /, ""); print }' "$ROOT/README.md"
}

# fleet PIPELINE: the fleet, with $D/conf as every host's /etc/odcreat.conf.
fleet() {
	timeout 120 unshare -m -n -p -f --kill-child --mount-proc --propagation private \
		"$ROOT/tests/fleet.sh" "$1" "$D" "$SHIM"
}

# rows FILE COLUMN...: the CSV report FILE's rows, the named columns alone
# (found by its header, in that order), sorted.
rows() {
	local file=$1
	shift
	awk -F, -v want="$*" '
		NR == 1 {
			n = split(want, w, " ")
			for (i = 1; i <= NF; i++) col[$i] = i
			for (j = 1; j <= n; j++)
				if (!(w[j] in col)) { print "no column " w[j] > "/dev/stderr"; exit 1 }
			next
		}
		{
			line = ""
			for (j = 1; j <= n; j++) line = line (j > 1 ? "," : "") $col[w[j]]
			print line
		}' "$file" | sort
}

# A forged survey line, naming HOST in an RFC 5424 header of its own and
# the program PROG, as a log line.
forged_line() {
	printf '<14>1 2026-01-01T00:00:00Z %s odcreat 1 - - 2026-01-01T00:00:00.000000Z pid=1 prog=\\"%s\\" call=open dirfd=AT_FDCWD path=\\"/x\\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0 semantics=native result=EINVAL state=missing would=\\"einval=EINVAL\\" uid=0 exe=\\"/usr/sbin/%s\\" seq=1 lost=0' \
		"$1" "$2" "$2"
}

# Each host's calls and programs, none lost: the same in both pipelines.
assert_host_rows() {
	run rows "$D/report.host" host calls programs lost
	assert_output "$(sort <<-EOF
		"odc-host1",3,2,0
		"odc-host2",8,3,0
		"odc-host3",11,2,0
		EOF
	)"
}

@test "journal: journald on three hosts, systemd-journal-upload to systemd-journal-remote; report --journal over the collector's files names each call's host" {
	# odc-host1's hostile user sends an entry that names odc-host2 and sshd
	# through its own journald, which drops both (fields that begin with _
	# cannot be sent); from odc-host3 one uploads to the collector itself
	# an entry of odc-host2's, from cron, which the collector takes: plain
	# HTTP takes anyone's word (README: "What a local user can forge").
	FORGE_HOST1="forge 'import socket, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.sendto(b\"SYSLOG_IDENTIFIER=odcreat\nSYSLOG_PID=1\n_HOSTNAME=odc-host2\n_EXE=/usr/sbin/sshd\nODCREAT_PROG=sshd\nODCREAT_EXE=/usr/sbin/sshd\nODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\nODCREAT_STATE=missing\nODCREAT_WOULD=einval=EINVAL\nMESSAGE=forged\n\", \"/run/systemd/journal/socket\")
time.sleep(0.5)'"
	FORGE_HOST3="forge 'import time, urllib.request
entry = (\"__REALTIME_TIMESTAMP=%d\n__MONOTONIC_TIMESTAMP=1\n_BOOT_ID=0123456789abcdef0123456789abcdef\n\" % (time.time() * 1e6)
         + \"_HOSTNAME=odc-host2\n_EXE=/usr/sbin/cron\n_UID=0\nSYSLOG_IDENTIFIER=odcreat\nODCREAT_PROG=cron\n\"
         + \"ODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\nODCREAT_STATE=missing\nODCREAT_WOULD=einval=EINVAL\nMESSAGE=forged\n\n\")
urllib.request.urlopen(urllib.request.Request(\"http://10.29.0.1:19532/upload\", entry.encode(),
                       {\"Content-Type\": \"application/vnd.fdo.journal\"})).read()'"
	work
	printf 'mode = native\nlog = journal\n' > "$D/conf"
	run fleet journal
	assert_success
	local by
	# The README's command on the collector, for each grouping.
	local command
	command=$(readme "Then, on the collector:")
	[[ $command == *'/var/log/journal/remote'*'odcreat report --journal --by=host,program -' ]] ||
		fail "the README's command: $command"
	command=${command//\/var\/log\/journal\/remote/$D/collector}
	command=${command/odcreat report --journal --by=host,program/\"\$ODCREAT\" report --format=csv --journal --by=\$by}
	for by in program host host,program; do
		by=$by ODCREAT=$ODCREAT bash -c "$command" > "$D/report.$by"
	done
	# Each program: its calls, on how many hosts, none lost; nobody's
	# forger behind its uid, on its own word; the uploaded cron entry on
	# journald's. journald reads a sender's _EXE when the datagram
	# arrives: root's programs that were gone by then are named by their
	# ODCREAT_EXE, claimed, any number up to their calls.
	run rows "$D/report.program" program calls hosts lost claimed
	output=$(awk -F, -v OFS=, '$1 !~ /^"(\[uid |\/usr\/sbin\/cron")/ && $5 <= $2 { $5 = "0-" $2 } 1' <<< "$output")
	assert_output "$(sort <<-EOF
		"$PYTHON",10,3,0,0-10
		"$ODC_CALL_EXE",4,1,0,0-4
		"/usr/bin/dd",6,1,0,0-6
		"[uid $(id -u nobody)] /run/forger/python3",1,1,0,1
		"/usr/sbin/cron",1,1,0,0
		EOF
	)"
	assert_host_rows
	run rows "$D/report.host,program" host program calls
	assert_output "$(sort <<-EOF
		"odc-host1","$PYTHON",2
		"odc-host1","[uid $(id -u nobody)] /run/forger/python3",1
		"odc-host2","$PYTHON",3
		"odc-host2","$ODC_CALL_EXE",4
		"odc-host2","/usr/sbin/cron",1
		"odc-host3","$PYTHON",5
		"odc-host3","/usr/bin/dd",6
		EOF
	)"
	refute_output --partial sshd
}

@test "journal: odcreat --watch on three hosts, through journald and systemd-journal-remote; report --journal --by=host,program names each host's callers" {
	local watcher=$BUILD/odcreat-watch static=$BUILD/tests/odc_call_static n
	[ -x "$watcher" ] || skip "$watcher is missing: make watch builds it where the kernel has BTF"
	# Each host: its watcher, then a static program of its own (no preload
	# reaches it), N calls of the pair, then the watcher stopped, which logs
	# what it had read first. Every host's watcher sees every host's calls
	# (one kernel); its own callers are in its pid namespace, and their
	# executables are read in the host's own root where the look comes
	# before they exit (else they are named by their name).
	for n in 1 2 3; do
		cat > "$D/work/odc-host$n" <<-EOF
			'$ODCREAT' --watch -l journal 2> /run/watch.err & w=\$!
			# Three watchers start at once on a shared machine: 30 s at most, or the host fails.
			for i in \$(seq 300); do grep -q watching /run/watch.err && break; sleep 0.1; done
			grep -q watching /run/watch.err || { cat /run/watch.err >&2; exit 1; }
			cp '$static' /run/work/odc-w$n
			/run/work/odc-w$n -n $((n * 2)) sys_openat c creat,directory > /dev/null || true
			kill -INT \$w
			wait \$w
		EOF
	done
	printf 'mode = native\n' > "$D/conf"
	run fleet journal
	assert_success
	journalctl -D "$D/collector" -o export | "$ODCREAT" report --format=csv --journal --by=host,program - \
		> "$D/report.watch"
	rows "$D/report.watch" host program calls lost claimed > "$D/rows.watch"
	# Each host's own program: its calls, none lost, none on its own word.
	awk -F, '{ h = $1; p = $2; gsub(/"/, "", h); gsub(/"/, "", p); n = substr(h, 9) }
		p == "/run/work/odc-w" n || p == "odc-w" n { calls[h] += $3; lost[h] += $4; claimed[h] += $5 }
		END { for (h in calls) print h, calls[h], lost[h], claimed[h] }' "$D/rows.watch" > "$D/hosts.watch"
	run sort "$D/hosts.watch"
	assert_output "$(printf '%s\n' 'odc-host1 2 0 0' 'odc-host2 4 0 0' 'odc-host3 6 0 0' | sort)"
}

@test "syslog: rsyslogd on three hosts forwarding RFC 5424 over TCP to a collector's rsyslogd; report over its file per host names each call's host" {
	# odc-host1's hostile user sends, through /dev/log, a line whose own
	# RFC 5424 header names odc-host2 and sshd: the host's rsyslogd puts
	# its own HOSTNAME first, and report reads that one alone. From
	# odc-host3 one sends the collector itself a line of odc-host2's,
	# from cron, which it takes (README: "What a local user can forge").
	FORGE_HOST1="forge 'import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.sendto(b\"<14>odcreat[1]: $(forged_line odc-host2 sshd)\", \"/dev/log\")'"
	FORGE_HOST3="forge 'import socket
s = socket.create_connection((\"10.29.0.1\", 514))
s.sendall(b\"$(forged_line odc-host2 cron)\n\")
s.close()'
# The collector reads that connection and the host's own as it pleases:
# the forgery is waited for, to come before odc-host3's end.
for i in \$(seq 100); do grep -qs /usr/sbin/cron '$D/collector/odc-host2.log' && break; sleep 0.1; done"
	work
	printf 'mode = native\nlog = syslog\nlog_facility = local3\n' > "$D/conf"
	# The README's configurations, the collector's writing where the test keeps it.
	readme /etc/rsyslog.d/forward.conf > "$D/rsyslog-host.conf"
	readme /etc/rsyslog.d/odcreat.conf | sed "s|/var/log/odcreat/|$D/collector/|" > "$D/rsyslog-collector.conf"
	grep -q "$D/collector/%hostname%.log" "$D/rsyslog-collector.conf" || fail "the README's configuration"
	run fleet syslog
	assert_success
	run ls "$D/collector"
	assert_output "$(printf '%s\n' odc-host1.log odc-host2.log odc-host3.log)"
	# The hosts' rsyslogd parsed the library's messages: odcreat, with the
	# caller's pid. The other lines: the forgeries, and each host's end
	# (fleet.sh's, tagged odcreat too).
	run grep -vc '^<158>1 [^ ]* odc-host[123] odcreat [0-9]* - -  [^ ]* pid=[0-9]* prog=' \
		"$D"/collector/odc-host*.log
	assert_output "$(printf '%s\n' "$D/collector/odc-host1.log:2" "$D/collector/odc-host2.log:2" \
		"$D/collector/odc-host3.log:1")"
	local by
	for by in program host host,program; do
		"$ODCREAT" report --by="$by" --format=csv "$D"/collector/odc-host*.log > "$D/report.$by"
	done
	# The README's command, as text: every call, and the three ends that are no survey line.
	run "$ODCREAT" report --by=host,program "$D"/collector/odc-host*.log
	assert_success
	assert_line --regexp "^22 calls from 5 programs on 3 hosts; 0 lost, 22 claimed"
	assert_line --regexp "^3 lines could not be read: "
	# Every line is the sender's word (claimed); none lost.
	run rows "$D/report.program" program calls hosts lost claimed
	assert_output "$(sort <<-EOF
		"$PYTHON",10,3,0,10
		"$ODC_CALL_EXE",4,1,0,4
		"/usr/bin/dd",6,1,0,6
		"/usr/sbin/sshd",1,1,0,1
		"/usr/sbin/cron",1,1,0,1
		EOF
	)"
	assert_host_rows
	run rows "$D/report.host,program" host program calls
	assert_output "$(sort <<-EOF
		"odc-host1","$PYTHON",2
		"odc-host1","/usr/sbin/sshd",1
		"odc-host2","$PYTHON",3
		"odc-host2","$ODC_CALL_EXE",4
		"odc-host2","/usr/sbin/cron",1
		"odc-host3","$PYTHON",5
		"odc-host3","/usr/bin/dd",6
		EOF
	)"
}
