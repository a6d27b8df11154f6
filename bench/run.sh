#!/usr/bin/env bash
# The odcreat benchmark suite: `make bench` runs it with no arguments and
# prints every table. Each figure names the command that reproduces it:
#
#   bash bench/run.sh                       everything
#   bash bench/run.sh fast [COND [CALL...]] fast path, callgrind
#   bash bench/run.sh startup [COND...]     start-up of /bin/true, callgrind
#   bash bench/run.sh wall [tar|spawn]      wall clock on real work
#   bash bench/run.sh slow [MODE...]        system calls of the combined call, strace
#   bash bench/run.sh time                  one einval call against the kernel's EINVAL
#   bash bench/run.sh seccomp [tar|spawn|true|calls]  odcreat --seccomp: wall clock; round trips against the floor
#
# COND is none, empty, odcreat or eatmydata. Run from anywhere; it works in
# the repository and expects `make bench` (or the bench/bench.mk targets) to
# have built $BUILD/bench/ (BUILD defaults to build). As root it installs
# what it needs with apt-get; otherwise it names the packages.
#
# Tunables (environment): BENCH_N (fast-path calls, 1000), BENCH_FILES (tar
# members, 3000; BENCH_SECCOMP_FILES for section 5, 20000), BENCH_SPAWNS (process starts, 2000), BENCH_RUNS_TAR (11),
# BENCH_RUNS_SPAWN (7), BENCH_LOOP (einval timing loop, 100000), BENCH_TMPDIR
# (where the tar is extracted; default /dev/shm, a tmpfs, else TMPDIR or /tmp);
# section 5's round trips: BENCH_SECCOMP_LOOP (calls per batch, 10000),
# BENCH_SECCOMP_ROUNDS (3), BENCH_SECCOMP_THREADS (64), BENCH_SECCOMP_THREAD_CALLS (300 each).
set -eu -o pipefail
export LC_ALL=C

cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${BUILD:-build}
B=$BUILD/bench
WORK=$B/work
LIB=$ROOT/$BUILD/libodcreat.so
ODCREAT=$ROOT/$BUILD/odcreat
EMPTY=$ROOT/$B/libempty.so
EATMYDATA=/usr/lib/x86_64-linux-gnu/libeatmydata.so
if [ ! -e "$EATMYDATA" ]; then
	for f in /usr/lib/*/libeatmydata.so /usr/lib/*/libeatmydata.so.1; do
		[ -e "$f" ] && { EATMYDATA=$f; break; }
	done
fi

N=${BENCH_N:-1000}
FILES=${BENCH_FILES:-3000}
SPAWNS=${BENCH_SPAWNS:-2000}
RUNS_TAR=${BENCH_RUNS_TAR:-11}
RUNS_SPAWN=${BENCH_RUNS_SPAWN:-7}
LOOP=${BENCH_LOOP:-100000}

# What is measured is chosen here, never inherited.
unset LD_PRELOAD ODCREAT_MODE ODCREAT_LOG

# How a reproduce line starts.
RUN="bash bench/run.sh"
[ "$BUILD" = build ] || RUN="BUILD=$BUILD $RUN"

CONDS="none empty odcreat eatmydata"
CALLS="open open64 openat openat64 creat creatat syscall"
# Every mode, as the command lists them (make bench builds it first).
MODES=$("$ODCREAT" --list-modes | awk '{ print $1 }' | tr '\n' ' ')

declare -A LABEL=([none]="no preload" [empty]="empty lib" [odcreat]="odcreat" [eatmydata]="eatmydata"
	[seccomp]="--seccomp")
declare -A CALL_LABEL=([open]="open" [open64]="open64" [openat]="openat" [openat64]="openat64"
	[creat]="open O_CREAT" [creatat]="openat O_CREAT" [syscall]="syscall()")

die() { echo "bench: $*" >&2; exit 1; }

# --- dependencies -----------------------------------------------------------

have() { command -v "$1" >/dev/null 2>&1; }

apt_install() {
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q "$@" >&2 || { apt-get update -q >&2 && apt-get install -y -q "$@" >&2; }
}

deps() {
	local missing="" pair
	for pair in valgrind:valgrind callgrind_annotate:valgrind strace:strace tar:tar readelf:binutils; do
		have "${pair%%:*}" || case " $missing " in *" ${pair#*:} "*) ;; *) missing="$missing ${pair#*:}" ;; esac
	done
	if [ -n "$missing" ]; then
		[ "$(id -u)" -eq 0 ] || die "make bench needs:$missing. Install them with: sudo apt-get install$missing"
		echo "bench: installing$missing" >&2
		apt_install $missing || die "could not install$missing"
	fi
	# libeatmydata is optional: its condition says "not installed" without it.
	if [ ! -e "$EATMYDATA" ] && [ "$(id -u)" -eq 0 ]; then
		echo "bench: installing libeatmydata1 (optional)" >&2
		apt_install libeatmydata1 || echo "bench: libeatmydata1 not installed; its rows are skipped" >&2
	fi
	local f
	for f in "$LIB" "$ODCREAT" "$EMPTY" "$B/calls" "$B/combo" "$B/floor" "$B/spawn" "$B/stopwatch"; do
		[ -e "$f" ] || die "$f is missing: run make bench (or make -f Makefile -f bench/bench.mk bench)"
	done
}

# The library a condition preloads; empty for none; fails for one not installed.
preload_of() {
	case $1 in
	none) echo "" ;;
	empty) echo "$EMPTY" ;;
	odcreat) echo "$LIB" ;;
	seccomp) echo "" ;;	# no preload: the supervisor serves the calls
	eatmydata) [ -e "$EATMYDATA" ] && echo "$EATMYDATA" || return 1 ;;
	*) die "unknown condition $1 (none, empty, odcreat, eatmydata)" ;;
	esac
}

available() { preload_of "$1" >/dev/null 2>&1; }

# "LD_PRELOAD=LIB " or "", for printed commands.
env_of() { local p; p=$(preload_of "$1"); [ -n "$p" ] && echo "LD_PRELOAD=$p " || true; }

# --- statistics -------------------------------------------------------------

# Numbers on stdin -> "median min max".
stats() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan nan nan"; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.4f %.4f %.4f\n", m, v[1], v[NR] }'
}

calc() { awk "BEGIN { printf \"$1\n\", $2 }"; }

# --- callgrind --------------------------------------------------------------

VERBOSE=0

# cg NAME COND COMMAND...: run COMMAND under callgrind with COND's preload;
# the total instructions land in $WORK/cg/NAME.ir. Runs in the background:
# call cg_wait before reading results.
cg() {
	local name=$1 cond=$2; shift 2
	local out=$WORK/cg/$name.out pre
	pre=$(preload_of "$cond")
	rm -f "$out" "$WORK/cg/$name.ir"
	if [ "$VERBOSE" = 1 ]; then
		echo "  \$ $(env_of "$cond")valgrind --tool=callgrind --callgrind-out-file=$out $*"
	fi
	(
		if [ -n "$pre" ]; then export LD_PRELOAD=$pre; fi
		valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$WORK/cg/$name.err" ||
			{ echo "bench: callgrind failed for $name:" >&2; cat "$WORK/cg/$name.err" >&2; exit 1; }
		# The summary line counts every instruction of the process: the
		# dynamic loader, every library, the preloaded one included.
		awk '/^summary:/ { print $2 }' "$out" >"$WORK/cg/$name.ir"
	) &
	CG_PIDS="${CG_PIDS:-} $!"
	# Two at a time: the counts do not depend on load, the run time does.
	if [ "$(echo $CG_PIDS | wc -w)" -ge 2 ]; then cg_wait; fi
}

cg_wait() {
	local pid status=0
	for pid in ${CG_PIDS:-}; do wait "$pid" || status=1; done
	CG_PIDS=""
	[ "$status" = 0 ] || die "a callgrind run failed"
}

ir() { cat "$WORK/cg/$1.ir"; }

# --- 1. fast path -----------------------------------------------------------

fast_measure() {	# COND CALL...
	local cond=$1 call n path; shift
	for call in "$@"; do
		for n in "$N" "$((2 * N))"; do
			case $call in
			creat|creatat) path=$WORK/cg/new-$cond-$call-$n; rm -f "$path" ;;
			*) path=$WORK/existing ;;
			esac
			cg "fast-$cond-$call-$n" "$cond" "$B/calls" "$call" "$n" "$path"
		done
	done
}

# Instructions per call: (Ir[2N] - Ir[N]) / N.
per_call() { calc "%.1f" "($(ir "fast-$1-$2-$((2 * N))") - $(ir "fast-$1-$2-$N")) / $N"; }

# Rows: no preload first, then the other conditions asked for.
rows_of() { echo none $(for c in $*; do [ "$c" = none ] || echo "$c"; done); }

fast() {	# "CONDS" "CALLS": empty means all
	local conds=${1:-$CONDS} calls=${2:-$CALLS} cond call
	local suffix=""
	[ -z "$2" ] || suffix=" $2"
	mkdir -p "$WORK/cg"
	echo hello >"$WORK/existing"
	# The baseline is always measured: every figure is relative to it.
	for cond in $(rows_of $conds); do
		if available "$cond"; then fast_measure "$cond" $calls; fi
	done
	cg_wait

	echo
	echo "1. Fast path: instructions per call (callgrind, whole process incl. ld.so and every library)"
	echo "   per call = (Ir[2N calls] - Ir[N calls]) / N, N=$N, so start-up and exit cancel out;"
	echo "   'no preload' row: absolute, per loop iteration (call + close [+ unlink]); other rows: added over it"
	printf "  %-12s" "condition"
	for call in $calls; do printf " %14s" "${CALL_LABEL[$call]}"; done
	printf "   %s\n" "reproduce"
	local worst="" worst_call="" base added
	for cond in $(rows_of $conds); do
		printf "  %-12s" "${LABEL[$cond]}"
		if ! available "$cond"; then
			echo " not installed (apt-get install libeatmydata1)"
			continue
		fi
		for call in $calls; do
			base=$(per_call none "$call")
			if [ "$cond" = none ]; then
				printf " %14s" "$base"
				continue
			fi
			added=$(calc "%+.1f" "$(per_call "$cond" "$call") - $base")
			printf " %14s" "$added"
			if [ "$cond" = odcreat ] && [ "$call" != syscall ] &&
			   { [ -z "$worst" ] || awk "BEGIN { exit !($added > $worst) }"; }; then
				worst=$added worst_call=$call
			fi
		done
		printf "   %s\n" "$RUN fast $cond$suffix"
	done
	echo "  raw, one figure: $(env_of odcreat)valgrind --tool=callgrind --callgrind-out-file=F $B/calls CALL N PATH;"
	echo "       grep ^summary: F; for N=$N and $((2 * N)), with this LD_PRELOAD and without (outputs kept in $WORK/cg/)"
	[ -n "$worst" ] || return 0
	if awk "BEGIN { exit !($worst <= 10) }"; then
		echo "  target: at most +10 instructions per ordinary open; odcreat's largest is $worst ($worst_call): met"
	else
		echo "  target: at most +10 instructions per ordinary open; odcreat's largest is $worst ($worst_call): ABOVE TARGET"
		fast_explain "$worst_call"
	fi
}

# Where odcreat's per-call instructions go, from the 2N and N profiles: the
# self cost of functions in the library's sources (compiled as src/*, include/*).
fast_explain() {
	local call=$1 n
	echo "  odcreat's own code, self instructions per call (callgrind_annotate on the $call profiles):"
	for n in "$((2 * N))" "$N"; do
		callgrind_annotate --threshold=100 "$WORK/cg/fast-odcreat-$call-$n.out" 2>/dev/null |
			awk -v n="$n" '/^ *[0-9,]+ +\([^)]*\) +(src|include)\/[^ ]*:/ {
				v = $1; gsub(",", "", v); f = $0; sub(/^ *[0-9,]+ +\([^)]*\) +/, "", f); sub(/ \[.*/, "", f)
				print n "\t" f "\t" v }'
	done | awk -F'\t' -v N="$N" '{ s[$2] += ($1 == 2 * N ? $3 : -$3) }
		END { for (f in s) if (s[f] >= N / 20) printf "    %8.1f  %s\n", s[f] / N, f }' | sort -rn
}

# --- 2. start-up ------------------------------------------------------------

# Inclusive instructions of function FN (exact name, as file:fn [object]) in profile OUT.
inclusive() {	# OUT FN
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$2" 'index($0, fn) && !/=>/ && !/ < / && /\[/ { v = $1; gsub(",", "", v); if (v + 0 > m) m = v + 0 } END { print m + 0 }'
}

# How many times CALLER called FN, from the caller tree.
calls_from() {	# OUT FN CALLER
	callgrind_annotate --inclusive=yes --tree=caller --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$2" -v caller="$3" '
			done { next }
			/ < / && index($0, caller) { c = $0; sub(/.*\(/, "", c); sub(/x\).*/, "", c); last = c; next }
			/\*  / && index($0, fn) { if (last != "") print last; done = 1; next }
			!/ < / { last = "" }'
}

symrelocs() { readelf -rW "$1" | grep -cE 'R_[A-Z0-9_]+_(GLOB_DAT|JUMP_SLOT|64) ' || true; }

startup() {
	local conds=${*:-$CONDS} cond
	mkdir -p "$WORK/cg"
	local need=$conds
	case " $conds " in *" odcreat "*) need="$need empty" ;; esac
	for cond in $(rows_of $need | tr ' ' '\n' | awk '!seen[$0]++'); do
		if available "$cond"; then cg "startup-$cond" "$cond" /bin/true; fi
	done
	cg_wait

	local base empty_added added note
	base=$(ir startup-none)
	echo
	echo "2. Start-up: /bin/true, total instructions of the whole process (callgrind)"
	printf "  %-12s %12s %10s   %-36s %s\n" condition "Ir total" added "" reproduce
	for cond in $(rows_of $conds); do
		if ! available "$cond"; then
			printf "  %-12s %s\n" "${LABEL[$cond]}" "not installed (apt-get install libeatmydata1)"
			continue
		fi
		added=$(( $(ir "startup-$cond") - base ))
		note=""
		if [ "$cond" != none ] && [ "$cond" != empty ] && [ -e "$WORK/cg/startup-empty.ir" ]; then
			empty_added=$(( $(ir startup-empty) - base ))
			note=$(calc "= %.2fx the empty lib's added cost" "$added / $empty_added")
		fi
		printf "  %-12s %12d %10s   %-36s %s\n" "${LABEL[$cond]}" "$(ir "startup-$cond")" \
			"$([ "$cond" = none ] && echo - || echo "+$added")" "$note" "$RUN startup $cond"
	done
	echo "  raw: $(env_of odcreat)valgrind --tool=callgrind --callgrind-out-file=F /bin/true; grep ^summary: F"
	case " $conds " in *" odcreat "*) ;; *) return 0 ;; esac

	local ratio
	added=$(( $(ir startup-odcreat) - base )); empty_added=$(( $(ir startup-empty) - base ))
	ratio=$(calc "%.2f" "$added / $empty_added")
	if awk "BEGIN { exit !($ratio <= 2.0) }"; then
		echo "  target: odcreat's added start-up at most 2.0x the empty library's; it is ${ratio}x: met"
	else
		echo "  target: odcreat's added start-up at most 2.0x the empty library's; it is ${ratio}x: ABOVE TARGET"
	fi
	startup_explain
}

# Where the start-up instructions go: disjoint phases of ld.so, inclusive.
startup_explain() {
	local o_none=$WORK/cg/startup-none.out o_empty=$WORK/cg/startup-empty.out o_odc=$WORK/cg/startup-odcreat.out
	local row fn label a b c
	echo "  where it goes (callgrind_annotate --inclusive=yes $o_odc; Ir):"
	printf "    %-52s %9s %9s %9s %14s\n" "" "none" "empty" "odcreat" "odcreat-empty"
	for row in \
		"dl-deps.c:_dl_map_object_deps [|ld.so: find, map the libraries (_dl_map_object_deps)" \
		"dl-reloc.c:_dl_relocate_object [|ld.so: relocate every object (_dl_relocate_object)" \
		"dl-version.c:_dl_check_all_versions [|ld.so: symbol version checks (_dl_check_all_versions)" \
		"dl-init.c:_dl_init [|constructors (_dl_init)" \
		"shim.c:odc_init [|  of which odcreat's constructor (odc_init)" \
		"next.c:odc_next_resolve [|    of which symbol resolution (odc_next_resolve)" \
		"dl-iteratephdr.c:dl_iterate_phdr [|      of which the check for a next openat2" \
		"dl-exception.c:_dl_exception_create_format [|      of which a failed lookup's error message" \
		"malloc.c:malloc [|      of which malloc (first call sets up the heap)"; do
		fn=${row%%|*} label=${row#*|}
		a=$(inclusive "$o_none" "$fn"); b=$(inclusive "$o_empty" "$fn"); c=$(inclusive "$o_odc" "$fn")
		printf "    %-52s %9d %9d %9d %+14d\n" "$label" "$a" "$b" "$c" "$((c - b))"
	done
	local l_none l_empty l_odc d_odc
	l_none=$(calls_from "$o_none" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	l_empty=$(calls_from "$o_empty" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	l_odc=$(calls_from "$o_odc" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	d_odc=$(calls_from "$o_odc" "dlsym.c:dlsym" "odc_next_resolve")
	printf "    %-52s %9s %9s %9s\n" "symbol lookups made while relocating" "${l_none:-?}" "${l_empty:-?}" "${l_odc:-?}"
	printf "    %-52s %9s %9s %9s\n" "dlsym calls in the constructor" "-" "-" "${d_odc:-?}"
	local bind_odc bind_empty
	bind_odc=$(readelf -d "$LIB" | grep -q 'BIND_NOW\|Flags:.*NOW' && echo "bound at load (-z now)" || echo lazy)
	bind_empty=$(readelf -d "$EMPTY" | grep -q 'BIND_NOW\|Flags:.*NOW' && echo "bound at load (-z now)" || echo lazy)
	echo "    symbol relocations (readelf -r): libodcreat.so $(symrelocs "$LIB"), $bind_odc;" \
	     "libempty.so $(symrelocs "$EMPTY"), $bind_empty"
	echo "    symbol versions needed (readelf -V): libodcreat.so $(readelf -V "$LIB" | grep -c ' Name: ')," \
	     "libempty.so $(readelf -V "$EMPTY" | grep -c ' Name: ')"
	local n_none n_empty n_odc extra
	startup_syscalls none >"$WORK/cg/syscalls-none.txt"
	startup_syscalls empty >"$WORK/cg/syscalls-empty.txt"
	startup_syscalls odcreat >"$WORK/cg/syscalls-odcreat.txt"
	n_none=$(wc -l <"$WORK/cg/syscalls-none.txt"); n_empty=$(wc -l <"$WORK/cg/syscalls-empty.txt")
	n_odc=$(wc -l <"$WORK/cg/syscalls-odcreat.txt")
	# The calls odcreat makes beyond the empty library's, as a multiset.
	extra=$(awk 'NR == FNR { n[$1]++; next } { if (n[$1] > 0) n[$1]--; else x[$1]++ }
		END { for (c in x) { printf "%s%s", sep, c (x[c] > 1 ? " x" x[c] : ""); sep = ", " } }' \
		"$WORK/cg/syscalls-empty.txt" "$WORK/cg/syscalls-odcreat.txt")
	echo "    system calls of /bin/true (strace -f): none $n_none, empty $n_empty, odcreat $n_odc;" \
	     "odcreat's beyond the empty lib's: ${extra:-none}"
	echo "      (reproduce: strace -f -qq -E LD_PRELOAD=$LIB /bin/true)"
}

# The names of the system calls /bin/true makes under COND, one a line.
startup_syscalls() {
	local pre out=$WORK/cg/strace-startup-$1.txt
	pre=$(preload_of "$1")
	if [ -n "$pre" ]; then
		strace -f -qq -o "$out" -E "LD_PRELOAD=$pre" /bin/true
	else
		strace -f -qq -o "$out" /bin/true
	fi
	sed -n 's/^\([0-9]* *\)\{0,1\}\([a-z_0-9]*\)(.*/\2/p' "$out" | sort
}

# --- 3. wall clock ----------------------------------------------------------

WALL_CONDS="none empty odcreat"

# wall_rounds JOB RUNS: interleaved rounds, the order rotated every round.
# Prints "round cond ns" lines.
wall_rounds() {
	local job=$1 runs=$2 r i cond pre ns
	local -a order=($WALL_CONDS)
	local k=${#order[@]}
	for ((r = 0; r <= runs; r++)); do	# round 0 warms the caches and is not counted
		for ((i = 0; i < k; i++)); do
			cond=${order[$(( (i + r) % k ))]}
			pre=$(preload_of "$cond")
			ns=$(wall_once "$job" "$cond" "$pre" "$r")
			[ "$r" -gt 0 ] && echo "$r $cond $ns"
		done
	done
}

wall_once() {	# JOB COND PRELOAD ROUND
	local job=$1 cond=$2 pre=$3 r=$4 dest
	local -a p=() under=()
	[ -n "$pre" ] && p=(-p "$pre")
	[ "$cond" = seccomp ] && under=("$ODCREAT" --seccomp --)
	case $job in
	tar)
		dest=$WALL_TMP/x-$cond
		rm -rf "$dest"; mkdir "$dest"
		# Write back the previous run's files first, so that no run pays for another's.
		sync
		"$ROOT/$B/stopwatch" "${p[@]}" -C "$dest" -- "${under[@]}" tar -xf "$WALL_TMP/files.tar"
		rm -rf "$dest" ;;
	spawn)
		local n=$SPAWNS
		[ "$r" -eq 0 ] && n=$((SPAWNS / 10 + 1))
		"$ROOT/$B/stopwatch" "${p[@]}" -- "${under[@]}" "$ROOT/$B/spawn" "$n" /bin/true ;;
	true)
		"$ROOT/$B/stopwatch" "${p[@]}" -- "${under[@]}" /bin/true ;;
	esac
}

# Where the tar is extracted: BENCH_TMPDIR, else tmpfs (/dev/shm), whose
# times vary far less from run to run than a disk's, else TMPDIR or /tmp.
scratch_dir() {
	if [ -n "${BENCH_TMPDIR:-}" ]; then echo "$BENCH_TMPDIR"
	elif [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm)" = tmpfs ]; then echo /dev/shm
	else echo "${TMPDIR:-/tmp}"; fi
}

make_tar() {
	local src=$WALL_TMP/src i d
	mkdir -p "$src"
	for ((i = 0; i < FILES; i++)); do
		d=$src/d$((i / 100))
		[ -d "$d" ] || mkdir "$d"
		printf 'small file %d of the odcreat benchmark\n' "$i" >"$d/f$i"
	done
	tar -cf "$WALL_TMP/files.tar" -C "$src" .
	rm -rf "$src"
}

# paired A B < DATA: the ratio A/B of each round, as "median min max".
paired() {
	awk -v a="$1" -v b="$2" '{ t[$1, $2] = $3; n[$1] = 1 } END { for (r in n) print t[r, a] / t[r, b] }' | stats
}

wall() {
	local jobs=${*:-tar spawn} job runs desc data cond
	WALL_TMP=$(mktemp -d "$(scratch_dir)/odcreat-bench.XXXXXX")
	trap 'rm -rf "$WALL_TMP"' EXIT
	echo
	echo "3. Wall clock on real work, ODCREAT_MODE unset (default); runs interleaved, order rotated each round,"
	echo "   one warm-up round not counted; times are medians; ratios are paired per round"
	printf "  %-38s %11s %11s %11s   %-28s %-11s %-28s %s\n" job "no preload" "empty lib" odcreat \
		"odcreat/none med [min,max]" "empty/none" "odcreat/empty med [min,max]" reproduce
	for job in $jobs; do
		case $job in
		tar) make_tar; runs=$RUNS_TAR; desc="tar -x, $FILES files, $(stat -f -c %T "$WALL_TMP")" ;;
		spawn) runs=$RUNS_SPAWN; desc="$SPAWNS x posix_spawn /bin/true" ;;
		*) die "unknown wall-clock job $job (tar, spawn)" ;;
		esac
		data=$(wall_rounds "$job" "$runs")
		printf "  %-38s" "$desc ($runs runs)"
		for cond in $WALL_CONDS; do
			printf " %8.1f ms" "$(echo "$data" | awk -v c="$cond" '$2 == c { print $3 / 1e6 }' | stats | cut -d' ' -f1)"
		done
		local r_odc r_emp r_oe
		r_odc=$(echo "$data" | paired odcreat none)
		r_emp=$(echo "$data" | paired empty none)
		r_oe=$(echo "$data" | paired odcreat empty)
		printf "   %-28s %-11s %-28s %s\n" \
			"$(echo "$r_odc" | awk '{ printf "%.3f [%.3f, %.3f]", $1, $2, $3 }')" \
			"$(echo "$r_emp" | awk '{ printf "%.3f", $1 }')" \
			"$(echo "$r_oe" | awk '{ printf "%.3f [%.3f, %.3f]", $1, $2, $3 }')" "$RUN wall $job"
		if [ "$job" = spawn ]; then
			echo "  target: process starts under odcreat at most 1.02x those under the empty library;" \
			     "it is $(echo "$r_oe" | awk '{ printf "%.3fx: %s", $1, $1 <= 1.02 ? "met" : "ABOVE TARGET" }')"
		fi
		if [ "$VERBOSE" = 1 ]; then
			echo "    raw ns per run (round condition ns):"; echo "$data" | sed 's/^/      /'
		fi
	done
	echo "  raw, one run: $B/stopwatch [-p LIB] -C DIR -- tar -xf FILES.tar  (prints ns; no -p = no preload;"
	echo "                DIR, FILES.tar: fresh, under $(scratch_dir); sync before each run)"
	echo "                $B/stopwatch [-p LIB] -- $B/spawn $SPAWNS /bin/true"
	rm -rf "$WALL_TMP"
	trap - EXIT
}

# --- 4. slow path -----------------------------------------------------------

# The system calls strace saw between the two markers of `combo once`.
between_markers() {
	awk '/odcreat-bench-begin/ { on = 1; next } /odcreat-bench-end/ { on = 0 } on && /^[a-z_0-9]+\(/' "$1" |
		sed 's/(.*//'
}

slow_once() {	# MODE STATE -> "count result names..."
	local mode=$1 state=$2 out=$WORK/slow/strace-$1-$2.txt res
	local -a e=()
	[ "$mode" = none ] || e=(-E "LD_PRELOAD=$LIB")
	if [ "$mode" = none ]; then
		res=$(strace -qq -o "$out" "$B/combo" once "$state" "$WORK/slow/d")
	else
		res=$(ODCREAT_MODE=$mode strace -qq -o "$out" "${e[@]}" "$B/combo" once "$state" "$WORK/slow/d")
	fi
	local names
	names=$(between_markers "$out" | tr '\n' ' ')
	names=$(echo $names)
	echo "$(echo $names | wc -w) $res ${names:--}"
}

slow() {
	local modes=${*:-$MODES none} mode state
	mkdir -p "$WORK/slow"
	echo
	echo "4. Slow path: open(path, O_CREAT|O_DIRECTORY|O_RDONLY, 0755), the system calls that one call makes"
	echo "   (strace, between two marker calls; count, then the call's result, then the calls)"
	printf "  %-11s %-36s %-36s %s\n" mode "path missing" "path an existing directory" reproduce
	declare -A got
	for mode in $modes; do
		printf "  %-11s" "$([ "$mode" = none ] && echo "no preload" || echo "$mode")"
		for state in missing dir; do
			got[$mode-$state]=$(slow_once "$mode" "$state")
			printf " %-36s" "$(echo "${got[$mode-$state]}" | awk '{ printf "%d  %-7s", $1, $2; for (i = 3; i <= NF; i++) printf " %s", $i }')"
		done
		if [ "$mode" = none ]; then
			printf " %s\n" "$RUN slow none"
		else
			printf " %s\n" "$RUN slow $mode"
		fi
		if [ "$VERBOSE" = 1 ]; then
			for state in missing dir; do
				echo "    $state:"; sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' "$WORK/slow/strace-$mode-$state.txt" | sed 's/^/      /'
			done
		fi
	done
	echo "  raw: ODCREAT_MODE=MODE strace -qq -o OUT -E LD_PRELOAD=$LIB $B/combo once missing|dir PATH;"
	echo "       sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' OUT"
	local verdict
	for mode in mkdir einval; do
		case " $modes " in *" $mode "*) ;; *) continue ;; esac
		if [ "$mode" = mkdir ]; then
			verdict=$([ "${got[mkdir-missing]}" = "4 fd openat mkdirat openat close" ] && echo met || echo "NOT MET")
			echo "  expected: mkdir mode, new directory: exactly 4 (the parent opened, mkdirat and openat in it," \
			     "close): $verdict (got: ${got[mkdir-missing]})"
		else
			verdict=$([ "${got[einval-missing]%% *}" = 0 ] && [ "${got[einval-dir]%% *}" = 0 ] && echo met || echo "NOT MET")
			echo "  expected: einval mode: 0 system calls: $verdict"
		fi
	done
}

# --- 4b. einval against the kernel's EINVAL ---------------------------------

timing() {
	mkdir -p "$WORK/time"
	local d=$WORK/time/d row label res
	echo
	echo "4b. One call of the pair on a missing path, ns per call ($LOOP calls per batch, 7 batches, CLOCK_MONOTONIC)"
	printf "  %-36s %-8s %10s %10s   %s\n" condition result median min reproduce
	for row in "einval|odcreat einval (no system call)" \
		   "native|odcreat native (kernel's EINVAL)" \
		   "none|no preload (kernel's EINVAL)"; do
		label=${row#*|}
		if [ "${row%%|*}" = none ]; then
			res=$("$B/combo" loop "$LOOP" "$d")
		else
			res=$(ODCREAT_MODE=${row%%|*} LD_PRELOAD=$LIB "$B/combo" loop "$LOOP" "$d")
		fi
		echo "$res" | awk -v l="$label" -v r="$RUN time" '{
			for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			printf "  %-36s %-8s %10.1f %10.1f   %s\n", l, v["result"], v["median_ns"], v["min_ns"], r }'
		eval "T_${row%%|*}=\$(echo \"\$res\" | sed 's/.*median_ns=\([0-9.]*\).*/\1/')"
	done
	echo "  raw: ODCREAT_MODE=einval LD_PRELOAD=$LIB $B/combo loop $LOOP $d  (ODCREAT_MODE=native; or no LD_PRELOAD)"
	echo "  einval mode / kernel's EINVAL (medians): $(calc "%.3f" "$T_einval / $T_native") against native mode," \
	     "$(calc "%.3f" "$T_einval / $T_none") against no preload"
}

# --- 5. odcreat --seccomp ---------------------------------------------------

# Ordinary calls never leave the kernel: the filter allows them there. A
# combined call is a round trip to the supervisor. odcreat's own start (one
# more program to run, then the handshake with the child) is a fixed cost,
# measured alone by the "true" job; the tar here is larger than section 3's
# so that it weighs little.
seccomp_bench() {
	local jobs=${*:-tar spawn true calls}
	local FILES=${BENCH_SECCOMP_FILES:-20000}
	echo
	echo "5. odcreat --seccomp"
	[ "$jobs" = calls ] || seccomp_wall $jobs
	case " $jobs " in *" calls "*) seccomp_calls ;; esac
}

seccomp_wall() {
	local jobs=$* job runs desc data ratio
	WALL_TMP=$(mktemp -d "$(scratch_dir)/odcreat-bench.XXXXXX")
	trap 'rm -rf "$WALL_TMP"' EXIT
	echo "  against no supervision, wall clock (the supervisor's start included); runs"
	echo "   interleaved, order rotated each round, one warm-up round not counted; ratios paired per round"
	printf "  %-38s %11s %11s   %-28s %s\n" job "no preload" "--seccomp" "seccomp/none med [min,max]" reproduce
	for job in $jobs; do
		case $job in
		calls) continue ;;
		tar) make_tar; runs=$RUNS_TAR; desc="tar -x, $FILES files, $(stat -f -c %T "$WALL_TMP")" ;;
		spawn) runs=$RUNS_SPAWN; desc="$SPAWNS x posix_spawn /bin/true" ;;
		true) runs=$RUNS_TAR; desc="/bin/true once: odcreat's start" ;;
		*) die "unknown wall-clock job $job (tar, spawn, true)" ;;
		esac
		data=$(WALL_CONDS="none seccomp" wall_rounds "$job" "$runs")
		ratio=$(echo "$data" | paired seccomp none)
		printf "  %-38s %8.1f ms %8.1f ms   %-28s %s\n" "$desc ($runs runs)" \
			"$(echo "$data" | awk '$2 == "none" { print $3 / 1e6 }' | stats | cut -d' ' -f1)" \
			"$(echo "$data" | awk '$2 == "seccomp" { print $3 / 1e6 }' | stats | cut -d' ' -f1)" \
			"$(echo "$ratio" | awk '{ printf "%.3f [%.3f, %.3f]", $1, $2, $3 }')" "$RUN seccomp $job"
	done
	echo "  raw, one run: $B/stopwatch -C DIR -- $ODCREAT --seccomp -- tar -xf FILES.tar  (without the odcreat part: none)"
	rm -rf "$WALL_TMP"
	trap - EXIT
}

# seccomp_round LABEL CMD...: one run of a combo timing, its median: ns per call, or calls per second.
seccomp_round() {
	local res
	res=$("${@:2}")
	case $res in
	result=EINVAL*|result=fd*) ;;
	*) die "$1: unexpected result: $res" ;;
	esac
	echo "$res" | sed -n 's/.*median_[a-z_]*=\([0-9.]*\).*/\1/p'
}

# The round trips against the floor (bench/floor.c: one thread that answers
# each notification at once, with the synchronous wake-up where the kernel
# has it), each pair run back to back in every round.
seccomp_calls() {
	local d=$WORK/time/d f=$WORK/time/f r row kind floor odc cmd
	local loop=${BENCH_SECCOMP_LOOP:-10000} rounds=${BENCH_SECCOMP_ROUNDS:-3}
	local tn=${BENCH_SECCOMP_THREADS:-64} tcalls=${BENCH_SECCOMP_THREAD_CALLS:-300}
	mkdir -p "$WORK/time"
	echo "  round trips: --seccomp against the floor, $B/floor (one thread answering each call at once,"
	echo "  synchronous wake-up where the kernel has it); $rounds rounds, each the median of 7 batches;"
	echo "  figures are medians over the rounds, ratios paired per round"
	printf "    %-44s %14s %14s %16s   %s\n" call floor --seccomp "ratio [min,max]" reproduce
	for row in "loop|one call of the pair, einval mode (ns)|$loop $d|3" \
		   "openat2|ordinary openat2, passed on (ns)|$loop $f|1.5" \
		   "threads|$tn threads, the pair, einval (calls/s)|$tn $tcalls $d|"; do
		IFS='|' read -r kind label args target <<<"$row"
		local data=""
		for ((r = 0; r < rounds; r++)); do
			floor=$(seccomp_round "$label" "$B/floor" "$B/combo" "$kind" $args)
			odc=$(seccomp_round "$label" "$ODCREAT" --seccomp -m einval -- "$B/combo" "$kind" $args)
			data+="$floor $odc"$'\n'
		done
		# A rate is better higher: its ratio is floor over --seccomp, so that every ratio is a cost.
		local ratio
		ratio=$(echo -n "$data" | awk -v k="$kind" '{ print k == "threads" ? $1 / $2 : $2 / $1 }' | stats)
		printf "    %-44s %14.0f %14.0f %16s   %s\n" "$label" \
			"$(echo -n "$data" | awk '{ print $1 }' | stats | cut -d' ' -f1)" \
			"$(echo -n "$data" | awk '{ print $2 }' | stats | cut -d' ' -f1)" \
			"$(echo "$ratio" | awk '{ printf "%.2fx [%.2f,%.2f]", $1, $2, $3 }')" "$RUN seccomp calls"
		[ "$VERBOSE" = 1 ] && echo -n "$data" | sed 's/^/      raw floor --seccomp: /'
		cmd="$B/floor $B/combo $kind $args; $ODCREAT --seccomp -m einval -- $B/combo $kind $args"
		echo "$ratio" | awk -v t="$target" -v c="$cmd" '{
			if (t != "")
				printf "      target: at most %sx the floor; %.2fx: %s\n", t, $1, $1 <= t ? "met" : "ABOVE TARGET"
			else
				printf "      no target: the floor answers %.2fx as many calls a second\n", $1
			printf "        raw: %s\n", c }'
	done
	local res
	res=$(ODCREAT_MODE=einval LD_PRELOAD=$LIB "$B/combo" loop "$LOOP" "$d")
	echo "    for comparison, the library in einval mode: $(echo "$res" | sed 's/.*median_ns=\([0-9.]*\).*/\1/') ns per call" \
	     "(ODCREAT_MODE=einval LD_PRELOAD=$LIB $B/combo loop $LOOP $d)"
}

# --- main -------------------------------------------------------------------

header() {
	echo "odcreat benchmarks: $(uname -srm), $(ldd --version | head -1 | sed 's/.*) //;s/^/glibc /'), $(nproc) CPU(s)"
	echo "  library $LIB; reproduce commands run from the repository root, after make bench"
}

main() {
	local section=${1:-all}
	[ $# -gt 0 ] && shift
	deps
	mkdir -p "$WORK"
	case $section in
	all) header; fast "" ""; startup; wall; slow; timing; seccomp_bench ;;
	fast) VERBOSE=1; fast "${1:-}" "${*:2}" ;;
	startup) VERBOSE=1; startup "$@" ;;
	wall) VERBOSE=1; wall "$@" ;;
	slow) VERBOSE=1; slow "$@" ;;
	time) timing ;;
	seccomp) seccomp_bench "$@" ;;
	*) die "unknown section $section (fast, startup, wall, slow, time, seccomp)" ;;
	esac
}

main "$@"
