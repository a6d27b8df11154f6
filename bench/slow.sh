# bench/slow.sh, sourced by bench/run.sh. Section 4: the system calls of the combined call, per mode (strace).

# --- 4. slow path -----------------------------------------------------------

# The system calls strace saw between the two markers of `combo once`.
between_markers() {
	awk '/odcreat-bench-begin/ { on = 1; next } /odcreat-bench-end/ { on = 0 } on && /^[a-z_0-9]+\(/' "$1" |
		sed 's/(.*//'
}

slow_once() {	# MODE STATE -> "count result names..."
	local mode=$1 state=$2 out=$WORK/slow/strace-$1-$2.txt res
	local -a e=()
	[ "$mode" = none ] || e=(-E "LD_PRELOAD=$LIB")
	if [ "$mode" = none ]; then
		res=$(strace -qq -o "$out" "$B/combo" once "$state" "$WORK/slow/d")
	else
		res=$(ODCREAT_MODE=$mode strace -qq -o "$out" "${e[@]}" "$B/combo" once "$state" "$WORK/slow/d")
	fi
	local names
	names=$(between_markers "$out" | tr '\n' ' ')
	names=$(echo $names)
	echo "$(echo $names | wc -w) $res ${names:--}"
}

slow() {
	local modes=${*:-$MODES none} mode state
	mkdir -p "$WORK/slow"
	echo
	echo "4. Slow path: open(path, O_CREAT|O_DIRECTORY|O_RDONLY, 0755), the system calls that one call makes"
	echo "   (strace, between two marker calls; count, then the call's result, then the calls)"
	printf "  %-11s %-36s %-36s %s\n" mode "path missing" "path an existing directory" reproduce
	declare -A got
	for mode in $modes; do
		printf "  %-11s" "$([ "$mode" = none ] && echo "no preload" || echo "$mode")"
		for state in missing dir; do
			got[$mode-$state]=$(slow_once "$mode" "$state")
			printf " %-36s" "$(echo "${got[$mode-$state]}" | awk '{ printf "%d  %-7s", $1, $2; for (i = 3; i <= NF; i++) printf " %s", $i }')"
		done
		if [ "$mode" = none ]; then
			printf " %s\n" "$RUN slow none"
		else
			printf " %s\n" "$RUN slow $mode"
		fi
		if [ "$VERBOSE" = 1 ]; then
			for state in missing dir; do
				echo "    $state:"; sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' "$WORK/slow/strace-$mode-$state.txt" | sed 's/^/      /'
			done
		fi
	done
	echo "  raw: ODCREAT_MODE=MODE strace -qq -o OUT -E LD_PRELOAD=$LIB $B/combo once missing|dir PATH;"
	echo "       sed -n '/odcreat-bench-begin/,/odcreat-bench-end/p' OUT"
	local verdict
	for mode in mkdir einval; do
		case " $modes " in *" $mode "*) ;; *) continue ;; esac
		if [ "$mode" = mkdir ]; then
			verdict=$([ "${got[mkdir-missing]}" = "4 fd openat mkdirat openat close" ] && echo met || echo "NOT MET")
			echo "  expected: mkdir mode, new directory: exactly 4 (the parent opened, mkdirat and openat in it," \
			     "close): $verdict (got: ${got[mkdir-missing]})"
		else
			verdict=$([ "${got[einval-missing]%% *}" = 0 ] && [ "${got[einval-dir]%% *}" = 0 ] && echo met || echo "NOT MET")
			echo "  expected: einval mode: 0 system calls: $verdict"
		fi
	done
}
