#!/usr/bin/env bash
# bench/watch.sh (make bench-watch, as root): what an ordinary openat, a
# call that passes the pair, and any other system call (getppid) cost
# their caller with odcreat-watch running, against the same without it.
# ROUNDS rounds (5), each without then with the watcher, so that a drift
# of the machine's load falls on both; each figure is bench/watch_calls's
# median of 7 batches, and the table shows the median of the rounds.
# Then the watcher's own programs' run time in the kernel, counted by BPF
# itself (bench/bpf_stats): ns a run of openat's entry and exit programs
# for an ordinary openat, and for a pair call. (The compat path, which every
# system call would run, is attached only where the kernel makes compat
# calls: bench/RESULTS.md has what it cost every call when it was the only
# path.) Then a burst: 7 batches of BURST pair calls from one process at
# once, and how many of them the log holds as lines or counts as lost.
# Last, the looks: LOOKS pair calls, one each 20 ms, from a process that
# stays, so that each is looked into by a reader of its own; the CPU time
# of the watcher and its readers (/proc/PID/stat's utime, stime, cutime and
# cstime, once it has reaped them all), a look.
set -euo pipefail
BUILD=${BUILD:-build}
ROUNDS=${ROUNDS:-5}
BURST=${BURST:-3000}
LOOKS=${LOOKS:-300}
CALLS=${CALLS:-100000}	# a batch's calls (getppid twice as many); fewer in a slow guest
calls="$BUILD/bench/watch_calls"
for f in "$calls" "$BUILD/bench/bpf_stats" "$BUILD/odcreat-watch"; do
	[ -x "$f" ] || { echo "bench/watch.sh: $f is missing: run make BUILD=$BUILD bench-watch" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'kill "$watcher" "$stats" 2>/dev/null || true; rm -rf "$work"' EXIT
watcher= stats=
touch "$work/exists"

# Its stderr emptied first: the background shell's own 2> may come after
# the first look below, which would find the last watcher's "watching".
start_watcher() {
	: > "$work/err"
	"$BUILD/odcreat" --watch -l "$work/log" 2> "$work/err" &
	watcher=$!
	until grep -q watching "$work/err"; do
		kill -0 "$watcher" || { cat "$work/err"; exit 1; }
		sleep 0.05
	done
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for ((round = 1; round <= ROUNDS; round++)); do
	for state in off on; do
		[ "$state" = off ] || start_watcher
		for call in ordinary:$CALLS pair:$CALLS getppid:$((2 * CALLS)); do
			echo "${call%%:*} $state $("$calls" "${call%%:*}" "${call#*:}" "$work/exists")" >> "$work/figures"
		done
		if [ "$state" = on ]; then
			kill -INT "$watcher"
			wait "$watcher" || true
			grep -v watching "$work/err" >&2 || true
		fi
	done
done

printf '%-10s %14s %14s %8s\n' call 'without (ns)' 'with (ns)' ratio
for call in ordinary pair getppid; do
	off=$(awk -v c="$call" '$1 == c && $2 == "off" { print $3 }' "$work/figures" | median)
	on=$(awk -v c="$call" '$1 == c && $2 == "on" { print $3 }' "$work/figures" | median)
	printf '%-10s %14s %14s %8s\n' "$call" "$off" "$on" "$(awk -v a="$off" -v b="$on" 'BEGIN { printf "%.3f", b / a }')"
done
echo "rounds: $ROUNDS; every figure:"
sort "$work/figures" | awk '{ printf "  %s %s %s\n", $1, $2, $3 }' | paste -sd' ' | fold -w 100

# run_time PROGRAM: its run_time_ns and run_cnt so far ("0 0" where it is
# not loaded: the exit, where the kernel's meaning is einval and the entry
# knows the result).
run_time() {
	local t
	t=$(bpftool prog show name "$1" 2> /dev/null | sed -n 's/.*run_time_ns \([0-9]*\) run_cnt \([0-9]*\).*/\1 \2/p' || true)
	echo "${t:-0 0}"
}

# counted CALL N: openat's programs' time and runs while watch_calls makes 7 N calls, as "ENTER_NS ENTER_RUNS EXIT_NS EXIT_RUNS".
counted() {
	local e0 r0 x0 y0 e1 r1 x1 y1
	read -r e0 r0 < <(run_time odc_enter_openat)
	read -r x0 y0 < <(run_time odc_exit_openat)
	"$calls" "$1" "$2" "$work/exists" > /dev/null
	read -r e1 r1 < <(run_time odc_enter_openat)
	read -r x1 y1 < <(run_time odc_exit_openat)
	echo $((e1 - e0)) $((r1 - r0)) $((x1 - x0)) $((y1 - y0))
}

"$BUILD/bench/bpf_stats" > "$work/stats" &
stats=$!
until [ -s "$work/stats" ]; do kill -0 "$stats" || exit 1; sleep 0.05; done
start_watcher
n=$CALLS
read -r e r x y < <(counted ordinary $n)
read -r pe pr px py < <(counted pair $n)
kill -INT "$watcher"
wait "$watcher" || true
awk -v e="$e" -v r="$r" -v x="$x" -v y="$y" -v pe="$pe" -v pr="$pr" -v px="$px" -v py="$py" -v n=$((7 * n)) 'BEGIN {
	printf "in the kernel, counted by BPF (the counting adds its own clock reads):\n"
	if (!y) {
		printf "  an ordinary openat: entry %.0f ns a run (%d runs); its exit is not attached\n", e / r, r
		printf "  a pair call adds: entry %.0f ns (%d calls)\n", (pe - (pr - n) * e / r) / n - e / r, n
		exit
	}
	printf "  an ordinary openat: entry %.0f ns, exit %.0f ns a run (%d and %d runs)\n", e / r, x / y, r, y
	printf "  a pair call adds: entry %.0f ns, exit %.0f ns (%d calls)\n",
		(pe - (pr - n) * e / r) / n - e / r, (px - (py - n) * x / y) / n - x / y, n
}'

# The burst: its lines, and the calls its lines (or one at its exit) said were lost.
rm -f "$work/log"
start_watcher
"$calls" pair "$BURST" "$work/exists" > /dev/null &
burst=$!
wait "$burst"
sleep 1	# its exit's line, after the last of its records
kill -INT "$watcher"
wait "$watcher" || true
awk -v pid="$burst" -v n=$((7 * BURST)) '
	index($0, " pid=" pid " ") { if (!/ call=none /) lines++; if (match($0, / lost=[0-9]+/)) lost += substr($0, RSTART + 6, RLENGTH - 6) }
	END { printf "a burst of %d pair calls from one process: %d lines, %d counted lost, %d unaccounted\n", n, lines, lost, n - lines - lost }' "$work/log"

# The looks: the watcher's CPU time and its readers', in clock ticks, from its stat.
cpu_ticks() { awk '{ print $14 + $15 + $16 + $17 }' "/proc/$1/stat"; }
rm -f "$work/log"
start_watcher
before=$(cpu_ticks "$watcher")
python3 -c 'import os, sys, time
for i in range(int(sys.argv[1])):
    try:
        os.open(sys.argv[2], os.O_CREAT | os.O_DIRECTORY)
    except OSError:
        pass
    time.sleep(0.02)
time.sleep(1)' "$LOOKS" "$work/looked" &
looker=$!
wait "$looker"
after=$(cpu_ticks "$watcher")
kill -INT "$watcher"
wait "$watcher" || true
awk -v pid="$looker" -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
	index($0, " pid=" pid " ") && / exe="/ { looked++ }
	END { printf "looks: %d, %.0f us of the watcher'"'"'s and its readers'"'"' CPU a look\n", looked, ticks * 1e6 / hz / looked }' "$work/log"
