# bench/slow.sh, sourced by bench/run.sh. Section 4: the system calls of the combined call, per mode (strace).

# --- 4. slow path -----------------------------------------------------------

# The system calls strace saw between the two markers of `combo once`.
between_markers() {
	awk '/odcreat-bench-begin/ { on = 1; next } /odcreat-bench-end/ { on = 0 } on && /^[a-z_0-9]+\(/' "$1" |
		sed 's/(.*//'
}

slow_once() {	# MODE STATE KIND [RUNNER...] -> "count result names..."; KIND: once or first
	local mode=$1 state=$2 kind=$3 out=$WORK/slow/strace-$1-$2-$3.txt res
	shift 3
	if [ "$mode" = none ]; then
		res=$("$@" strace -qq -o "$out" "$B/combo" "$kind" "$state" "$WORK/slow/d")
	else
		res=$("$@" env ODCREAT_MODE="$mode" strace -qq -o "$out" -E "LD_PRELOAD=$LIB" \
			"$B/combo" "$kind" "$state" "$WORK/slow/d")
	fi
	local names
	names=$(between_markers "$out" | tr '\n' ' ')
	names=$(echo $names)
	echo "$(echo $names | wc -w) $res ${names:--}"
}

# One row: LABEL, then the counts for a missing path and an existing directory.
slow_row() {	# LABEL REPRODUCE MODE KIND [RUNNER...]
	local label=$1 reproduce=$2 mode=$3 kind=$4 state
	shift 4
	printf "  %-24s" "$label"
	for state in missing dir; do
		SLOW[$label-$state]=$(slow_once "$mode" "$state" "$kind" "$@")
		printf " %-36s" "$(echo "${SLOW[$label-$state]}" | awk '{ printf "%d  %-7s", $1, $2; for (i = 3; i <= NF; i++) printf " %s", $i }')"
	done
	printf " %s\n" "$reproduce"
	if [ "$VERBOSE" = 1 ]; then
		for state in missing dir; do
			echo "    $state:"; sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' "$WORK/slow/strace-$mode-$state-$kind.txt" | sed 's/^/      /'
		done
	fi
}

# verdict WANT LABEL STATE: met where the row's count and calls are WANT.
verdict() { [ "${SLOW[$2-$3]%% *} ${SLOW[$2-$3]#* * }" = "$1" ] && echo met || echo "NOT MET (got: ${SLOW[$2-$3]})"; }

slow() {
	local modes=${*:-$MODES none} mode
	declare -gA SLOW=()
	mkdir -p "$WORK/slow"
	echo
	echo "4. Slow path: open(path, O_CREAT|O_DIRECTORY|O_RDONLY, 0755), the system calls that one call makes"
	echo "   (strace, between two marker calls; count, then the call's result, then the calls), after a"
	echo "   first call of the process; what that first call adds is below"
	printf "  %-24s %-36s %-36s %s\n" mode "path missing" "path an existing directory" reproduce
	for mode in $modes; do
		slow_row "$([ "$mode" = none ] && echo "no preload" || echo "$mode")" "$RUN slow $mode" "$mode" once
	done
	case " $modes " in *" mkdir "*)
		slow_row "mkdir, emulated series" "$RUN slow mkdir" mkdir once "$ODCREAT" --seccomp -m mkdir --
		slow_row "mkdir, first call" "$RUN slow mkdir" mkdir first
		;;
	esac
	echo "  raw: ODCREAT_MODE=MODE strace -qq -o OUT -E LD_PRELOAD=$LIB $B/combo once|first missing|dir PATH;"
	echo "       sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' OUT; emulated series: $ODCREAT --seccomp -m mkdir -- before it"
	case " $modes " in *" mkdir "*)
		echo "  expected: mkdir mode, new directory: exactly 5 (the path checked, the parent opened, mkdirat and" \
		     "openat in it, close): $(verdict "5 openat2 openat mkdirat openat close" mkdir missing)"
		echo "  expected: mkdir mode on an emulated kernel with the series: the call alone, passed on:" \
		     "$(verdict "1 openat" "mkdir, emulated series" missing)"
		slow_first
		;;
	esac
	case " $modes " in *" einval "*)
		echo "  expected: einval mode: 0 system calls: $([ "${SLOW[einval-missing]%% *}" = 0 ] &&
			[ "${SLOW[einval-dir]%% *}" = 0 ] && echo met || echo "NOT MET")"
		;;
	esac
}

# What a process's first call adds, once: the settings (a page for them, and
# /etc/odcreat.conf looked for) and, in mkdir mode, the classification: its
# system calls by strace, its instructions by callgrind.
slow_first() {
	local question out=$WORK/slow/meaning.cg ir
	question=$(grep -c 'openat(AT_FDCWD, "", O_RDWR|O_CREAT' "$WORK/slow/strace-mkdir-missing-first.txt")
	rm -f "$out"
	ODCREAT_MODE=mkdir LD_PRELOAD=$LIB valgrind --tool=callgrind --toggle-collect=odc_kernel_meaning \
		--callgrind-out-file="$out" "$B/combo" first missing "$WORK/slow/d" >/dev/null 2>&1
	ir=$(sed -n 's/^summary: *//p' "$out")
	echo "  the first call adds: $(( ${SLOW[mkdir, first call-missing]%% *} - ${SLOW[mkdir-missing]%% *} )) system calls," \
	     "of which the classification's question $question (the rest: the settings);"
	echo "    the classification, once per process: $question system call, $ir instructions" \
	     "(callgrind --toggle-collect=odc_kernel_meaning; $RUN slow mkdir)"
}
