#!/bin/sh
# enter.sh ROOT COMMAND [ARG...]: run COMMAND as root inside ROOT, a whole
# Debian root file system, in mount and PID namespaces of its own, entered
# with pivot_root: the kernel refuses user namespaces inside a chroot, and
# the tests make some. Nothing of it shows outside; the network is shared.
# CI's ODC_PAIR_LOCK (the Makefile's) is the same file inside.
set -eu
root=$(cd "$1" && pwd)
shift
cp /etc/resolv.conf "$root/etc/resolv.conf"
exec unshare --mount --pid --fork --propagation private sh -euc '
	root=$1
	shift
	mount --bind "$root" "$root"
	mount -t proc proc "$root/proc"
	mount -t sysfs sysfs "$root/sys"
	mount --rbind /dev "$root/dev"
	if [ -n "${ODC_PAIR_LOCK:-}" ]; then
		mkdir -p "$root${ODC_PAIR_LOCK%/*}"
		touch "$ODC_PAIR_LOCK" "$root$ODC_PAIR_LOCK"
		mount --bind "$ODC_PAIR_LOCK" "$root$ODC_PAIR_LOCK"
	fi
	cd "$root"
	mkdir -p .host
	pivot_root . .host
	umount -l /.host
	rmdir /.host
	cd /
	exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		TERM=dumb ${ODC_PAIR_LOCK:+ODC_PAIR_LOCK="$ODC_PAIR_LOCK"} "$@"
' enter "$root" "$@"
