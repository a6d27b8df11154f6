# bench/lib.sh, sourced by bench/run.sh: dependencies, statistics and callgrind.

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
	# GNU time, for section 6's wall clock (bash's time is a keyword, not it).
	[ -x /usr/bin/time ] || missing="$missing time"
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
