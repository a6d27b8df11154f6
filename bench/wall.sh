# bench/wall.sh, sourced by bench/run.sh. Section 3: wall clock on real work (tar, process starts).

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
	# A log, so that the supervisor runs whatever the kernel's meaning (tar makes no call to log).
	[ "$cond" = seccomp ] && under=("$ODCREAT" --seccomp -l /dev/null --)
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
