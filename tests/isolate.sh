#!/bin/sh
# isolate.sh COMMAND [ARG...]: COMMAND (the test suite) where this machine's
# settings cannot reach the programs it runs: /etc/odcreat.conf would give
# them its mode and its log (a survey's log, which they would fill), and
# /etc/ld.so.preload would load libraries into every one of them (a
# survey's libodcreat.so among them). As root, COMMAND runs in a private
# mount namespace whose /etc is a copy of this one, in a tmpfs, without
# those two files: the suites then see a fresh machine's /etc, and nothing
# they write there reaches the host. (An overlay would do, but the suites
# stack overlays of /etc on it, and the kernel stacks no more than two.)
# Where no such namespace can be made (not as root; as root in a plain
# chroot, where / is no mount point whose propagation unshare can change,
# or in a container that refuses unshare), COMMAND runs as it is when
# neither file exists, since there is nothing to hide; where one does,
# nothing runs: the suites' results would be the machine's, not odcreat's.
set -eu
[ $# -gt 0 ] || { echo "usage: isolate.sh COMMAND [ARG...]" >&2; exit 2; }
settings=
for f in /etc/odcreat.conf /etc/ld.so.preload; do
	[ -e "$f" ] || [ -L "$f" ] && settings="$settings${settings:+ and }$f"
done

# Why no private mount namespace can be made here, or nothing where one can.
no_namespace() {
	[ "$(id -u)" -eq 0 ] || { echo "only root can hide it from them"; return; }
	probe=$(mktemp -d /tmp/odcreat-etc.XXXXXX)
	why=$(unshare -m --propagation private mount -t tmpfs odc-probe "$probe" 2>&1) || why=${why:-unshare failed}
	rmdir "$probe"
	[ -z "$why" ] || echo "this machine makes no private mount namespace to hide it in ($why)"
}
why=$(no_namespace)
if [ -n "$why" ]; then
	if [ -n "$settings" ]; then
		echo "isolate.sh: $settings would reach the programs the tests run, and $why:" \
			"run the tests as root where unshare -m works, or move $settings aside while they run" >&2
		exit 1
	fi
	[ "$(id -u)" -ne 0 ] || echo "isolate.sh: $why; neither /etc/odcreat.conf nor" \
		"/etc/ld.so.preload exists, so nothing is hidden: the tests run as they are" >&2
	exec "$@"
fi
etc=$(mktemp -d /tmp/odcreat-etc.XXXXXX)
trap 'rmdir "$etc"' EXIT
status=0
unshare -m --propagation private sh -euc '
	etc=$1
	shift
	mount -t tmpfs odc-etc "$etc"
	chown --reference=/etc "$etc"
	chmod --reference=/etc "$etc"
	cp -a /etc/. "$etc/"
	rm -f "$etc/odcreat.conf" "$etc/ld.so.preload"
	mount --move "$etc" /etc
	exec "$@"
' isolate "$etc" "$@" || status=$?
exit $status
