#!/bin/sh
# abi.sh CC PROBE [HOW]: how this machine runs the programs that CC builds,
# and where their loader looks when LD_PRELOAD says $LIB. Two lines:
#   1. the command that runs them: nothing when this machine runs the ABI
#      itself, else qemu-user, with the cross toolchain's libraries (-L
#      /usr/TRIPLET) unless the machine has that ABI's own installed;
#   2. the directory, under a prefix, for that ABI's library: the loader's
#      own expansion of $LIB (ld.so --list-diagnostics, glibc 2.33), or else
#      the compiler's multiarch name; nothing for a loader that expands no
#      $LIB (musl's).
# PROBE is a scratch file for a test program. Line 1 is chosen as above
# unless the environment asks otherwise, ODC_I386 for i386 and ODC_AARCH64
# for AArch64: "qemu" takes qemu-user even where the machine runs the ABI
# itself, so that every machine can test the emulated path; "native" takes
# the machine itself, and fails with status 3 where it refuses the ABI's
# programs.
set -eu
cc=$1 probe=$2

echo 'int main(void) { return 0; }' | $cc -x c -o "$probe" -
interp=$(readelf -l "$probe" | sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
triplet=$($cc -dumpmachine)
case $triplet in
i?86-*)    qemu=qemu-i386 how=${ODC_I386:-auto} knob=ODC_I386 ;;
aarch64-*) qemu=qemu-aarch64 how=${ODC_AARCH64:-auto} knob=ODC_AARCH64 ;;
*)         qemu=qemu-${triplet%%-*} how=auto knob= ;;
esac
case $how in
auto|qemu|native) ;;
*) echo "$knob=$how: say auto, qemu or native" >&2; exit 2 ;;
esac

if [ "$how" != qemu ] && "$probe" 2>/dev/null; then
	run= loader=$interp
elif [ "$how" = native ]; then
	echo "$knob=native: this machine does not run $triplet programs itself; say qemu, or auto" >&2
	exit 3
elif [ -e "$interp" ]; then
	run=$qemu loader=$interp
else
	run="$qemu -L /usr/$triplet" loader=/usr/$triplet$interp
fi
echo "$run"

case $interp in
*ld-musl*) echo; exit 0 ;;
esac
subdir=$($run "$loader" --list-diagnostics 2>/dev/null | sed -n 's/^dl_dst_lib="\(.*\)"$/\1/p')
if [ -z "$subdir" ]; then
	multiarch=$($cc -print-multiarch 2>/dev/null || true)
	subdir=lib${multiarch:+/$multiarch}
fi
echo "$subdir"
