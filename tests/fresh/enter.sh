#!/bin/sh
# enter.sh ROOT COMMAND [ARG...]: run COMMAND as root inside ROOT, a whole
# Debian root file system, in mount and PID namespaces of its own, entered
# with pivot_root: the kernel refuses user namespaces inside a chroot, and
# the tests make some. Nothing of it shows outside; the network is shared.
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
	cd "$root"
	mkdir -p .host
	pivot_root . .host
	umount -l /.host
	rmdir /.host
	cd /
	exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
		TERM=dumb "$@"
' enter "$root" "$@"
