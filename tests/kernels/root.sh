#!/bin/sh
# root.sh: the guests' root, a minimal Debian 12 (mmdebstrap --variant=minbase)
# with what the tests run in a guest need, packed as a cpio archive (newc)
# that a kernel unpacks as its initramfs; made once into the cache and
# its path printed. A change of the package list below makes a new one.
# The programs the tests run come from the build tree, packed beside it
# (boot.sh); the root has only Debian's.
#
# The cache: $ODC_KERNEL_CACHE, or build/kernels under the current directory.
set -eu
# The watcher's libraries; bats and python3, which tests/watch.bats's
# callers are; strace for the --seccomp tests; bpftool, which tests/watch.bats
# asks what is attached, and which says why a kernel refuses a program.
packages=libbpf1,libelf1,zlib1g,bats,bats-support,bats-assert,python3-minimal,strace,bpftool
cache=${ODC_KERNEL_CACHE:-build/kernels}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root=$cache/root-bookworm-$(echo "$packages" | cksum | cut -d' ' -f1).cpio
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
# No documentation, manual pages or translations: a smaller archive boots sooner.
mmdebstrap --quiet --variant=minbase --include="$packages" \
	--aptopt='APT::Install-Recommends "false"' ${valid:+--aptopt="$valid"} \
	--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
	bookworm "$tmp/root" ${mirror:+"$mirror"} >&2
(cd "$tmp/root" && find . -print0 | cpio --null --quiet -o -H newc) > "$tmp/root.cpio"
mv "$tmp/root.cpio" "$root"
echo "$root"
