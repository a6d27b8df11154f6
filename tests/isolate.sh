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
# Not as root, where neither file exists, COMMAND runs as it is; where one
# does, nothing runs: only root can hide it, and the suites' results would
# be the machine's, not odcreat's.
set -eu
[ $# -gt 0 ] || { echo "usage: isolate.sh COMMAND [ARG...]" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ]; then
	for f in /etc/odcreat.conf /etc/ld.so.preload; do
		[ -e "$f" ] || [ -L "$f" ] || continue
		echo "isolate.sh: $f would reach the programs the tests run, and only root can hide" \
			"it from them: run the tests as root, or without $f" >&2
		exit 1
	done
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
