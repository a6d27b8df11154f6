# bench/logged.sh, sourced by bench/run.sh. Section 7: what a logged call costs, instructions per call (callgrind).

# --- 7. a logged call ---------------------------------------------------------

# The pair, N and 2N times in one process, einval mode, each call a line
# in a file log (absolute: odc_call leaves for / with openat): against the same calls with no preload (the kernel's own
# EINVAL, nothing logged). The line's system calls (the state read, the
# write) are the kernel's, which callgrind does not count.
logged_bench() {
	local cond n
	mkdir -p "$WORK/cg"
	for cond in none odcreat; do
		for n in "$N" "$((2 * N))"; do
			rm -f "$WORK/logged-$cond-$n.log"
			ODCREAT_MODE=einval ODCREAT_LOG=$ROOT/$WORK/logged-$cond-$n.log \
				cg "logged-$cond-$n" "$cond" "$ROOT/$BUILD/tests/odc_call" -n "$n" \
				openat "$ROOT/$WORK/logged-dir" creat,directory
		done
	done
	cg_wait
	local none odcreat
	none=$(calc "%.0f" "($(ir "logged-none-$((2 * N))") - $(ir "logged-none-$N")) / $N")
	odcreat=$(calc "%.0f" "($(ir "logged-odcreat-$((2 * N))") - $(ir "logged-odcreat-$N")) / $N")
	[ "$(wc -l < "$WORK/logged-odcreat-$N.log")" -eq "$N" ] || die "the logged calls wrote no lines"
	echo "7. a logged call: the pair, einval mode   $RUN logged"
	echo "  a file log, instructions per call (callgrind, $N calls against $((2 * N))):" \
	     "no preload $none, odcreat $odcreat ($(calc "%.0f" "$odcreat / $none")x)"
	logged_time
}

# One destination's logged call, ns (median of 7 batches of N): "RESULT MEDIAN".
logged_time_one() {	# LOG DIR [DAEMON]
	local cmd=(env ODCREAT_LOG="$1" ODCREAT_MODE=einval LD_PRELOAD="$LIB" "$ROOT/$B/combo" loop
		"${BENCH_LOGGED_LOOP:-1000}" "$2/p")
	if [ -n "${3:-}" ]; then
		unshare -m -n --propagation private "$ROOT/tests/logd.sh" "$3" "$2/daemon" "${cmd[@]}" 2>/dev/null
	else
		"${cmd[@]}"
	fi | sed -n 's/.*median_ns=\([0-9.]*\).*/\1/p'
}

# Wall clock of a logged call to each destination, against the bare call (the kernel's EINVAL).
# The targets are ratios: issue 46 set 8 us (20 us for the journal) where the
# bare call cost 150 ns, and a system call's cost differs from machine to
# machine and from day to day, so only the ratio carries.
LOGGED_BARE_NS=150
logged_time() {
	local w=$ROOT/$WORK/logtime base row label log daemon ns target
	rm -rf "$w" && mkdir -p "$w/daemon" && install -d -m 1733 "$w/dir"
	base=$("$ROOT/$B/combo" loop "${BENCH_LOGGED_LOOP:-1000}" "$w/p" | sed -n 's/.*median_ns=\([0-9.]*\).*/\1/p')
	echo "  wall clock, ns per call, median of 7 batches of ${BENCH_LOGGED_LOOP:-1000}, against the bare call" \
	     "(no preload, the kernel's EINVAL: $base ns)"
	for row in "file|$w/file.log||8000" "log directory|$w/dir/||8000" \
		   "journal (a journald of its own)|journal|journald|20000" \
		   "syslog (an rsyslogd of its own)|syslog|rsyslog|"; do
		IFS='|' read -r label log daemon target <<<"$row"
		ns=$(logged_time_one "$log" "$w" "$daemon")
		local ratio
		ratio=$(calc "%.1f" "$ns / $base")
		printf "    %-34s %9.0f ns  %6.0fx the bare call  %s\n" "$label" "$ns" "$ratio" \
			"${target:+target $(calc "%.0f" "$target / $LOGGED_BARE_NS")x ($((target / 1000)) us against $LOGGED_BARE_NS ns): $(awk "BEGIN { print ($ratio <= $target / $LOGGED_BARE_NS) ? \"met\" : \"NOT MET\" }")}"
	done
	echo "  raw: ODCREAT_LOG=LOG ODCREAT_MODE=einval LD_PRELOAD=$LIB $B/combo loop N DIR/p (a daemon: under tests/logd.sh)"
	rm -rf "$w"
}
