# Shared by the bats files: paths, the bats libraries, and the table runner.

# The programs under test must meet a fresh machine's settings, never this
# one's: /etc/odcreat.conf would give them its mode and its log, and
# /etc/ld.so.preload its libraries (tests/isolate.sh, through which make
# runs the suites, hides both). Where either is there, every test fails.
for odc_setting in /etc/odcreat.conf /etc/ld.so.preload; do
	if [ -e "$odc_setting" ] || [ -L "$odc_setting" ]; then
		echo "$odc_setting would reach the programs under test: run the suites through" \
			"tests/isolate.sh, as make check does" >&2
		return 1
	fi
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# make check SANITIZE=1 and make check32 test their own build directories.
BUILD="$ROOT/${ODC_BUILD:-build}"
SHIM="$BUILD/libodcreat.so"
ODCREAT="$BUILD/odcreat"
# make check-installed: the installed library and command, under that prefix.
if [ -n "${ODC_INSTALLED:-}" ]; then
	SHIM="$ODC_INSTALLED/$(sed -n 2p "$BUILD/abi")/odcreat/libodcreat.so"
	ODCREAT="$ODC_INSTALLED/bin/odcreat"
fi
ODC_CALL="$BUILD/tests/odc_call"
# The PREFIX the build was made for (the last word of its config), where
# the command looks for what make install puts there: /usr in a package build.
ODC_PREFIX=$(awk '{ print $NF }' "$BUILD/config" 2>/dev/null)
ODC_PREFIX=${ODC_PREFIX:-/usr/local}
# Builds for another ABI or libc (make check32, check-aarch64, check-musl)
# set ODC_RUN to what runs their programs (qemu-user with that ABI's
# libraries, or nothing), and ODC_ENTRIES to the entry points that their
# libc and emulator have.
ODC_RUN=${ODC_RUN:-}
ENTRIES=${ODC_ENTRIES:-open open64 openat openat64 openat2 sys_open sys_openat sys_openat2}
# An emulator may lack a system call the ABI has (qemu 7.2 has no openat2):
# then the entry points that make it are left out, saying so.
NO_OPENAT2=
if [ -n "$ODC_RUN" ] && [[ $($ODC_RUN "$ODC_CALL" sys_openat2 / directory 2>&1) == ENOSYS* ]]; then
	NO_OPENAT2="openat2 sys_openat2"
fi
# The modes, as the command lists them: ALL_MODES, and MODES, those that
# reproduce a system (all but native), which are tests/table.txt's columns.
ALL_MODES=$($ODC_RUN "$ODCREAT" --list-modes 2>/dev/null | awk '{ print $1 }' | tr '\n' ' ')
ALL_MODES=${ALL_MODES% }
MODES=${ALL_MODES% native}
# The Go helper's (tests/go/odc_call.go), built with every native make check.
GO_ENTRIES="go_open go_openat go_openfile"

# With RUNNER=seccomp, the helpers below run CMD under odcreat --seccomp
# instead of preloading the shim.
under_seccomp() {
	local mode=$1
	shift
	"$ODCREAT" --seccomp -m "$mode" -- "$@"
}

# shim MODE CMD...: CMD with the shim preloaded in MODE ("none": without it),
# or with SHIM_RUNNER set, run by that function as "$SHIM_RUNNER MODE CMD...".
shim() {
	local mode=$1
	shift
	if [ "$mode" = none ]; then
		$ODC_RUN "$@"
	elif [ -n "${SHIM_RUNNER:-}" ]; then
		"$SHIM_RUNNER" "$mode" "$@"
	elif [ "${RUNNER:-}" = seccomp ]; then
		under_seccomp "$mode" "$@"
	elif [ -n "$ODC_RUN" ]; then
		$ODC_RUN -E LD_PRELOAD="$SHIM" -E ODCREAT_MODE="$mode" "$@"
	else
		ODCREAT_MODE=$mode LD_PRELOAD="$SHIM" "$@"
	fi
}

# needs_root WHY: skip, saying why, unless the suite runs as root (as CI
# does; a package build need not).
needs_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root: $*"
}

# needs_ns KIND...: skip, saying why, where this machine will not make a
# namespace of each KIND (mount, user, pid, net) that the test makes with
# unshare: a plain chroot has no mount point at / whose propagation unshare
# can make private, and the kernel gives no user namespace to a chrooted
# process; a container may refuse unshare(2) altogether. unshare's own
# words go to the test's output.
needs_ns() {
	local kind why
	for kind in "$@"; do
		case $kind in
		mount) why=$(unshare -m --propagation private true 2>&1) ;;
		user)  why=$(unshare -U true 2>&1) ;;
		pid)   why=$(unshare -p -f true 2>&1) ;;
		net)   why=$(unshare -n true 2>&1) ;;
		*)     echo "needs_ns: unknown kind $kind"; return 1 ;;
		esac || {
			echo "# unshare ($kind): ${why:-failed}" >&3
			skip "no $kind namespace here (unshare refuses it: a chroot or a container)"
		}
	done
}

# survey_abis: the libraries odcreat survey start needs here besides this
# build's (src/cmd/survey/library.c checks each ABI whose programs run):
# where i386 programs run (Debian's libc6-i386 on x86-64), the i386 one,
# build32's, which make check builds where their loader is. I386_SHIM is
# it and I386_SUB its directory under a prefix (both empty where no i386
# program runs); CHECKED, the ABIs start says the library loads in.
survey_abis() {
	CHECKED=$(sed -n 2p "$BUILD/abi")
	CHECKED=${CHECKED##*/}
	I386_SHIM= I386_SUB=
	[ "$(uname -m)" = x86_64 ] && { [ -e /lib/i386-linux-gnu/libc.so.6 ] || [ -e /lib32/libc.so.6 ]; } &&
		/lib/ld-linux.so.2 --version > /dev/null 2>&1 || return 0
	[ -f "$ROOT/build32/libodcreat.so" ] ||
		skip "i386 programs run here, and the i386 library is not built (make M32=1; make check builds it)"
	I386_SHIM=$ROOT/build32/libodcreat.so
	I386_SUB=$(sed -n 2p "$ROOT/build32/abi")
	CHECKED+=", i386"
}

# unwrapped [stderr]: after run, each line that odcreat folded at 80
# columns (odc_say.h: continued on lines indented four columns deeper than
# it starts) joined again, in $output and $lines (or, named,
# in $stderr and $stderr_lines); fails where a line is wider.
unwrapped() {
	local name=${1:-output} wide text
	text=${!name}
	wide=$(awk 'length > 80' <<< "$text")
	[ -z "$wide" ] || { echo "wider than 80 columns: $wide"; return 1; }
	text=$(awk 'NR > 1 && match($0, /[^ ]/) == first + 5 { line = line " " substr($0, RSTART); next }
		NR > 1 { print line } { line = $0; first = match($0, /[^ ]/) - 1 } END { if (NR) print line }' <<< "$text")
	printf -v "$name" '%s' "$text"
	if [ "$name" = output ]; then
		mapfile -t lines <<< "$text"
	else
		mapfile -t "${name}_lines" <<< "$text"
	fi
}

# own_make ARG...: make ARG... in the tree under test as a person runs it
# there, but into build directories of the test's own ($BATS_TEST_TMPDIR/
# build, and build32 with M32=1), so that the build under test keeps its
# PREFIX; and nothing of the make that runs the suites reaches it (a
# package build's PREFIX=/usr and UNITDIR=/lib/systemd/system ride in
# MAKEFLAGS). Quiet.
own_make() {
	local own=$BATS_TEST_TMPDIR/build build=$BATS_TEST_TMPDIR/build
	[[ " $* " != *" M32=1 "* ]] || build=${own}32
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
		make -C "$ROOT" -s BUILD="$build" MAIN_BUILD="$own" "$@"
}

# Runs as an unprivileged user cannot reach the build tree when the clone
# lies in a directory only root may enter (root's home, a mktemp -d
# folder). nobody_copies copies the build's programs and library into a
# directory that anyone may enter, removed after the test, and points NB at
# it: "$NB/odcreat", "$NB/libodcreat.so", "$NB/tests/odc_call" and so on.
nobody_copies() {
	local sub
	needs_root "runs as the user nobody"
	sub=$(sed -n 2p "$BUILD/abi")
	NB=$(mktemp -d /tmp/odcreat-nobody.XXXXXX)
	mkdir -p "$NB/tests" "$NB/${sub:-lib}/odcreat"
	cp "$BUILD/odcreat" "$BUILD/libodcreat.so" "$NB/"
	# Where odcreat looks for it, as in the build tree.
	cp "$BUILD/libodcreat.so" "$NB/${sub:-lib}/odcreat/"
	find "$BUILD/tests" -maxdepth 1 -type f -exec cp {} "$NB/tests/" \;
	chmod -R a+rX "$NB"
}

teardown() {
	[ -z "${NB:-}" ] || rm -rf "$NB"
}

# as_nobody CMD...: CMD as the user nobody, with no groups.
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

load /usr/lib/bats/bats-support/load.bash
load /usr/lib/bats/bats-assert/load.bash

# A fresh, empty directory for one case; its path is left in $SCRATCH.
new_scratch() {
	CASES=$((${CASES:-0} + 1))
	SCRATCH="$BATS_TEST_TMPDIR/case.$CASES"
	mkdir "$SCRATCH"
}

# make_state STATE: build STATE in the current directory; sets $STATE_PATH, the path to open.
make_state() {
	STATE_PATH=p
	case "$1" in
	missing)   ;;
	dir)       mkdir p ;;
	file)      printf data > p ;;
	link-dir)  mkdir t && ln -s t p ;;
	link-file) printf data > t && ln -s t p ;;
	# Another user's (uid 1), in a sticky, world-writable directory.
	sticky-dir)      chmod 1777 . && mkdir p && chown 1 p ;;
	sticky-link-dir) chmod 1777 . && mkdir t && chown 1 t && ln -s t p ;;
	dangling)  ln -s t p ;;
	slash)     STATE_PATH=p/ ;;
	noparent)  STATE_PATH=a/p ;;
	*)         echo "unknown state $1" >&2; return 1 ;;
	esac
}

# run_case MODE ENTRY STATE FLAGS: sets $OUT to the helper's line for one call
# under the shim (MODE "none": without it). A changed errno on success shows.
run_case() {
	local mode=$1 entry=$2 state=$3 flags=$4 rc
	new_scratch
	cd "$SCRATCH" || return 1
	make_state "$state" || return 1
	OUT=$(shim "$mode" "$ODC_CALL" "$entry" "$STATE_PATH" "$flags" 2>&1)
	rc=$?
	cd "$BATS_TEST_TMPDIR" || return 1
	[ $rc -eq 3 ] && OUT="$OUT (errno changed on success)"
	return 0
}

# trim VAR: strip the blanks around the value of the variable named VAR.
trim() {
	local -n ref=$1
	ref=${ref#"${ref%%[![:space:]]*}"}
	ref=${ref%"${ref##*[![:space:]]}"}
}

# The modes of tests/table.txt's columns, as its header names them.
table_modes() {
	sed -n 's/^# flags *|[^|]*|//p' "$ROOT/tests/table.txt" | tr -d ' ' | tr '|' ' '
}

# check_table ENTRY FLAGS: every row of table.txt for FLAGS, in every mode.
check_table() {
	local entry=$1 want_flags=$2 line flags state mode expected i failed=0 rows=0
	[[ " $ENTRIES $GO_ENTRIES " == *" $entry "* ]] || skip "$entry: not in this build's libc"
	[[ " $NO_OPENAT2 " != *" $entry "* ]] || skip "$entry: this build's emulator has no openat2"
	local -a cells modes=($(table_modes))
	while IFS= read -r line; do
		case "$line" in '#'*|'') continue ;; esac
		IFS='|' read -r -a cells <<< "$line"
		flags=${cells[0]}; trim flags
		[ "$flags" = "$want_flags" ] || continue
		state=${cells[1]}; trim state
		if [[ $state == sticky* ]] && [ "$(id -u)" -ne 0 ]; then
			echo "# $entry $want_flags $state: left out, needs root (chown)" >&3
			continue
		fi
		rows=$((rows + 1))
		for i in "${!modes[@]}"; do
			mode=${modes[$i]}
			expected=${cells[$((i + 2))]}; trim expected
			run_case "$mode" "$entry" "$state" "$want_flags"
			if [ "$OUT" != "$expected" ]; then
				echo "$entry $want_flags $state $mode: expected '$expected', got '$OUT'"
				failed=1
			fi
		done
	done < "$ROOT/tests/table.txt"
	[ $rows -gt 0 ] || { echo "no rows for $want_flags"; return 1; }
	return $failed
}

# check_lowest ENTRY: open(2)'s example of the lowest descriptor, made
# with the pair through ENTRY, in every mode that gives a descriptor here
# (mkdir making the name, then finding it; freebsd finding it), with
# every descriptor from 3 up free, then with standard input closed too.
check_lowest() {
	local entry=$1 mode out failed=0
	[[ " $ENTRIES " == *" $entry "* ]] || skip "$entry: not in this build's libc"
	[[ " $NO_OPENAT2 " != *" $entry "* ]] || skip "$entry: this build's emulator has no openat2"
	for mode in mkdir freebsd; do
		new_scratch
		cd "$SCRATCH" || return 1
		[ "$mode" = mkdir ] || mkdir d
		out=$(shim "$mode" "$ODC_CALL" -S "$entry" d creat,directory 2>&1)
		[ "$out" = "3 4 3 5" ] || { echo "$entry $mode: expected '3 4 3 5', got '$out'"; failed=1; }
		[ -d d ] || { echo "$entry $mode: no directory d"; failed=1; }
		rm -rf d
		[ "$mode" = mkdir ] || mkdir d
		out=$(shim "$mode" "$ODC_CALL" -Z "$entry" d creat,directory 2>&1)
		[ "$out" = "0 3 0 4" ] || { echo "$entry $mode, stdin closed: expected '0 3 0 4', got '$out'"; failed=1; }
		cd "$BATS_TEST_TMPDIR" || return 1
	done
	return $failed
}

# check_whole_table ENTRY: check_table for every set of flags in table.txt.
check_whole_table() {
	local flags failed=0
	for flags in $(grep -v '^#' "$ROOT/tests/table.txt" | cut -d'|' -f1 | sort -u); do
		check_table "$1" "$flags" || failed=1
	done
	return $failed
}

# times WORD N: WORD repeated N times, comma-separated.
times() {
	local out="" i
	for ((i = 0; i < $2; i++)); do out+="${out:+,}$1"; done
	echo "$out"
}

# What N racers on one missing name must see, in MODE, with or without O_EXCL.
race_expect() {
	local mode=$1 excl=$2 n=$3
	case "$mode/$excl" in
	einval/*)        echo "fds=0 inodes=0 errors=$(times EINVAL "$n")" ;;
	freebsd/no)      echo "fds=0 inodes=0 errors=$(times ENOENT "$n")" ;;
	freebsd/yes)     echo "fds=0 inodes=0 errors=$(times EINVAL "$n")" ;;
	mkdir/no)        echo "fds=$n inodes=1 errors=none" ;;
	mkdir/yes)       echo "fds=1 inodes=1 errors=$(times EEXIST $((n - 1)))" ;;
	legacy/no)       echo "fds=1 inodes=1 errors=$(times ENOTDIR $((n - 1)))" ;;
	legacy/yes)      echo "fds=1 inodes=1 errors=$(times EEXIST $((n - 1)))" ;;
	linux-5.7/no)    echo "fds=0 inodes=0 errors=$(times ENOTDIR "$n")" ;;
	linux-5.7/yes)   echo "fds=0 inodes=0 errors=$(times EEXIST $((n - 1))),ENOTDIR" ;;
	esac
}

# What the race leaves at the name: only linux-5.7 leaves a stray file.
race_disk() {
	case "$1" in
	einval|freebsd) echo "" ;;
	mkdir)          echo "d" ;;
	*)              echo "f" ;;
	esac
}

check_race() {
	local how=$1 n=$2 mode excl flags round name
	for mode in $MODES; do
		for excl in no yes; do
			flags=creat,directory
			[ $excl = yes ] && flags+=,excl
			for round in 1 2 3 4 5; do
				name="$mode-$excl-$round"
				run shim "$mode" "$ODC_CALL" "$how" "$n" open "$name" "$flags"
				assert_output "$(race_expect "$mode" $excl "$n")"
				run find . -name "$name" -printf '%y'
				assert_output "$(race_disk "$mode")"
			done
		done
	done
}

# What the call on one missing name gives in MODE (odc_stress): the first
# call's outcome, and every outcome many calls on that name see.
stress_once() {
	case "$1" in
	einval)    echo EINVAL ;;
	freebsd)   echo ENOENT ;;
	mkdir)     echo fd:dir ;;
	legacy)    echo fd:file ;;
	linux-5.7) echo ENOTDIR ;;
	esac
}

stress_again() {
	case "$1" in
	legacy) echo fd:file,ENOTDIR ;;
	*)      stress_once "$1" ;;
	esac
}
