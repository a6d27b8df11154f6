#!/bin/sh
# boot.sh [-t SECONDS] [-e VAR=VALUE]... [-a DIR]... KERNEL TREE SCRIPT [ARG...]:
# SCRIPT ARG... run as root in a guest of KERNEL under qemu, in the build
# tree TREE, at the same path as here; prints what it printed (standard
# output and error) and exits with its status.
#
#   KERNEL  a name of tests/kernels/kernels.txt (5.10, arm64-6.1, ...),
#           fetched into the cache (fetch.sh), or the path of a bzImage or
#           of an AArch64 Image (Debian's arm64 vmlinuz)
#   TREE    a directory (a worktree with its build/), packed whole into the
#           guest but for .git and, in build*/, obj, go, go-cache, kernels,
#           deb and watch (the watcher's intermediates, some 50 MB that an
#           emulated kernel would unpack at 15 MB a second)
#   -e      a variable for SCRIPT
#   -a      another directory packed as TREE is (another build tree's tools)
#   -t      how long the guest may run (default 1800 s; then status 124);
#           a guest whose kernel says 8 soft lockups is stopped sooner
#
# The guest: the root of root.sh for its architecture in the cache, TREE,
# SCRIPT and init.sh as /init, one initramfs; 2 CPUs and 2 GiB. An x86-64
# kernel under qemu-system-x86_64, with KVM where this machine runs it,
# TCG elsewhere (ODC_QEMU_ACCEL=tcg or kvm to choose); an AArch64 one
# under qemu-system-aarch64's virt machine, TCG, with pointer
# authentication as qemu's own (pauth-impdef: the architected one costs
# emulation most of its time). Its payload's output comes back over a
# serial port of its own: x86-64's second, AArch64's on PCI (virt's one
# PL011 is the console, and virtio's console is a module). One guest at a time
# on a machine: each holds the lock $ODC_QEMU_LOCK (default
# /tmp/odc-qemu.lock) while it runs. Then one line on standard error:
# the kernel, its boot time (its uptime when /init began), the guest's
# whole time, the wait for the lock, and the payload's status. A guest
# that never gets to its end shows the kernel's console's last lines
# (ODC_GUEST_CONSOLE=FILE keeps it whole).
#
# The cache: $ODC_KERNEL_CACHE, or build/kernels under the current directory.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seconds=1800
envs=
trees=
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
while getopts t:e:a: opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	a) trees="$trees $(cd "$OPTARG" && pwd)" ;;
	e) envs="$envs export $(quote "$OPTARG");" ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { sed -n '2,4s/^# //p' "$0" >&2; exit 2; }
kernel=$1 tree=$(cd "$2" && pwd) script=$3
shift 3
[ -f "$script" ] || { echo "boot.sh: no script $script" >&2; exit 2; }

if [ -f "$kernel" ]; then
	vmlinuz=$kernel
	# An AArch64 Image says so at byte 56; a bzImage is x86's.
	arch=amd64
	[ "$(od -A n -c -j 56 -N 4 "$vmlinuz" | tr -d ' ')" != ARMd ] || arch=arm64
else
	arch=$(awk -v k="$kernel" '$1 == k { print $2 }' "$here/kernels.txt")
	[ -n "$arch" ] || { echo "boot.sh: no kernel $kernel in $here/kernels.txt" >&2; exit 2; }
	vmlinuz=$(sh "$here/fetch.sh" "$kernel")/vmlinuz
fi
root=$(sh "$here/root.sh" "$arch")

work=$(mktemp -d "${TMPDIR:-/tmp}/odc-guest.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/top"
cp "$here/init.sh" "$work/top/init"
cp "$script" "$work/top/odc-payload"
chmod 0755 "$work/top/init" "$work/top/odc-payload"
args=
for arg in "$@"; do args="$args $(quote "$arg")"; done
# The console, and the payload's port as the guest names it and as qemu makes it.
case $arch in
arm64) console=ttyAMA0 port=/dev/ttyS0
       results="-chardev file,id=results,path=$work/results -device pci-serial,chardev=results" ;;
*)     console=ttyS0 port=/dev/ttyS1 results="-serial file:$work/results" ;;
esac
printf '%s\nODC_TREE=%s\nODC_RESULTS=%s\nset --%s\n' "$envs" "$(quote "$tree")" "$port" "$args" > "$work/top/odc-env"
# pack DIR: DIR at its own path, the directories above it first.
pack() {
	local dir=${1#/} up=
	while [ "$dir" != "${dir%/*}" ]; do dir=${dir%/*}; up="$dir $up"; done
	(cd / && for d in $up; do printf '%s\0' "$d"; done | cpio --null --quiet -o -H newc)
	(cd / && find "${1#/}" \( -name .git -o -path '*/build*/obj' -o -path '*/build*/go' \
		-o -path '*/build*/go-cache' -o -path '*/build*/kernels' -o -path '*/build*/deb' \
		-o -path '*/build*/watch' \) -prune \
		-o -print0 | cpio --null --quiet -o -H newc)
}
{
	(cd "$work/top" && find . -mindepth 1 -print0 | cpio --null --quiet -o -H newc)
	for dir in $trees $tree; do pack "$dir"; done
} > "$work/tree.cpio"
cat "$root" "$work/tree.cpio" > "$work/initrd"
rm "$work/tree.cpio"

accel=${ODC_QEMU_ACCEL:-}
if [ -z "$accel" ]; then
	accel=tcg
	[ "$arch" = amd64 ] && [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo && accel=kvm
fi
case $arch-$accel in
amd64-kvm) machine="qemu-system-x86_64 -accel kvm -cpu host" ;;
amd64-*)   machine="qemu-system-x86_64 -accel tcg -cpu max" ;;
arm64-*)   machine="qemu-system-aarch64 -M virt -accel tcg -cpu max,pauth-impdef=on" ;;
esac
# The machine's one guest at a time: its time counts from when it has the lock.
exec 8> "${ODC_QEMU_LOCK:-/tmp/odc-qemu.lock}"
waited=$(date +%s)
flock 8
start=$(date +%s)
waited=$((start - waited))
status=0
# shellcheck disable=SC2086
timeout -k 10 "$seconds" $machine -m 2048 -smp 2 -nographic -no-reboot -monitor none \
	-kernel "$vmlinuz" -initrd "$work/initrd" -append "console=$console quiet panic=-1" \
	-serial "file:$work/console" $results < /dev/null > "$work/qemu.out" 2>&1 8>&- &
qemu=$!
# A kernel whose CPUs stay locked up does not come back (Debian's 5.10
# under emulation on a loaded host: soft lockups on both CPUs, each said
# every 20 s or so, until the time ran out): after 8 such lines, some 2
# minutes of it, the guest is stopped rather than waited for.
lockups=0
while kill -0 "$qemu" 2>/dev/null; do
	sleep 1
	lockups=$(cat "$work/console" 2>/dev/null | grep -c 'soft lockup - CPU' || true)
	[ "$lockups" -lt 8 ] || { kill "$qemu"; break; }
done
wait "$qemu" || status=$?
took=$(($(date +%s) - start))
exec 8>&-
[ -z "${ODC_GUEST_CONSOLE:-}" ] || cp "$work/console" "$ODC_GUEST_CONSOLE"
tr -d '\r' < "$work/results" > "$work/out"
begin=$(sed -n 's/^@@odc-begin \(.*\)@@$/\1/p' "$work/out")
end=$(sed -n 's/^@@odc-end \([0-9]*\)@@$/\1/p' "$work/out")
sed -n '/^@@odc-begin /,/^@@odc-end /{/^@@odc-/d;p}' "$work/out"
if [ -z "$end" ]; then
	why="qemu exited $status"
	[ "$status" -ne 124 ] || why="it ran out of its $seconds s"
	[ "$lockups" -lt 8 ] || why="its kernel's CPUs locked up: $lockups soft lockups said, stopped"
	echo "boot.sh: the guest of $kernel did not finish ($why, after ${took} s); its console's end:" >&2
	tail -n 30 "$work/console" "$work/qemu.out" >&2
	[ "$status" -eq 124 ] && exit 124
	exit 125
fi
set -- $begin
echo "boot.sh: Linux $1 ($accel): booted in $2 s, ${took} s in all (after ${waited} s for the lock), status $end" >&2
exit "$end"
