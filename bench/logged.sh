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
	echo "7. a logged call: the pair, einval mode, a file log; instructions per call (callgrind, $N calls against $((2 * N)))"
	echo "  no preload: $none   odcreat: $odcreat ($(calc "%.0f" "$odcreat / $none")x)   $RUN logged"
}
