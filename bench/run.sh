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
#   bash bench/run.sh report                odcreat report over a machine's log and a fleet's
#   bash bench/run.sh logged                a logged call, callgrind
#   bash bench/run.sh watch                 odcreat --watch: what calls cost with it (root; bench/watch.sh)
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
# BENCH_SECCOMP_ROUNDS (3), BENCH_SECCOMP_THREADS (64), BENCH_SECCOMP_THREAD_CALLS (300 each), BENCH_PIECES_N (2000, each piece of a logged call);
# BENCH_REPORT_LINES (the machine's log odcreat report reads, 1000000), BENCH_REPORT_FLEET_LINES (the fleet's, 2000000).
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

# The shared helpers, then one file per benchmark.
for part in lib fast startup wall slow time seccomp report logged; do
	# shellcheck source=/dev/null
	. "$ROOT/bench/$part.sh"
done

# --- main -------------------------------------------------------------------

header() {
	echo "odcreat benchmarks: $(uname -srm), $(ldd --version | head -1 | sed 's/.*) //;s/^/glibc /'), $(nproc) CPU(s)"
	echo "  library $LIB; reproduce commands run from the repository root, after make bench"
}

main() {
	local section=${1:-all}
	[ $# -gt 0 ] && shift
	# The watcher's needs are its own (make bench-watch builds them; bench/watch.sh checks).
	[ "$section" = watch ] || deps
	mkdir -p "$WORK"
	case $section in
	all) header; fast "" ""; startup; wall; slow; timing; seccomp_bench; report_bench; logged_bench ;;
	fast) VERBOSE=1; fast "${1:-}" "${*:2}" ;;
	startup) VERBOSE=1; startup "$@" ;;
	wall) VERBOSE=1; wall "$@" ;;
	slow) VERBOSE=1; slow "$@" ;;
	time) timing ;;
	seccomp) seccomp_bench "$@" ;;
	report) report_bench ;;
	logged) logged_bench ;;
	watch) BUILD=$BUILD bash "$ROOT/bench/watch.sh" ;;
	*) die "unknown section $section (fast, startup, wall, slow, time, seccomp, report, logged, watch)" ;;
	esac
}

main "$@"
