# bench/time.sh, sourced by bench/run.sh. Section 4b: one einval call against the kernel's own EINVAL.

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
