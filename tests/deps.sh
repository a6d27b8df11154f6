#!/bin/sh
# deps.sh TARGET [CC]: what make TARGET needs, as Debian 12 packages, each
# asked for by name and installed without its Recommends, so that a name
# missing here shows at once instead of arriving by luck.
#
#   build CC   a C compiler CC and its C library's headers (every target that compiles)
#   demo       the real programs of make demo
#   check      the test suite (make check), tests/watch.bats's i386 caller and its fuzzing too
#   32, aarch64, musl   make check32, check-aarch64, check-musl
#   deb        make deb
#   fuzz       make fuzz
#   fresh      make check-fresh, check-deb-fresh
#   autopkgtest  make check-autopkgtest
#   watch      make watch (make check builds it, and make deb on amd64 and arm64)
#   kernels    make check-kernels: qemu (x86-64's and AArch64's), and what fetches Debian's kernels
#              and makes a root (make check-kernels builds AArch64's tree too: aarch64)
#
# Root gets them installed; anyone else is told exactly what to install.
# (The cross compilers stand in for gcc-multilib, which conflicts with them.)
# A package build (debian/rules sets ODC_DEPS_INSTALL=no) installs nothing:
# what is missing there is missing from Build-Depends, and is said so.
#
# deps.sh --list TARGET [CC]: every package TARGET may need, installed or
# not, one a line (tests/packaging.bats holds Build-Depends to them).
set -e
missing=""
listing=
if [ "${1:-}" = --list ]; then
	listing=1
	shift
fi
have_command() { [ -z "$listing" ] && command -v "$1" >/dev/null 2>&1; }
need() { case " $missing " in *" $1 "*) ;; *) missing="$missing $1" ;; esac; }
need_command() { have_command "$1" || need "$2"; }
need_file() { [ -z "$listing" ] && [ -e "$1" ] || need "$2"; }

# The compiler CC (its first word: a command), and the package that has it
# and the one with its C library's headers.
need_compiler() {
	cc=$1
	case "${cc%% *}" in
	cc|gcc|c99) compiler=gcc headers=libc6-dev ;;
	clang) compiler=clang headers=libc6-dev ;;
	clang-14) compiler=clang-14 headers=libc6-dev ;;
	musl-gcc) compiler=musl-tools headers=musl-dev ;;
	i686-linux-gnu-gcc) compiler=gcc-i686-linux-gnu headers=libc6-dev-i386-cross ;;
	aarch64-linux-gnu-gcc) compiler=gcc-aarch64-linux-gnu headers=libc6-dev-arm64-cross ;;
	*) have_command "${cc%% *}" && return 0
	   echo "make needs the C compiler \"$cc\", which is not installed; give another with CC=" >&2
	   exit 1 ;;
	esac
	if ! have_command "${cc%% *}"; then
		need "$compiler"
		need "$headers"
	elif ! echo '#include <stdlib.h>' | $cc -E -x c - >/dev/null 2>&1; then
		need "$headers"
	fi
}

# The compiler CC's libFuzzer and sanitizers' runtimes (clang's, in a
# package of their own), for this machine's ABI.
need_fuzzer() {
	need_compiler "$1"
	case $(uname -m) in i?86) abi=i386 ;; *) abi=$(uname -m) ;; esac
	if [ -n "$listing" ] || have_command "$1"; then
		need_file "$($1 -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-$abi.a" \
			libclang-rt-14-dev
	fi
}

case "${1:-}" in
build)
	need_compiler "${2:-cc}" ;;
demo)
	need_compiler cc
	need_command python3 python3
	need_command perl perl-base ;;
check)
	need_compiler cc
	# gcc -static needs libc.a, which libc6-dev has.
	have_command cc && [ -z "$(cc -print-file-name=libc.a | grep /)" ] && need libc6-dev
	for pair in bats:bats strace:strace valgrind:valgrind fakeroot:fakeroot \
		    eatmydata:eatmydata git:git python3:python3 man:man-db lexgrog:man-db mandoc:mandoc \
		    unshare:util-linux setpriv:util-linux go:golang-go rsyslogd:rsyslog journalctl:systemd logger:bsdutils \
		    ip:iproute2 ss:iproute2 addr2line:binutils readelf:binutils objcopy:binutils ps:procps pkill:procps \
		    cpio:cpio; do
		need_command "${pair%%:*}" "${pair#*:}"
	done
	need_file /lib/systemd/systemd-journald systemd
	# tests/fleet.bats: the hosts upload their journals to a collector.
	need_file /lib/systemd/systemd-journal-remote systemd-journal-remote
	need_file /lib/systemd/systemd-journal-upload systemd-journal-remote
	# A test runs Debian's own python3 as nobody, whom another python3 on PATH may shut out.
	need_file /usr/bin/python3 python3
	need_file /usr/lib/bats/bats-support/load.bash bats-support
	need_file /usr/lib/bats/bats-assert/load.bash bats-assert
	# tests/watch.bats's i386 caller, on x86-64.
	if [ "$(uname -m)" = x86_64 ]; then need_compiler i686-linux-gnu-gcc; fi
	need_fuzzer clang ;;
32)
	need_compiler i686-linux-gnu-gcc
	need_command qemu-i386 qemu-user
	need_command bats bats ;;
aarch64)
	need_compiler aarch64-linux-gnu-gcc
	need_command qemu-aarch64 qemu-user
	need_command bats bats ;;
musl)
	need_compiler musl-gcc
	need_command bats bats ;;
fuzz)
	need_fuzzer "${2:-clang}" ;;
fresh)
	need_command mmdebstrap mmdebstrap
	need_command git git
	need_command bats bats
	need_file /usr/lib/bats/bats-support/load.bash bats-support
	need_file /usr/lib/bats/bats-assert/load.bash bats-assert ;;
autopkgtest)
	# autopkgtest-virt-unshare maps root's subordinate ids with newuidmap.
	need_command autopkgtest autopkgtest
	need_command mmdebstrap mmdebstrap
	need_command newuidmap uidmap
	need_command bats bats
	need_file /usr/lib/bats/bats-support/load.bash bats-support
	need_file /usr/lib/bats/bats-assert/load.bash bats-assert ;;
deb)
	# The package build itself; its Build-Depends come from debian/control.
	need_command dpkg-buildpackage dpkg-dev
	need_command dh debhelper
	need_command lintian lintian
	need_command fakeroot fakeroot
	if [ -z "$listing" ] && [ "$(id -u)" -eq 0 ] && ! dpkg-checkbuilddeps >/dev/null 2>&1; then
		echo "installing the Build-Depends of debian/control" >&2
		export DEBIAN_FRONTEND=noninteractive
		apt-get build-dep -y -q -o DPkg::Lock::Timeout=600 --no-install-recommends ./ >&2 ||
			{ apt-get update -q >&2 && apt-get build-dep -y -q -o DPkg::Lock::Timeout=600 \
				--no-install-recommends ./ >&2; }
	fi ;;
watch)
	# The kernel side (clang, bpftool), and the user side (libbpf's headers
	# and the libraries it links with).
	need_compiler cc
	need_command clang clang
	need_command bpftool bpftool
	need_file /usr/include/bpf/libbpf.h libbpf-dev
	need_file /usr/include/libelf.h libelf-dev
	need_file /usr/include/zlib.h zlib1g-dev
	need_file /usr/include/linux/types.h linux-libc-dev ;;
kernels)
	need_command qemu-system-x86_64 qemu-system-x86
	need_command qemu-system-aarch64 qemu-system-arm
	# src/btf.sh, on Debian's x86-64 kernels (an lz4 bzImage), for guest.sh's check of it.
	need_command lz4 lz4
	need_command cpio cpio
	need_command mmdebstrap mmdebstrap
	need_command flock util-linux
	need_file /usr/share/keyrings/debian-archive-keyring.gpg debian-archive-keyring ;;
*)
	echo "deps.sh: unknown target \"${1:-}\"" >&2
	exit 2 ;;
esac
if [ -n "$listing" ]; then
	printf '%s\n' $missing
	exit 0
fi
[ -z "$missing" ] && exit 0
if [ "${ODC_DEPS_INSTALL:-}" = no ]; then
	echo "make $1 needs:$missing, which a package build must not install:" \
	     "add them to debian/control's Build-Depends" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "make $1 needs:$missing. Install them with:" \
	     "sudo apt-get install --no-install-recommends$missing" >&2
	exit 1
fi
echo "installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# Another apt may hold dpkg's lock (CI's stages run side by side): wait for it.
install() { apt-get install -y -q -o DPkg::Lock::Timeout=600 --no-install-recommends $missing >&2; }
install || { apt-get update -q >&2 && install; }
