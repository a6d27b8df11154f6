# bench/fast.sh, sourced by bench/run.sh. Section 1: the fast path, instructions per call (callgrind).

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
	echo "   'no preload' row: absolute, per loop iteration (call + close [+ unlink]); other rows: added over it,"
	echo "   and the whole loop against no preload's"
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
			printf " %14s" "$added ($(calc "%.2f" "($base + $added) / $base")x)"
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
