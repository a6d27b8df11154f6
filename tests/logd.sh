#!/bin/bash
# logd.sh DAEMON DIR CMD...: CMD with a real logging daemon of its own, in
# private mount and network namespaces (run this under unshare -m -n;
# nothing here reaches the host's /dev, /run, sysctls or daemons). /dev and /run are fresh
# tmpfs, with /dev's usual nodes bound in from the host. DAEMON is:
#   rsyslog   rsyslogd on DIR/sock, bound over /dev/log; what it receives
#             is written to DIR/out, one line per message
#   journald  systemd-journald on /run/systemd/journal and /dev/log; what
#             it stored is exported (journalctl -o export) to DIR/export
#             when CMD ends, with entries of logd.sh's own
#             (SYSLOG_IDENTIFIER=logd-end)
#   none      neither: /dev/log and the journal's socket are missing
# DIR/fill makes /dev/log a datagram socket nobody reads, filled up, and
# DIR/stream one of the wrong type (a stream socket), instead of a daemon;
# full makes journald's socket one that nobody reads, filled up; idle
# makes journald's socket one that nobody reads, with room, and
# idle-syslog /dev/log.
set -eu
daemon=$1 dir=$2
shift 2

# shellcheck source=tests/private_dev.sh
. "$(dirname "$0")/private_dev.sh"

wait_for() {	# FILE: up to 10 s
	local i
	for i in $(seq 100); do
		[ -e "$1" ] && return 0
		sleep 0.1
	done
	echo "logd.sh: $1 never appeared" >&2
	return 1
}

# imuxsock parses its socket as Debian's rsyslog.conf has it parse /dev/log:
# with its own parser for syslog(3)'s form, which takes no RFC 5424 header.
start_rsyslog() {
	cat > "$dir/rsyslog.conf" <<-CONF
	global(workDirectory="$dir")
	module(load="imuxsock" SysSock.Use="off")
	input(type="imuxsock" Socket="$dir/sock")
	template(name="odc" type="string"
		 string="app=%app-name% procid=%procid% facility=%syslogfacility-text% severity=%syslogseverity-text% msg=%msg%\n")
	*.* action(type="omfile" file="$dir/out" template="odc")
	CONF
	rsyslogd -n -f "$dir/rsyslog.conf" -i "$dir/rsyslog.pid" &
	pid=$!
	wait_for "$dir/sock"
	touch /dev/log
	mount --bind "$dir/sock" /dev/log
}

start_journald() {
	# journald wants a cgroup hierarchy, which a bare root file system (make
	# check-fresh's) lacks: then one of this namespace's own.
	mountpoint -q /sys/fs/cgroup || mount -t cgroup2 odc-cgroup /sys/fs/cgroup
	mkdir -p /run/systemd/journal /run/log/journal
	/lib/systemd/systemd-journald &
	pid=$!
	wait_for /run/systemd/journal/socket
	# journald's syslog socket, as /dev/log, as systemd makes it.
	ln -s /run/systemd/journal/dev-log /dev/log
}

# logd_flush: wait until the daemon has stored every message sent so far.
# It reads its socket in order, so once a last message of our own is
# stored, every one before it is too. CMD may call it too.
logd_flush() {
	local i
	case $LOGD_DAEMON in
	journald) printf 'MESSAGE=end\nSYSLOG_IDENTIFIER=logd-end\n' | logger --journald ;;
	rsyslog) logger -u /dev/log -d -t logd-end end ;;
	*) return 0 ;;
	esac
	for i in $(seq 100); do
		case $LOGD_DAEMON in
		journald) journalctl -D /run/log/journal -q SYSLOG_IDENTIFIER=logd-end | grep -q end ;;
		rsyslog) grep -q '^app=logd-end ' "$LOGD_DIR/out" 2> /dev/null ;;
		esac && return 0
		sleep 0.1
	done
	echo "logd.sh: the $LOGD_DAEMON daemon stored nothing more for 10 s" >&2
	return 1
}
export -f logd_flush
export LOGD_DAEMON=$daemon LOGD_DIR=$dir

private_dev "$dir"
# What systemd sets at boot (the kernel's default is 10): the datagrams a
# socket queues before more are dropped, per network namespace.
echo 512 > /proc/sys/net/unix/max_dgram_qlen
pid=
case $daemon in
rsyslog) start_rsyslog ;;
journald) start_journald ;;
fill|stream)
	python3 "$(dirname "$0")/logd_stuck.py" "$daemon" /dev/log &
	pid=$!
	wait_for /dev/log ;;
idle|full)
	mkdir -p /run/systemd/journal
	python3 "$(dirname "$0")/logd_stuck.py" "${daemon/full/fill}" /run/systemd/journal/socket &
	pid=$!
	wait_for /run/systemd/journal/socket ;;
idle-syslog)
	python3 "$(dirname "$0")/logd_stuck.py" idle /dev/log &
	pid=$!
	wait_for /dev/log ;;
none) ;;
esac
rc=0
"$@" || rc=$?
case $daemon in
journald)
	logd_flush
	journalctl -D /run/log/journal -o export > "$dir/export" ;;
rsyslog)
	logd_flush
	# Not rsyslogd's own start message, which reaches the file now and then.
	sed -i '/^app=logd-end /d; /^app=rsyslogd /d' "$dir/out" ;;
esac
if [ -n "$pid" ]; then
	kill "$pid"
	wait "$pid" || true
fi
exit $rc
