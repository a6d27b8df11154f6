#!/bin/bash
# fleet.sh PIPELINE DIR LIB: three hosts and a collector, each in network,
# UTS, mount and PID namespaces of its own, wired to one bridge; run this
# under unshare -m -n -p -f --kill-child --mount-proc --propagation private,
# whose network namespace holds the bridge and whose PID namespace ends
# every daemon when this script ends or unshare is killed. Nothing reaches the machine's /etc, /dev,
# /run, network or daemons.
#
# Each host (odc-host1..3, 10.29.0.11..13) has LIB in its /etc/ld.so.preload
# and DIR/conf as its /etc/odcreat.conf (through an overlay on /etc in its
# own mount namespace), starts its daemons, runs DIR/work/HOST with bash,
# waits until the collector has everything it logged, and stops. The
# collector (odc-collector, 10.29.0.1) keeps what it receives in
# DIR/collector/. PIPELINE is:
#   journal  systemd-journald on each host, systemd-journal-upload to
#            systemd-journal-remote on the collector (its journal files)
#   syslog   rsyslogd on each host, its imuxsock as Debian loads it, and
#            DIR/rsyslog-host.conf, which forwards to "collector"; a
#            collecting rsyslogd with DIR/rsyslog-collector.conf, which
#            writes to DIR/collector/ (the README's configurations)
# DIR/NODE/ holds each node's own files (its /etc's upper layer, its
# daemons' configurations and output on stderr, in DIR/NODE/log).
set -eu
pipeline=$1 dir=$2 lib=$3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/private_dev.sh
. "$here/private_dev.sh"
HOSTS="odc-host1 odc-host2 odc-host3"
COLLECTOR=10.29.0.1

wait_for() {	# what CMD... checks, for up to 10 s
	local i
	for i in $(seq 100); do
		"$@" && return 0
		sleep 0.1
	done
	echo "fleet.sh: $(hostname): never: $*" >&2
	return 1
}

# A private /dev and /run (private_dev.sh), and the node's name.
private_node() {
	hostname "$1"
	private_dev "$dir/$1"
	# journald wants a cgroup hierarchy; ip netns exec mounted a fresh /sys.
	mountpoint -q /sys/fs/cgroup || mount -t cgroup2 odc-cgroup /sys/fs/cgroup
	echo 512 > /proc/sys/net/unix/max_dgram_qlen
}

# The library system-wide: /etc/ld.so.preload and /etc/odcreat.conf in an
# overlay on /etc, this node's alone.
preload_everything() {
	local node=$1
	mkdir -p "$dir/$node/upper" "$dir/$node/work"
	mount -t overlay odc-etc -o "lowerdir=/etc,upperdir=$dir/$node/upper,workdir=$dir/$node/work" /etc
	echo "$node" > /etc/hostname
	echo "$COLLECTOR collector" >> /etc/hosts
	printf '%s\n' "$lib" > /etc/ld.so.preload
	cp "$dir/conf" /etc/odcreat.conf
	chmod 644 /etc/ld.so.preload /etc/odcreat.conf
}

# --- the collector --------------------------------------------------------

collector() {
	mkdir -p "$dir/collector"
	case $pipeline in
	journal)
		/lib/systemd/systemd-journal-remote --listen-http="$COLLECTOR:19532" \
			--output="$dir/collector/" --split-mode=host 2>> "$dir/odc-collector/log" & ;;
	syslog)
		{
			echo "global(workDirectory=\"$dir/odc-collector\")"
			cat "$dir/rsyslog-collector.conf"
		} > "$dir/odc-collector/rsyslog.conf"
		rsyslogd -n -f "$dir/odc-collector/rsyslog.conf" -i /run/rsyslogd.pid \
			2>> "$dir/odc-collector/log" & ;;
	esac
	local pid=$! port
	port=$([ "$pipeline" = journal ] && echo 19532 || echo 514)
	wait_for bash -c "ss -Hltn 'sport = :$port' | grep -q ."
	touch "$dir/odc-collector/ready"
	# Until the fleet says stop, once the hosts are done: then the daemon
	# ends as it is told to, which closes its files.
	read -r _ < "$dir/stop" || true
	kill "$pid"
	wait "$pid" || true
}

# --- a host ----------------------------------------------------------------

# Whether the collector has HOST's last message, the end marker.
collected() {
	case $pipeline in
	journal) journalctl -D "$dir/collector" -q _HOSTNAME="$1" SYSLOG_IDENTIFIER=fleet-end 2> /dev/null |
			 grep -q "end of $1" ;;
	syslog) grep -qs "end of $1" "$dir/collector/$1.log" ;;
	esac
}

host() {
	local name=$1 logd upload=
	preload_everything "$name"
	case $pipeline in
	journal)
		mkdir -p /run/systemd/journal /run/log/journal
		/lib/systemd/systemd-journald 2>> "$dir/$name/log" &
		logd=$!
		wait_for test -S /run/systemd/journal/socket
		/lib/systemd/systemd-journal-upload --url="http://$COLLECTOR:19532" \
			--directory=/run/log/journal --save-state="$dir/$name/upload-state" \
			2>> "$dir/$name/log" &
		upload=$! ;;
	syslog)
		mkdir -p /run/rsyslog
		# Debian's /etc/rsyslog.conf loads imuxsock so; then the forwarding.
		{
			echo 'global(workDirectory="/run/rsyslog")'
			echo 'module(load="imuxsock")'
			cat "$dir/rsyslog-host.conf"
		} > "$dir/$name/rsyslog.conf"
		rsyslogd -n -f "$dir/$name/rsyslog.conf" -i /run/rsyslogd.pid 2>> "$dir/$name/log" &
		logd=$!
		wait_for test -S /dev/log ;;
	esac
	local rc=0
	mkdir -m 1777 /run/work
	(cd /run/work && bash -eu "$dir/work/$name") || rc=$?
	# The end marker, last from this host, through the same daemons.
	case $pipeline in
	journal) logger --journald <<< "MESSAGE=end of $name"$'\n'"SYSLOG_IDENTIFIER=fleet-end" ;;
	syslog) logger -t odcreat "end of $name" ;;	# the collector keeps odcreat's alone
	esac
	wait_for collected "$name" || rc=1
	# systemd-journal-upload sends what it has read when it stops.
	[ -z "$upload" ] || { kill "$upload"; wait "$upload" || true; }
	kill "$logd"
	wait "$logd" || true
	return $rc
}

# Run as a node: in the node's own namespaces (fleet.sh node NAME).
if [ "${4:-}" = node ]; then
	private_node "$5"
	if [ "$5" = odc-collector ]; then
		collector
	else
		host "$5"
	fi
	exit
fi

# --- the bridge, and each node's end of it ------------------------------------

mount -t tmpfs -o mode=755 odc-run /run	# ip netns keeps its names in /run/netns
ip link add odc-br type bridge
ip link set odc-br up
ip link set lo up
address=1
for node in odc-collector $HOSTS; do
	ip netns add "$node"
	ip link add "v-${node#odc-}" type veth peer name eth0 netns "$node"
	ip link set "v-${node#odc-}" master odc-br up
	ip -n "$node" addr add "10.29.0.$address/24" dev eth0
	ip -n "$node" link set eth0 up
	ip -n "$node" link set lo up
	address=$((address == 1 ? 11 : address + 1))
	mkdir -p "$dir/$node"
done

# node NAME: fleet.sh as that node, in its network namespace, with mount,
# UTS and PID namespaces of its own.
node() {
	ip netns exec "$1" unshare -m -u -p -f --mount-proc --propagation private \
		"$here/fleet.sh" "$pipeline" "$dir" "$lib" node "$1"
}

mkfifo "$dir/stop"
node odc-collector &
collector_pid=$!
exec 7<> "$dir/stop"	# held open until the hosts are done
rc=0
wait_for test -e "$dir/odc-collector/ready" || rc=1
pids=()
if [ $rc -eq 0 ]; then
	for name in $HOSTS; do
		node "$name" &
		pids+=($!)
	done
fi
for pid in "${pids[@]}"; do
	wait "$pid" || rc=1
done
echo stop >&7
exec 7>&-
wait "$collector_pid" || rc=1
for node in odc-collector $HOSTS; do
	[ ! -s "$dir/$node/log" ] || sed "s/^/$node: /" "$dir/$node/log" >&2
done
exit $rc
