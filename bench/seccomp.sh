# bench/seccomp.sh, sourced by bench/run.sh. Section 5: odcreat --seccomp, wall clock and round trips against the floor.

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
	echo "  raw, one run: $B/stopwatch -C DIR -- $ODCREAT --seccomp -l /dev/null -- tar -xf FILES.tar  (without the odcreat part: none)"
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

# The calls against their baseline, each pair run back to back in every
# round: without a log, on a kernel whose meaning is einval's, odcreat
# --seccomp -m einval steps aside, and its baseline is the bare program;
# with a log it serves every combined call and openat2, and its baseline is
# the floor (bench/floor.c: one thread that answers each notification at
# once, with the synchronous wake-up where the kernel has it). In a sandbox
# that refuses the classification's question (tests/odc_deny), the kernel's
# meaning is unknown and the filter answers the pair itself; its baseline is
# the bare program in the same sandbox.
seccomp_calls() {
	local d=$WORK/time/d f=$WORK/time/f r row kind base odc cmd opts
	local loop=${BENCH_SECCOMP_LOOP:-10000} rounds=${BENCH_SECCOMP_ROUNDS:-3}
	local tn=${BENCH_SECCOMP_THREADS:-64} tcalls=${BENCH_SECCOMP_THREAD_CALLS:-300}
	local log=$WORK/time/seccomp.log
	# A sandbox that refuses the classification's question: the kernel's meaning is unknown there.
	local sandbox="$BUILD/tests/odc_deny question EPERM"
	mkdir -p "$WORK/time"
	echo "  calls: --seccomp -m einval against its baseline; $rounds rounds, each the median of 7 batches;"
	echo "  figures are medians over the rounds, ratios paired per round"
	echo "  (the kernel's meaning here: $("$ODCREAT" --probe | sed -n '1s/^This kernel.s meaning is \([a-z0-9.-]*[a-z0-9]\):.*/\1/p'))"
	printf "    %-52s %12s %12s %16s   %s\n" call baseline --seccomp "ratio [min,max]" reproduce
	for row in "loop|the pair, no log, against the bare program (ns)|$loop $d|1.05|bare|" \
		   "openat2|ordinary openat2, no log, against the bare program (ns)|$loop $f|1.05|bare|" \
		   "loop|the pair, no log, meaning unknown (a sandbox) (ns)|$loop $d|1.05|sandbox|" \
		   "loop|the pair, logged, against the floor (ns)|$loop $d|pieces|floor|-l $log" \
		   "openat2|ordinary openat2, logged, against the floor (ns)|$loop $f|1.5|floor|-l $log" \
		   "threads|$tn threads, the pair, logged, against the floor (calls/s)|$tn $tcalls $d||floor|-l $log"; do
		IFS='|' read -r kind label args target base opts <<<"$row"
		local data="" basecmd="" wrap=""
		[ "$base" = floor ] && basecmd="$B/floor"
		[ "$base" = sandbox ] && basecmd=$sandbox wrap=$sandbox
		for ((r = 0; r < rounds; r++)); do
			rm -f "$log"
			base=$(seccomp_round "$label" $basecmd "$B/combo" "$kind" $args)
			odc=$(seccomp_round "$label" $wrap "$ODCREAT" --seccomp -m einval $opts -- "$B/combo" "$kind" $args)
			data+="$base $odc"$'\n'
		done
		# A rate is better higher: its ratio is baseline over --seccomp, so that every ratio is a cost.
		local ratio
		ratio=$(echo -n "$data" | awk -v k="$kind" '{ print k == "threads" ? $1 / $2 : $2 / $1 }' | stats)
		printf "    %-52s %12.0f %12.0f %16s   %s\n" "$label" \
			"$(echo -n "$data" | awk '{ print $1 }' | stats | cut -d' ' -f1)" \
			"$(echo -n "$data" | awk '{ print $2 }' | stats | cut -d' ' -f1)" \
			"$(echo "$ratio" | awk '{ printf "%.2fx [%.2f,%.2f]", $1, $2, $3 }')" "$RUN seccomp calls"
		[ "$VERBOSE" = 1 ] && echo -n "$data" | sed 's/^/      raw baseline --seccomp: /'
		cmd="${basecmd:+$basecmd }$B/combo $kind $args; ${wrap:+$wrap }$ODCREAT --seccomp -m einval ${opts:+$opts }-- $B/combo $kind $args"
		if [ "$target" = pieces ]; then
			LOGGED_FLOOR=$(echo -n "$data" | awk '{ print $1 }' | stats | cut -d' ' -f1)
			LOGGED_PAIR=$(echo -n "$data" | awk '{ print $2 }' | stats | cut -d' ' -f1)
			target=""
			echo "      its target is against the floor and the supervisor's pieces, below"
		fi
		echo "$ratio" | awk -v t="$target" -v c="$cmd" '{
			if (t != "")
				printf "      target: at most %sx; %.2fx: %s\n", t, $1, $1 <= t ? "met" : "ABOVE TARGET"
			else
				printf "      no target: the floor answers %.2fx as many calls a second\n", $1
			printf "        raw: %s\n", c }'
	done
	local res
	res=$(ODCREAT_MODE=einval LD_PRELOAD=$LIB "$B/combo" loop "$LOOP" "$d")
	echo "    for comparison, the library in einval mode: $(echo "$res" | sed 's/.*median_ns=\([0-9.]*\).*/\1/') ns per call" \
	     "(ODCREAT_MODE=einval LD_PRELOAD=$LIB $B/combo loop $LOOP $d)"
	seccomp_pieces "$WORK/time"
}

# What a logged call costs the supervisor beyond the round trip, piece by
# piece (bench/pieces.c: the supervisor's own functions against a live process).
seccomp_pieces() {
	local dir=$1 out
	out=$("$B/pieces" "${BENCH_PIECES_N:-2000}" "$dir/pieces.log" "$dir")
	echo "    a logged call's pieces in the supervisor, ns each ($B/pieces 2000 LOG DIR):"
	echo "$out" | awk '{ printf "      %-10s %6d\n", $1, $2; sum += $2 }
		END { printf "      %-10s %6d  (beyond the floor'"'"'s round trip)\n", "sum", sum }'
	rm -f "$dir/pieces.log"
	[ -n "${LOGGED_PAIR:-}" ] || return 0
	local sum ratio
	sum=$(echo "$out" | awk '{ s += $2 } END { print s }')
	ratio=$(calc "%.2f" "$LOGGED_PAIR / ($LOGGED_FLOOR + $sum)")
	echo "    the pair, logged: $(calc "%.0f" "$LOGGED_PAIR") ns against the floor and the pieces, $(calc "%.0f" "$LOGGED_FLOOR") + $sum ns: ${ratio}x" \
	     "(target: at most 1.25x: $(awk "BEGIN { print ($ratio <= 1.25) ? \"met\" : \"ABOVE TARGET\" }"))"
}
