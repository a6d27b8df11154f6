#!/bin/sh
# The guest's first process (boot.sh packs it as /init): the file systems
# a test expects, then the payload (/odc-payload, run in the build tree
# with the arguments and variables of /odc-env), its output written to
# a serial port of its own (ODC_RESULTS) between markers, which boot.sh
# reads back; the kernel's own messages keep to the console. Then the
# guest ends itself: poweroff -f hangs here, a reboot under qemu
# -no-reboot ends qemu.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
# What udev would add: bash's process substitution opens /dev/fd/N.
ln -s /proc/self/fd /dev/fd
ln -s fd/0 /dev/stdin
ln -s fd/1 /dev/stdout
ln -s fd/2 /dev/stderr
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
# (/tmp stays the initramfs's own, a tmpfs already: the tree may lie in it, as CI's copy does.)
mount -t tmpfs tmpfs /run
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t bpf bpf /sys/fs/bpf
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug
hostname odc-guest
. /odc-env
stty -F "$ODC_RESULTS" raw -echo
{
	read -r up _ < /proc/uptime
	echo "@@odc-begin $(uname -r) $up@@"
	status=0
	cd "$ODC_TREE" && /odc-payload "$@" < /dev/null || status=$?
	echo "@@odc-end $status@@"
# Closing the port waits until it has sent everything.
} > "$ODC_RESULTS" 2>&1
echo b > /proc/sysrq-trigger
