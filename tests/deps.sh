#!/bin/sh
# What the test suite needs, as Debian 12 packages; with "32", "aarch64",
# "musl" or "deb", what make check32, check-aarch64, check-musl or deb needs
# instead.
# Root gets them installed; anyone else is told exactly what to install.
# (The cross compilers stand in for gcc-multilib, which conflicts with them.)
set -e
missing=""
have_command() { command -v "$1" >/dev/null 2>&1; }
need_command() { have_command "$1" || missing="$missing $2"; }
case "${1:-}" in
32)
	need_command i686-linux-gnu-gcc gcc-i686-linux-gnu
	[ -f /usr/i686-linux-gnu/lib/libc.so ] || missing="$missing libc6-dev-i386-cross"
	need_command qemu-i386 qemu-user
	need_command bats bats ;;
aarch64)
	need_command aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
	[ -f /usr/aarch64-linux-gnu/lib/libc.so ] || missing="$missing libc6-dev-arm64-cross"
	need_command qemu-aarch64 qemu-user
	need_command bats bats ;;
musl)
	need_command musl-gcc musl-tools
	need_command bats bats ;;
deb)
	# The package build itself; its Build-Depends come from debian/control.
	need_command dpkg-buildpackage dpkg-dev
	need_command dh debhelper
	need_command lintian lintian
	need_command fakeroot fakeroot
	if [ "$(id -u)" -eq 0 ] && ! dpkg-checkbuilddeps >/dev/null 2>&1; then
		echo "installing the Build-Depends of debian/control" >&2
		DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q ./ >&2 ||
			{ apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q ./ >&2; }
	fi ;;
*)
	for pair in bats:bats strace:strace valgrind:valgrind fakeroot:fakeroot \
		    eatmydata:eatmydata python3:python3 man:man-db unshare:util-linux \
		    go:golang-go; do
		need_command "${pair%%:*}" "${pair#*:}"
	done
	# gcc -static needs libc.a.
	[ -n "$(gcc -print-file-name=libc.a | grep /)" ] || missing="$missing libc6-dev" ;;
esac
if [ "${1:-}" != deb ]; then
	[ -f /usr/lib/bats/bats-support/load.bash ] || missing="$missing bats-support"
	[ -f /usr/lib/bats/bats-assert/load.bash ] || missing="$missing bats-assert"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "make check${1:+ for $1} needs:$missing. Install them with: sudo apt-get install$missing" >&2
	exit 1
fi
echo "installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# qemu-user's recommended binfmt handlers would change how foreign programs run.
install() { apt-get install -y -q ${1:+--no-install-recommends} $missing >&2; }
install "${1:-}" || { apt-get update -q >&2 && install "${1:-}"; }
