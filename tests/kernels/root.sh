#!/bin/sh
# root.sh [ARCH]: the guests' root for ARCH (amd64, the default, or arm64),
# a minimal Debian 12 with what the tests run in a guest need, packed as a
# cpio archive (newc) that a kernel unpacks as its initramfs; made once
# into the cache and its path printed. A change of this script makes a new
# one. The programs the tests run come from the build tree,
# packed beside it (boot.sh); the root has only Debian's.
#
# amd64's is mmdebstrap's minbase. Another architecture's packages are
# unpacked, not installed (--variant=extract): their maintainer scripts
# would need this machine to run its programs (qemu-user through
# binfmt_misc, which the machine's own settings would have to change);
# what the guests need of them is done here (the users, awk). Its root
# comes with a sysroot beside it, ROOT.sysroot/, that a cross build of the
# watcher links with (WATCH_SYSROOT): the same libbpf, libelf and zlib,
# their packages unpacked there (dpkg-deb -x), with their headers.
#
# The cache: $ODC_KERNEL_CACHE, or build/kernels under the current directory.
set -eu
arch=${1:-amd64}
# The watcher's libraries; bats and python3, which tests/watch.bats's
# callers are; strace for the --seccomp tests; bpftool, which tests/watch.bats
# asks what is attached, and which says why a kernel refuses a program.
packages=libbpf1,libelf1,zlib1g,bats,bats-support,bats-assert,python3-minimal,strace,bpftool
# Unpacked only: Debian's essential packages, what minbase adds that the
# tests use, and the libraries' development packages, for the sysroot.
unpacked='?essential,mawk,mount,procps,libbpf-dev,libelf-dev,zlib1g-dev'
sysroot_packages='libbpf-dev libbpf1 libelf-dev libelf1 zlib1g-dev zlib1g'
cache=${ODC_KERNEL_CACHE:-build/kernels}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root=$cache/root-bookworm-$arch-$(cksum < "$0" | cut -d' ' -f1).cpio
exec 9> "$cache/.root.lock"
flock 9
if [ -s "$root" ]; then
	echo "$root"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "root.sh: mmdebstrap makes the guests' root as root" >&2; exit 1; }
mirror=${ODC_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' \
	2>/dev/null | awk '$2 == "bookworm" { print $1; exit }')}
# A snapshot mirror's Release files are past their Valid-Until date, as this machine's apt may know.
valid=$(apt-config dump Acquire::Check-Valid-Until | sed -n 's/^\(Acquire::Check-Valid-Until\) \(.*\);$/\1 \2/p')
tmp=$root.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
set --	# mmdebstrap's options of this architecture: none, or the hook below
if [ "$arch" = amd64 ]; then
	variant="--variant=minbase --include=$packages"
else
	# The sysroot's packages, unpacked from apt's archive before it is emptied.
	variant="--variant=extract --architectures=$arch --include=$packages,$unpacked"
	mkdir "$tmp/sysroot"
	set -- --extract-hook="for p in $sysroot_packages; do dpkg-deb -x \"\$1\"/var/cache/apt/archives/\${p}_*.deb $tmp/sysroot; done"
fi
# No documentation, manual pages or translations: a smaller archive boots sooner.
# shellcheck disable=SC2086
mmdebstrap --quiet $variant "$@" \
	--aptopt='APT::Install-Recommends "false"' ${valid:+--aptopt="$valid"} \
	--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
	bookworm "$tmp/root" ${mirror:+"$mirror"} >&2
if [ "$arch" != amd64 ]; then
	# What base-files', base-passwd's and mawk's maintainer scripts would have made.
	mkdir -p "$tmp/root/mnt" "$tmp/root/media" "$tmp/root/opt" "$tmp/root/srv"
	cp "$tmp/root/usr/share/base-passwd/passwd.master" "$tmp/root/etc/passwd"
	cp "$tmp/root/usr/share/base-passwd/group.master" "$tmp/root/etc/group"
	ln -sf mawk "$tmp/root/usr/bin/awk"
	# What a guest never runs, which would only slow its boot (emulated, the
	# kernel unpacks some 15 MB a second): the development packages' part,
	# which the sysroot has, and what came for perl beyond perl-base.
	rm -rf "$tmp/root/usr/include" "$tmp"/root/usr/lib/*-linux-gnu/gconv \
		"$tmp"/root/usr/lib/*-linux-gnu/perl "$tmp/root/usr/share/perl"
	find "$tmp/root/usr/lib" -name '*.a' -delete
	rm -rf "${root%.cpio}.sysroot"
	mv "$tmp/sysroot" "${root%.cpio}.sysroot"
fi
(cd "$tmp/root" && find . -print0 | cpio --null --quiet -o -H newc) > "$tmp/root.cpio"
mv "$tmp/root.cpio" "$root"
echo "$root"
