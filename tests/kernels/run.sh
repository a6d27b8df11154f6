#!/bin/bash
# run.sh all|ci KERNEL...: guest.sh on each KERNEL, a name of kernels.txt
# booted under qemu (boot.sh) or "host", the running kernel, through
# tests/isolate.sh; their lines as one TAP stream, numbered, each named
# by its kernel, a boot's own line last ("booted ... in N s"), the plan
# last. A guest that does not finish is a failure of its own.
# Run by make check-kernels and check-kernels-ci, in the source tree;
# ODC_TREE=DIR runs another build tree's build and tests (guest.sh and
# odc_table from this one: the other need not have them). Each guest runs
# its architecture's build tree: x86-64's ODC_BUILD (default build),
# AArch64's ODC_BUILD_ARM64 (default build-aarch64). Each is given the BTF
# that src/btf.sh cuts out of its kernel's image, which guest.sh holds to
# the kernel's own.
# Time: each boot may take ODC_GUEST_SECONDS (1500), and all of them
# together ODC_KERNELS_SECONDS (unbounded where unset; make check-kernels-ci
# sets both, within CI's stage limit): a guest with less than 2 minutes
# left is not booted, and fails saying so, and a failed one is booted once
# more only where that much is left.
set -u
set=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
own=$(cd "$here/../.." && pwd)
tree=$(cd "${ODC_TREE:-.}" && pwd)
# Downloads go to this tree's build, never another's.
export ODC_KERNEL_CACHE=${ODC_KERNEL_CACHE:-$own/${ODC_BUILD:-build}/kernels}
cd "$tree" || exit 2
n=0
failed=0
guest_seconds=${ODC_GUEST_SECONDS:-1500}
budget=${ODC_KERNELS_SECONDS:-}

# left: the seconds the next boot may take (0: too few to boot).
left() {
	local l=$guest_seconds
	if [ -n "$budget" ] && [ $((budget - SECONDS)) -lt "$l" ]; then
		l=$((budget - SECONDS))
	fi
	[ "$l" -ge 120 ] || l=0
	echo "$l"
}

# The pair's meaning on Linux RELEASE (README: 5.7 to 6.3 create a file and
# fail, 6.4 and 6.1.30 on refuse; older ones create it and succeed).
meaning_of() {
	local IFS=.- major minor patch
	read -r major minor patch _ <<< "$1"
	if ((major > 6 || (major == 6 && minor >= 4) || (major == 6 && minor == 1 && patch >= 30))); then
		echo einval
	elif ((major > 5 || (major == 5 && minor >= 7))); then
		echo linux-5.7
	else
		echo legacy
	fi
}

# tap NAME: the unnumbered or bats-numbered TAP of standard input, numbered here, named NAME.
tap() {
	local line re='^(not )?ok( [0-9]+)?( -)? (.*)$'
	while IFS= read -r line; do
		if [[ $line =~ $re ]]; then
			n=$((n + 1))
			[ -z "${BASH_REMATCH[1]}" ] || failed=$((failed + 1))
			echo "${BASH_REMATCH[1]}ok $n $1: ${BASH_REMATCH[4]}"
		elif [[ $line == '#'* ]]; then
			echo "$line"
		elif [ -n "$line" ]; then
			echo "# $line"
		fi
	done
}

# boot KERNEL MEANING LOG BUILD BTF SECONDS: guest.sh in KERNEL's guest,
# with the build tree BUILD and the BTF file BTF, for SECONDS at most, its
# output in LOG.out, boot.sh's own line in LOG, its status in LOG.status;
# the way the watcher must watch the calls there is $calls.
boot() {
	local others=
	[ "$own" = "$tree" ] || others="-a $own"
	# shellcheck disable=SC2086
	bash "$here/boot.sh" -t "$6" -e "ODC_BUILD=$4" -e "ODC_TABLE=$own/$4/tests/odc_table" \
		-e "ODC_KERNEL_BTF=$5" -e "ODC_WATCH_CALLS=$calls" -a "${5%/*}" $others \
		"$1" "$tree" "$here/guest.sh" "$2" "$set" > "$3.out" 2> "$3"
	echo $? > "$3.status"
}

for kernel in "$@"; do
	if [ "$kernel" = host ]; then
		# Debian's release names its ABI (6.1.0-57); its version says the upstream one.
		release=$(uname -v | sed -n 's/.* Debian \([0-9][0-9.]*\)-.*/\1/p')
		meaning=$(meaning_of "${release:-$(uname -r)}")
		tap "host $(uname -r)" < <(ODC_TABLE=$own/${ODC_BUILD:-build}/tests/odc_table \
			sh tests/isolate.sh bash "$here/guest.sh" "$meaning" "$set" 2>&1)
		continue
	fi
	read -r arch meaning calls <<< "$(awk -v k="$kernel" '$1 == k { print $2, $5, $6 }' "$here/kernels.txt")"
	[ -n "$meaning" ] || { echo "run.sh: no kernel $kernel in $here/kernels.txt" >&2; exit 2; }
	seconds=$(left)
	if [ "$seconds" -eq 0 ]; then
		n=$((n + 1))
		echo "not ok $n $kernel: not booted: the guests' $budget s (ODC_KERNELS_SECONDS) are spent"
		failed=$((failed + 1))
		continue
	fi
	build=${ODC_BUILD:-build}
	[ "$arch" = amd64 ] || build=${ODC_BUILD_ARM64:-build-aarch64}
	btf=$(mktemp -d)/vmlinux.btf
	# (Where it cuts none, the guest says so.)
	sh "$own/src/btf.sh" "$(sh "$here/fetch.sh" "$kernel")/vmlinuz" > "$btf" || true
	log=$(mktemp)
	# A guest under emulation once in a while goes quiet, its kernel or a
	# test stuck (seen on 5.10 under a loaded host): one that fails is
	# booted once more, and what the first boot said is kept, as comments.
	boot "$kernel" "$meaning" "$log" "$build" "$btf" "$seconds"
	if { [ "$(cat "$log.status")" -ne 0 ] || grep -q '^not ok' "$log.out"; } && seconds=$(left) &&
	   [ "$seconds" -gt 0 ]; then
		echo "# $kernel: the first boot failed (boot.sh exited $(cat "$log.status")); booted once more. The first said:"
		grep -A12 '^not ok' "$log.out" | head -60 | sed 's/^/#   /'
		sed 's/^/#   /' "$log"
		boot "$kernel" "$meaning" "$log" "$build" "$btf" "$seconds"
	fi
	tap "$kernel" < "$log.out"
	status=$(cat "$log.status")
	n=$((n + 1))
	if [ "$status" -eq 0 ] && grep -q '^boot.sh: Linux .*: booted in ' "$log"; then
		echo "ok $n $kernel: $(sed -n 's/^boot.sh: \(.*\), status [0-9]*$/\1/p' "$log")"
	else
		echo "not ok $n $kernel: the guest ran guest.sh to its end (boot.sh exited $status)"
		failed=$((failed + 1))
		sed 's/^/# /' "$log"
	fi
	rm -f "$log" "$log.status" "$log.out"
	rm -r "${btf%/*}"
done
echo "1..$n"
echo "# $n checks, $failed failed"
[ "$failed" -eq 0 ]
