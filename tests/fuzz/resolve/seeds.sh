#!/bin/sh
# seeds.sh DIR: fuzz_resolve's seeds in DIR, real modules built here with -g
# from tests/odc_site.c and tests/odc_site_main.c, each behind the offset
# of a call site in it and fuzz_resolve's flags: DWARF 5 and 4 from gcc
# (line tables, .debug_info, .debug_rnglists and .debug_ranges), clang's
# DWARF 5 (strx and addrx forms), a program at -O0 and one at -O2 (inlined
# code), sections compressed with zlib as Debian's -dbgsym files have them,
# and 32-bit ones where i686-linux-gnu-gcc is installed.
set -e
dir=$1
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# seed NAME MODULE SYMBOL FLAGS: MODULE, behind the offset of SYMBOL's code
# and 16 (its text lies at the same offset in the file as in memory).
seed() {
	value=$(nm "$2" | awk -v s="$3" '$3 == s { print $1; exit }')
	[ -n "$value" ] || { echo "seeds.sh: no $3 in $2" >&2; exit 1; }
	python3 -c 'import struct, sys
sys.stdout.buffer.write(struct.pack("<QB", int(sys.argv[1], 16) + 16, int(sys.argv[2])))' "$value" "$4" > "$dir/$1"
	cat "$2" >> "$dir/$1"
}

src=$(dirname "$0")/../..
cc -g -O2 -fPIC -shared -o "$tmp/lib5.so" "$src/odc_site.c"
seed gcc-dwarf5.so "$tmp/lib5.so" odc_site_open 0
cc -gdwarf-4 -O2 -fPIC -shared -o "$tmp/lib4.so" "$src/odc_site.c"
seed gcc-dwarf4.so "$tmp/lib4.so" odc_site_open 0
cc -g -O2 -o "$tmp/main5" "$src/odc_site_main.c" "$src/odc_site.c" -lpthread -ldl
seed gcc-inlined "$tmp/main5" main 0
cc -gdwarf-4 -O0 -o "$tmp/main4" "$src/odc_site_main.c" "$src/odc_site.c" -lpthread -ldl
seed gcc-dwarf4-O0 "$tmp/main4" site_main 0
objcopy --compress-debug-sections=zlib "$tmp/lib5.so" "$tmp/libz.so"
seed gcc-zlib.so "$tmp/libz.so" odc_site_open 1
if command -v clang > /dev/null; then
	clang -g -O2 -fPIC -shared -o "$tmp/libclang.so" "$src/odc_site.c"
	seed clang-dwarf5.so "$tmp/libclang.so" odc_site_open 0
fi
if command -v i686-linux-gnu-gcc > /dev/null; then
	i686-linux-gnu-gcc -g -O2 -fPIC -shared -o "$tmp/lib32.so" "$src/odc_site.c"
	seed gcc-i386.so "$tmp/lib32.so" odc_site_open 0
fi
