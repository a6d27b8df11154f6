# private_dev.sh, sourced by tests/logd.sh and tests/fleet.sh.
# private_dev DIR: in this (private) mount namespace, /dev and /run are
# fresh tmpfs, with /dev's usual nodes bound in from the host's, which
# stays reachable under DIR/hostdev; nothing reaches the host's own.
private_dev() {
	local node
	mkdir -p "$1/hostdev"
	mount --rbind /dev "$1/hostdev"
	mount -t tmpfs -o mode=755 odc-dev /dev
	for node in null zero full random urandom tty; do
		touch "/dev/$node"
		mount --bind "$1/hostdev/$node" "/dev/$node"
	done
	ln -s /proc/self/fd /dev/fd
	ln -s fd/0 /dev/stdin
	ln -s fd/1 /dev/stdout
	ln -s fd/2 /dev/stderr
	mount -t tmpfs -o mode=755 odc-run /run
}
