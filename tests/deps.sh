#!/bin/sh
# What the test suite needs, as Debian 12 packages (with "32": what make
# check32 needs too). Root gets them installed; anyone else is told exactly
# what to install.
set -e
missing=""
have_command() { command -v "$1" >/dev/null 2>&1; }
for pair in bats:bats strace:strace valgrind:valgrind fakeroot:fakeroot \
	    eatmydata:eatmydata python3:python3 man:man-db unshare:util-linux \
	    go:golang-go; do
	have_command "${pair%%:*}" || missing="$missing ${pair#*:}"
done
[ -f /usr/lib/bats/bats-support/load.bash ] || missing="$missing bats-support"
[ -f /usr/lib/bats/bats-assert/load.bash ] || missing="$missing bats-assert"
# gcc -static needs libc.a.
[ -n "$(gcc -print-file-name=libc.a | grep /)" ] || missing="$missing libc6-dev"
if [ "${1:-}" = 32 ]; then
	[ -f /usr/lib32/crt1.o ] || missing="$missing gcc-multilib"
	have_command qemu-i386 || missing="$missing qemu-user"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "make check needs:$missing. Install them with: sudo apt-get install$missing" >&2
	exit 1
fi
echo "installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >&2 || { apt-get update -q >&2 && apt-get install -y -q $missing >&2; }
