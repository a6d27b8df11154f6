# bench/report.sh, sourced by bench/run.sh. Section 6: odcreat report over a machine's log and a fleet's.

# --- 6. odcreat report ------------------------------------------------------

REPORT_LINES=${BENCH_REPORT_LINES:-1000000}
# The fleet's log, as issue 46 sets its target: 2,000,000 lines in at most 2 s and 64 MB.
FLEET_LINES=${BENCH_REPORT_FLEET_LINES:-2000000}

# A log as the library writes it, of PROCESSES processes of PROGRAMS
# programs, each numbering its lines in one run, and PATHS distinct paths
# (0: every path distinct), with STATES (a list) in turn.
report_log() {	# FILE PROCESSES PROGRAMS PATHS STATES [LINES]
	awk -v n="${6:-$REPORT_LINES}" -v procs="$2" -v progs="$3" -v paths="$4" -v states="$5" 'BEGIN {
		nst = split(states, st, " ")
		for (i = 0; i < n; i++) {
			pid = 1000 + i % procs
			path = paths ? sprintf("/srv/data/%d/name%d", i % 50, i % paths) : sprintf("/srv/fleet/%d/name", i)
			printf "2026-12-04T10:00:00.%06dZ pid=%d prog=\"prog%d\" call=openat dirfd=AT_FDCWD " \
			       "path=\"%s\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 " \
			       "semantics=native result=EINVAL state=%s would=\"einval=EINVAL freebsd=ENOENT " \
			       "mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made\" uid=0 " \
			       "exe=\"/usr/bin/prog%d\" where=\"/usr/lib/x86_64-linux-gnu/libprog%d.so.1+0x%x\" " \
			       "run=%08x seq=%d lost=0\n",
			       i % 1000000, pid, pid % progs, path, st[i % nst + 1], pid % progs, pid % progs,
			       4096 + pid % 4096 * 16, pid * 2654435761 % 4294967296, int(i / procs) + 1
		}
	}' > "$1"
}

# A log with both eyes: CALLS calls of 977 processes, each a line of the
# library's and, next to it, the watcher's (its pid= its own namespace's,
# nspid= the caller's), a call each millisecond: report joins each pair.
report_both_log() {	# FILE CALLS
	awk -v n="$2" 'BEGIN {
		for (i = 0; i < n; i++) {
			pid = 1000 + i % 977
			t = sprintf("2026-12-04T10:%02d:%02d.%06dZ", int(i / 60000) % 60, int(i / 1000) % 60, i % 1000 * 1000)
			call = sprintf("dirfd=AT_FDCWD path=\"/srv/data/%d/name%d\" flags=O_RDONLY|O_CREAT|O_DIRECTORY|O_CLOEXEC mode=0755 semantics=native result=EINVAL", i % 50, i % 50000)
			printf "%s pid=%d prog=\"prog%d\" call=open64 %s state=missing would=\"einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL\" uid=0 exe=\"/usr/bin/prog%d\" where=\"/usr/lib/x86_64-linux-gnu/libprog%d.so.1+0x%x\" run=%08x seq=%d lost=0\n",
			       t, pid, pid % 200, call, pid % 200, pid % 200, 4096 + pid % 4096 * 16, pid * 2654435761 % 4294967296, int(i / 977) + 1
			printf "%s pid=%d prog=\"prog%d\" call=openat %s state=missing would=\"einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL\" uid=0 exe=\"/usr/bin/prog%d\" seen=sys_enter/openat abi=native tid=%d nspid=%d ruid=0 egid=0 cgroup=\"/\" cgroup_id=1 mntns=1 pidns=2 userns=3\n",
			       t, pid + 100000, pid % 200, call, pid % 200, pid, pid
		}
	}' > "$1"
}

# Instructions a line, which unlike the time do not vary from run to run:
# (Ir over 200,000 lines - Ir over 100,000) / 100,000, callgrind.
report_instructions() {	# LOG [WHAT]
	local n ir=()
	for n in 100000 200000; do
		head -n "$n" "$1" > "$WORK/report-$n.log"
		valgrind --tool=callgrind --callgrind-out-file="$WORK/report-$n.cg" \
			"$ODCREAT" report "$WORK/report-$n.log" > /dev/null 2>&1
		ir+=("$(awk '/^summary:/ { print $2 }' "$WORK/report-$n.cg")")
	done
	echo "  instructions a line${2:+, $2}: $(( (ir[1] - ir[0]) / 100000 ))   (callgrind, 200,000 lines against 100,000)"
}

# The median of 5 runs of CMD...: "SECONDS KB", the wall time and the most memory it held.
report_median() {
	local i runs=()
	for i in 1 2 3 4 5; do
		runs+=("$( { /usr/bin/time -f '%e %M' "$@" > /dev/null; } 2>&1 | tail -n 1)")
	done
	printf '%s\n' "${runs[@]}" | sort -n | sed -n 3p
}

# One log of LINES lines: odcreat report's median time and memory, against reading the same file (wc -l).
report_one() {	# LOG WHAT LINES
	local got base
	got=$(report_median "$ODCREAT" report "$1")
	base=$(report_median wc -l "$1")
	echo "  $2 ($(du -h "$1" | cut -f1)): median ${got% *} s of 5, $(calc "%.2f" "${got% *} * 1000000 / $3") us a line," \
		"$(calc "%.0f" "${got#* } / 1024") MB held; $(calc "%.1f" "${got% *} / (${base% *} + 0.005)")x reading it (wc -l: ${base% *} s)"
	REPORT_SECONDS=${got% *}
	REPORT_MB=$(calc "%.0f" "${got#* } / 1024")
}

report_bench() {
	local log=$WORK/report.log fleet=$WORK/report-fleet.log
	# A machine's: 977 processes of 200 programs, 50,000 paths, each state.
	[ -s "$log" ] && [ "$(wc -l < "$log")" -eq "$REPORT_LINES" ] ||
		report_log "$log" 977 200 50000 "missing dir file link-dir link-file dangling other error"
	# A fleet's: 100,000 processes of 50,000 programs, every path distinct.
	[ -s "$fleet" ] && [ "$(wc -l < "$fleet")" -eq "$FLEET_LINES" ] ||
		report_log "$fleet" 100000 50000 0 missing "$FLEET_LINES"
	echo
	echo "6. odcreat report over logs of $REPORT_LINES and $FLEET_LINES lines, wall seconds (/usr/bin/time)   $RUN report"
	report_one "$log" "200 programs, 977 processes, 50,000 paths" "$REPORT_LINES"
	local median=$REPORT_SECONDS
	report_one "$fleet" "a fleet: 50,000 programs, 100,000 processes, every path distinct" "$FLEET_LINES"
	local fleet_seconds=$REPORT_SECONDS fleet_mb=$REPORT_MB both=$WORK/report-both.log
	# Both eyes: each call a line of the library's and one of the watcher's, joined.
	[ -s "$both" ] && [ "$(wc -l < "$both")" -eq "$REPORT_LINES" ] ||
		report_both_log "$both" "$((REPORT_LINES / 2))"
	report_one "$both" "both eyes: $((REPORT_LINES / 2)) calls, each the library's line and the watcher's" "$REPORT_LINES"
	"$ODCREAT" report --format=csv "$both" | awk -F, -v n="$((REPORT_LINES / 2))" 'NR > 1 { s += $2 }
		END { if (s != n) { print "bench: both eyes: " s " calls counted, not " n; exit 1 } }' >&2
	echo "  raw: /usr/bin/time -f '%e %M' $ODCREAT report $log"
	report_instructions "$log"
	report_instructions "$both" "both eyes"
	if awk "BEGIN { exit !($median < 1.0) }"; then
		echo "  target: under 1 s for a million lines: met"
	else
		echo "  target: under 1 s for a million lines: NOT MET"
	fi
	if awk "BEGIN { exit !($fleet_seconds <= 2.0 && $fleet_mb <= 64) }"; then
		echo "  target: the fleet's $FLEET_LINES lines in at most 2 s and 64 MB: met"
	else
		echo "  target: the fleet's $FLEET_LINES lines in at most 2 s and 64 MB: NOT MET"
	fi
}
