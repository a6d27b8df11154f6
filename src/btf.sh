#!/bin/sh
# btf.sh FILE: the kernel's BTF (what its /sys/kernel/btf/vmlinux reads),
# on standard output, from FILE: that BTF itself, or the kernel's image,
# which holds it (its .BTF section is loaded with the kernel): a vmlinux,
# an AArch64 Image (Debian's arm64 vmlinuz), or an image whose kernel is
# compressed, whole (gzip) or inside a boot stub (x86's bzImage: gzip, xz,
# zstd or lz4). So a cross build of the watcher takes the target kernel's
# BTF from its package, with no boot (src/watch/watch.mk: VMLINUX_BTF).
#
# BTF's header (include/uapi/linux/btf.h, little-endian here: x86-64 and
# AArch64): magic 0xeB9F, version 1, flags 0, its own length (24), then
# where the types and the strings lie after it, and their lengths. The
# first such header whose types start at 0 and whose strings follow them
# is the kernel's; its length is the header's and the strings' end.
set -eu
[ $# -eq 1 ] || { echo "usage: btf.sh FILE" >&2; exit 2; }
file=$1
[ -r "$file" ] || { echo "btf.sh: cannot read $file" >&2; exit 1; }
export LC_ALL=C
magic='\x9f\xeb\x01\x00\x18\x00\x00\x00'

# u32 FILE OFFSET: the little-endian 32-bit number at OFFSET.
u32() { od -A n -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }

# cut IMAGE: the BTF it holds, on standard output; status 1 where none.
cut_btf() {
	local at types types_len strings strings_len
	for at in $(grep -obUaP "$magic" "$1" | cut -d: -f1); do
		types=$(u32 "$1" $((at + 8)))
		types_len=$(u32 "$1" $((at + 12)))
		strings=$(u32 "$1" $((at + 16)))
		strings_len=$(u32 "$1" $((at + 20)))
		if [ "$types" -eq 0 ] && [ "$strings" -eq "$types_len" ] && [ "$strings_len" -gt 0 ]; then
			tail -c +$((at + 1)) "$1" | head -c $((24 + strings + strings_len))
			return 0
		fi
	done
	return 1
}

if [ "$(head -c 3 "$file" | od -A n -t x1 | tr -d ' ')" = 9feb01 ]; then
	cat "$file"
	exit 0
fi
cut_btf "$file" && exit 0
# A compressed kernel: each place a compressor's magic number starts, tried in turn.
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for format in '\x1f\x8b\x08 gzip' '\xfd7zXZ\x00 xz' '\x28\xb5\x2f\xfd zstd' '\x02\x21\x4c\x18 lz4'; do
	tool=${format#* }
	command -v "$tool" > /dev/null || continue
	for at in $(grep -obUaP "${format% *}" "$file" | cut -d: -f1); do
		# (What follows the kernel's stream makes the tool complain, not stop short.)
		tail -c +$((at + 1)) "$file" | "$tool" -dc > "$tmp" 2> /dev/null || true
		cut_btf "$tmp" && exit 0
	done
done
echo "btf.sh: $file holds no BTF (a kernel built without CONFIG_DEBUG_INFO_BTF?)" >&2
exit 1
