#!/bin/sh
# fetch.sh SUITE PACKAGE [ARCH]: Debian's kernel PACKAGE of SUITE (bullseye,
# bookworm, trixie) for ARCH (amd64, the default, or arm64), fetched once
# with apt-get download into the cache, and its vmlinuz and config taken
# out of it; prints the directory that holds them (vmlinuz, config,
# release), CACHE/PACKAGE. apt works on a sources list, package lists and
# an archive cache of the cache's own (apt/SUITE-ARCH/), so that the
# machine's apt is left as it was. The mirror is the one this machine's
# apt uses for Debian (or ODC_DEBIAN_MIRROR), the security archive its own.
# fetch.sh NAME: the kernel of that name in kernels.txt (arm64-6.1, say).
#
# The cache: $ODC_KERNEL_CACHE, or build/kernels under the current directory.
set -eu
if [ $# -eq 1 ]; then
	line=$(awk -v k="$1" '$1 == k { print $3, $4, $2 }' "$(dirname "$0")/kernels.txt")
	[ -n "$line" ] || { echo "fetch.sh: no kernel $1 in $(dirname "$0")/kernels.txt" >&2; exit 2; }
	# shellcheck disable=SC2086
	set -- $line
fi
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: fetch.sh SUITE PACKAGE [ARCH], or fetch.sh NAME" >&2; exit 2; }
suite=$1 pkg=$2 arch=${3:-amd64}
cache=${ODC_KERNEL_CACHE:-build/kernels}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
out=$cache/$pkg
# Two builds that share the cache fetch each kernel once.
exec 9> "$cache/.fetch.lock"
flock 9
if [ -s "$out/vmlinuz" ] && [ -s "$out/release" ]; then
	echo "$out"
	exit 0
fi

# The Debian mirror this machine's apt reads bookworm from, as make check-fresh does.
mirror=${ODC_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' \
	2>/dev/null | awk '$2 == "bookworm" { print $1; exit }')}
mirror=${mirror:-http://deb.debian.org/debian/}
security=${ODC_DEBIAN_SECURITY:-${mirror%/debian/}/debian-security/}
apt=$cache/apt/$suite-$arch
mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/archives/partial"
cat > "$apt/sources.list.d/$suite.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
private_apt() {
	"$@" -q -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$apt/sources.list.d" \
		-o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt" -o Dir::Cache::archives="$apt/archives" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o APT::Architectures="$arch" -o Acquire::Languages=none -o APT::Sandbox::User=root
}
private_apt apt-get update >&2
# An exact name: apt reads a name with * or . in it as a pattern too, and would fetch every match.
private_apt apt-cache show --no-all-versions "$pkg" > /dev/null || {
	echo "fetch.sh: $suite has no package $pkg; its cloud kernels now:" >&2
	private_apt apt-cache search --names-only "^linux-image-[0-9].*-cloud-$arch\$" | cut -d' ' -f1 | sort -V >&2
	exit 1
}
rm -rf "$out.new" && mkdir -p "$out.new"
(cd "$out.new" && private_apt apt-get download "$pkg=$(private_apt apt-cache policy "$pkg" |
	sed -n 's/^ *Candidate: //p')" >&2)
deb=$(ls "$out.new"/*.deb)
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$out.new" --wildcards './boot/vmlinuz-*' './boot/config-*'
mv "$out.new"/boot/vmlinuz-* "$out.new/vmlinuz"
release=$(ls "$out.new/boot")
mv "$out.new/boot/$release" "$out.new/config"
echo "${release#config-}" > "$out.new/release"
rm -rf "$out.new/boot" "$deb"
rm -rf "$out"
mv "$out.new" "$out"
echo "$out"
