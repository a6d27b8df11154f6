# bench/startup.sh, sourced by bench/run.sh. Section 2: start-up of /bin/true, instructions (callgrind).

# --- 2. start-up ------------------------------------------------------------

# Inclusive instructions of function FN (exact name, as file:fn [object]) in profile OUT.
inclusive() {	# OUT FN
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$2" 'index($0, fn) && !/=>/ && !/ < / && /\[/ { v = $1; gsub(",", "", v); if (v + 0 > m) m = v + 0 } END { print m + 0 }'
}

# How many times CALLER called FN, from the caller tree.
calls_from() {	# OUT FN CALLER
	callgrind_annotate --inclusive=yes --tree=caller --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$2" -v caller="$3" '
			done { next }
			/ < / && index($0, caller) { c = $0; sub(/.*\(/, "", c); sub(/x\).*/, "", c); last = c; next }
			/\*  / && index($0, fn) { if (last != "") print last; done = 1; next }
			!/ < / { last = "" }'
}

symrelocs() { readelf -rW "$1" | grep -cE 'R_[A-Z0-9_]+_(GLOB_DAT|JUMP_SLOT|64) ' || true; }

startup() {
	local conds=${*:-$CONDS} cond
	mkdir -p "$WORK/cg"
	local need=$conds
	case " $conds " in *" odcreat "*) need="$need empty" ;; esac
	for cond in $(rows_of $need | tr ' ' '\n' | awk '!seen[$0]++'); do
		if available "$cond"; then cg "startup-$cond" "$cond" /bin/true; fi
	done
	cg_wait

	local base empty_added added note
	base=$(ir startup-none)
	echo
	echo "2. Start-up: /bin/true, total instructions of the whole process (callgrind)"
	printf "  %-12s %12s %10s   %-36s %s\n" condition "Ir total" added "" reproduce
	for cond in $(rows_of $conds); do
		if ! available "$cond"; then
			printf "  %-12s %s\n" "${LABEL[$cond]}" "not installed (apt-get install libeatmydata1)"
			continue
		fi
		added=$(( $(ir "startup-$cond") - base ))
		note=""
		if [ "$cond" != none ] && [ "$cond" != empty ] && [ -e "$WORK/cg/startup-empty.ir" ]; then
			empty_added=$(( $(ir startup-empty) - base ))
			note=$(calc "= %.2fx the empty lib's added cost" "$added / $empty_added")
		fi
		printf "  %-12s %12d %10s   %-36s %s\n" "${LABEL[$cond]}" "$(ir "startup-$cond")" \
			"$([ "$cond" = none ] && echo - || echo "+$added")" "$note" "$RUN startup $cond"
	done
	echo "  raw: $(env_of odcreat)valgrind --tool=callgrind --callgrind-out-file=F /bin/true; grep ^summary: F"
	case " $conds " in *" odcreat "*) ;; *) return 0 ;; esac

	local ratio
	added=$(( $(ir startup-odcreat) - base )); empty_added=$(( $(ir startup-empty) - base ))
	ratio=$(calc "%.2f" "$added / $empty_added")
	if awk "BEGIN { exit !($ratio <= 1.25) }"; then
		echo "  target: odcreat's added start-up at most 1.25x the empty library's; it is ${ratio}x: met"
	else
		echo "  target: odcreat's added start-up at most 1.25x the empty library's; it is ${ratio}x: ABOVE TARGET"
	fi
	startup_explain
}

# Where the start-up instructions go: disjoint phases of ld.so, inclusive.
startup_explain() {
	local o_none=$WORK/cg/startup-none.out o_empty=$WORK/cg/startup-empty.out o_odc=$WORK/cg/startup-odcreat.out
	local row fn label a b c
	echo "  where it goes (callgrind_annotate --inclusive=yes $o_odc; Ir):"
	printf "    %-52s %9s %9s %9s %14s\n" "" "none" "empty" "odcreat" "odcreat-empty"
	for row in \
		"dl-deps.c:_dl_map_object_deps [|ld.so: find, map the libraries (_dl_map_object_deps)" \
		"dl-reloc.c:_dl_relocate_object [|ld.so: relocate every object (_dl_relocate_object)" \
		"dl-version.c:_dl_check_all_versions [|ld.so: symbol version checks (_dl_check_all_versions)" \
		"dl-init.c:_dl_init [|constructors (_dl_init; odcreat has none)" \
		"next.c:odc_next_resolve [|the next definitions (at the first call, not here)" \
		"malloc.c:malloc [|malloc (first call sets up the heap)"; do
		fn=${row%%|*} label=${row#*|}
		a=$(inclusive "$o_none" "$fn"); b=$(inclusive "$o_empty" "$fn"); c=$(inclusive "$o_odc" "$fn")
		printf "    %-52s %9d %9d %9d %+14d\n" "$label" "$a" "$b" "$c" "$((c - b))"
	done
	local l_none l_empty l_odc
	l_none=$(calls_from "$o_none" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	l_empty=$(calls_from "$o_empty" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	l_odc=$(calls_from "$o_odc" "dl-lookup.c:_dl_lookup_symbol_x [" "_dl_relocate_object")
	printf "    %-52s %9s %9s %9s\n" "symbol lookups made while relocating" "${l_none:-?}" "${l_empty:-?}" "${l_odc:-?}"
	local bind_odc bind_empty
	bind_odc=$(readelf -d "$LIB" | grep -q 'BIND_NOW\|Flags:.*NOW' && echo "bound at load (-z now)" || echo lazy)
	bind_empty=$(readelf -d "$EMPTY" | grep -q 'BIND_NOW\|Flags:.*NOW' && echo "bound at load (-z now)" || echo lazy)
	echo "    symbol relocations (readelf -r): libodcreat.so $(symrelocs "$LIB"), $bind_odc;" \
	     "libempty.so $(symrelocs "$EMPTY"), $bind_empty"
	echo "    symbol versions needed (readelf -V): libodcreat.so $(readelf -V "$LIB" | grep -c ' Name: ')," \
	     "libempty.so $(readelf -V "$EMPTY" | grep -c ' Name: ')"
	local n_none n_empty n_odc extra
	startup_syscalls none >"$WORK/cg/syscalls-none.txt"
	startup_syscalls empty >"$WORK/cg/syscalls-empty.txt"
	startup_syscalls odcreat >"$WORK/cg/syscalls-odcreat.txt"
	n_none=$(wc -l <"$WORK/cg/syscalls-none.txt"); n_empty=$(wc -l <"$WORK/cg/syscalls-empty.txt")
	n_odc=$(wc -l <"$WORK/cg/syscalls-odcreat.txt")
	# The calls odcreat makes beyond the empty library's, as a multiset.
	extra=$(awk 'NR == FNR { n[$1]++; next } { if (n[$1] > 0) n[$1]--; else x[$1]++ }
		END { for (c in x) { printf "%s%s", sep, c (x[c] > 1 ? " x" x[c] : ""); sep = ", " } }' \
		"$WORK/cg/syscalls-empty.txt" "$WORK/cg/syscalls-odcreat.txt")
	echo "    system calls of /bin/true (strace -f): none $n_none, empty $n_empty, odcreat $n_odc;" \
	     "odcreat's beyond the empty lib's: ${extra:-none}"
	echo "      (reproduce: strace -f -qq -E LD_PRELOAD=$LIB /bin/true)"
}

# The names of the system calls /bin/true makes under COND, one a line.
startup_syscalls() {
	local pre out=$WORK/cg/strace-startup-$1.txt
	pre=$(preload_of "$1")
	if [ -n "$pre" ]; then
		strace -f -qq -o "$out" -E "LD_PRELOAD=$pre" /bin/true
	else
		strace -f -qq -o "$out" /bin/true
	fi
	sed -n 's/^\([0-9]* *\)\{0,1\}\([a-z_0-9]*\)(.*/\2/p' "$out" | sort
}
