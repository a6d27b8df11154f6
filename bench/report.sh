# bench/report.sh, sourced by bench/run.sh. Section 6: odcreat report over a log of a million lines.

# --- 6. odcreat report ------------------------------------------------------

REPORT_LINES=${BENCH_REPORT_LINES:-1000000}

# A log as the library writes it: 977 processes of 200 programs, 50,000
# paths, each state; each process numbers its lines in one run.
report_log() {	# FILE
	awk -v n="$REPORT_LINES" 'BEGIN {
		split("missing dir file link-dir link-file dangling other error", st, " ")
		for (i = 0; i < n; i++) {
			pid = 1000 + i % 977
			printf "2026-12-04T10:00:00.%06dZ pid=%d prog=\"prog%d\" call=openat dirfd=AT_FDCWD " \
			       "path=\"/srv/data/%d/name%d\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 " \
			       "semantics=native result=EINVAL state=%s would=\"einval=EINVAL freebsd=ENOENT " \
			       "mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made\" uid=0 " \
			       "exe=\"/usr/bin/prog%d\" run=%08x seq=%d lost=0\n",
			       i % 1000000, pid, pid % 200, i % 50, i % 50000, st[i % 8 + 1], pid % 200,
			       pid * 2654435761 % 4294967296, int(i / 977) + 1
		}
	}' > "$1"
}

# Instructions a line, which unlike the time do not vary from run to run:
# (Ir over 200,000 lines - Ir over 100,000) / 100,000, callgrind.
report_instructions() {	# LOG
	local n ir=()
	for n in 100000 200000; do
		head -n "$n" "$1" > "$WORK/report-$n.log"
		valgrind --tool=callgrind --callgrind-out-file="$WORK/report-$n.cg" \
			"$ODCREAT" report "$WORK/report-$n.log" > /dev/null 2>&1
		ir+=("$(awk '/^summary:/ { print $2 }' "$WORK/report-$n.cg")")
	done
	echo "  instructions a line: $(( (ir[1] - ir[0]) / 100000 ))   (callgrind, 200,000 lines against 100,000)"
}

report_bench() {
	local log=$WORK/report.log secs=() i
	[ -s "$log" ] && [ "$(wc -l < "$log")" -eq "$REPORT_LINES" ] || report_log "$log"
	for i in 1 2 3 4 5; do
		secs+=("$( { /usr/bin/time -f %e "$ODCREAT" report "$log" > /dev/null; } 2>&1 )")
	done
	local median
	median=$(printf '%s\n' "${secs[@]}" | sort -n | sed -n 3p)
	echo
	echo "6. odcreat report over a log of $REPORT_LINES lines ($(du -h "$log" | cut -f1)), wall seconds, 5 runs"
	echo "  runs: ${secs[*]}; median $median s   $RUN report"
	echo "  raw: /usr/bin/time -f %e $ODCREAT report $log"
	report_instructions "$log"
	if awk "BEGIN { exit !($median < 1.0) }"; then
		echo "  target: under 1 s for a million lines: met"
	else
		echo "  target: under 1 s for a million lines: NOT MET"
	fi
}
