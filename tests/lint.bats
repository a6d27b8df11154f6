#!/usr/bin/env bats
# tests/lint.sh: no shell function is handed to a program that runs a command;
# every test that makes a namespace asks needs_ns first (tests/needs_ns.py);
# src/LAYERS holds every include and folder (tests/layers.py); headers and
# the Makefile name files by their own names (tests/names.py);
# and LICENSE says what debian/copyright says.

load test_helper

# A copy of src/ and include/ to break, in $copy.
copy_tree() {
	copy="$BATS_TEST_TMPDIR/tree"
	mkdir -p "$copy"
	cp -r "$ROOT/src" "$ROOT/include" "$copy/"
}

# The copy's FILE made to include HEADER at its end: that line's number.
include_at_end() {
	echo "#include \"$2\"" >> "$copy/$1"
	wc -l < "$copy/$1"
}

@test "lint: no test hands a shell function to timeout, setpriv, unshare, env or odcreat" {
	run sh "$ROOT/tests/lint.sh"
	assert_success
	assert_output ""
}

@test "lint: finds a function behind a program or a wrapping function, and passes programs" {
	local t="$ROOT/tests/lint.example"
	run sh "$ROOT/tests/lint.sh" "$t" "$ROOT/tests/test_helper.bash"
	assert_failure
	assert_output "$t:6: timeout runs shim, a shell function it cannot see
$t:8: as_nobody runs helper, a shell function it cannot see
$t:9: env runs helper, a shell function it cannot see
$t:11: setpriv runs new_scratch, a shell function it cannot see
$t:12: \$ODCREAT runs helper, a shell function it cannot see"
}

@test "lint: LICENSE is debian/copyright's MIT licence, with its copyright line" {
	run sed -n 's/^Files: \*$/&/p; s/^Copyright: //p; s/^License: //p' "$ROOT/debian/copyright"
	assert_output "Files: *
2026 odcreat developers
MIT
MIT"
	holder=$(sed -n 's/^Copyright: //p' "$ROOT/debian/copyright")
	assert_equal "$(sed -n 3p "$ROOT/LICENSE")" "Copyright $holder"
	# The text after the last "License: MIT", as the copyright format writes it: one space in, "." a blank line.
	run diff <(sed 1,4d "$ROOT/LICENSE") <(awk '/^License: MIT$/ { n = NR } { l[NR] = $0 }
		END { for (i = n + 1; i <= NR; i++) { s = l[i]; sub(/^ /, "", s); if (s == ".") s = ""; print s } }' \
		"$ROOT/debian/copyright")
	assert_success
	assert_output ""
	assert_equal "$(sed -n 1p "$ROOT/LICENSE")" "MIT License"
}

@test "layers: every #include of src/ and include/ keeps to src/LAYERS" {
	run python3 "$ROOT/tests/layers.py" "$ROOT"
	assert_success
	assert_output ""
}

@test "layers: an include that reaches up a layer, or past include/, fails the check" {
	local copy
	copy_tree
	# The text layer reaching up to the log, and the library to a header of src/core's own.
	sed -i '0,/#include "odc_line.h"/s//#include "odc_line.h"\n#include "odc_log.h"/' "$copy/src/core/text/line.c"
	echo '#include "odc_at.h"' >> "$copy/src/preload/libc.c"
	local up past
	up=$(grep -n '"odc_log.h"' "$copy/src/core/text/line.c" | cut -d: -f1)
	past=$(grep -n '"odc_at.h"' "$copy/src/preload/libc.c" | cut -d: -f1)
	run python3 "$ROOT/tests/layers.py" "$copy"
	assert_failure
	assert_line "src/core/text/line.c:$up: includes odc_log.h, which belongs to src/core/log, which src/core/text may not use"
	assert_line "src/preload/libc.c:$past: includes odc_at.h, which is neither its folder's nor one of include/ that src/LAYERS names"
	assert_equal "${#lines[@]}" 2
}

@test "layers: a room that reaches another it does not use, or its parent's headers, a circle of uses, and a folder of more than 20 files fail the check" {
	local copy
	copy_tree
	# The look, which runs as the caller, reaching the loader's room and the main loop's own header.
	local load main
	load=$(include_at_end src/watch/look/look.c odc_watch_load.h)
	main=$(include_at_end src/watch/look/proc.c odc_watch.h)
	sed -i 's|^\(src/watch/bpf  *\)- |\1watch/look|' "$copy/src/LAYERS"
	touch "$copy"/src/watch/load/more{1..20}.txt
	run python3 "$ROOT/tests/layers.py" "$copy"
	assert_failure
	assert_line "src/watch/look/look.c:$load: includes odc_watch_load.h, which belongs to src/watch/load, which src/watch/look may not use"
	assert_line "src/watch/look/proc.c:$main: includes odc_watch.h, which is neither its folder's nor one of include/ that src/LAYERS names"
	assert_line "src/LAYERS: src/watch/bpf uses itself: src/watch/bpf -> src/watch/look -> src/watch/bpf"
	assert_line "src/LAYERS: src/watch/look uses itself: src/watch/look -> src/watch/bpf -> src/watch/look"
	assert_line "src/watch/load: $(($(ls "$copy/src/watch/load" | wc -l))) files, more than the 20 of src/LAYERS"
	assert_equal "${#lines[@]}" 5
}

@test "layers: a room reaches the doors beside the sources of the rooms it uses alone, and a layer of the core only through include/" {
	local copy
	copy_tree
	# The tally reaching the reading, which uses it; the command a private header of the log.
	local up core
	up=$(include_at_end src/cmd/report/tally/runs.c odc_report_read.h)
	core=$(include_at_end src/cmd/env.c odc_log_format.h)
	# The outputs no longer using the drill-down, whose door they include.
	sed -i 's|^\(src/cmd/report/print .*\) cmd/report/drill |\1 |' "$copy/src/LAYERS"
	run python3 "$ROOT/tests/layers.py" "$copy"
	assert_failure
	assert_line "src/cmd/report/tally/runs.c:$up: includes odc_report_read.h, which is neither its folder's nor one of include/ that src/LAYERS names"
	assert_line "src/cmd/env.c:$core: includes odc_log_format.h, which is neither its folder's nor one of include/ that src/LAYERS names"
	local door
	door=$(grep -n '#include "odc_report_drill.h"' "$copy/src/cmd/report/print/odc_report_print.h" | cut -d: -f1)
	assert_line "src/cmd/report/print/odc_report_print.h:$door: includes odc_report_drill.h, which is neither its folder's nor one of include/ that src/LAYERS names"
	assert_equal "${#lines[@]}" 3
}

@test "names: every header's guard is its own name, and every file the Makefile names is there" {
	run python3 "$ROOT/tests/names.py" "$ROOT"
	assert_success
	assert_output ""
}

@test "names: a header guarded by another name, and a file the Makefile names that is not there, fail the check" {
	local copy
	copy_tree
	sed -i 's/ODC_TRAP_H/ODC_RAW_H/' "$copy/include/odc_trap.h"
	sed -i 's/ODC_CALLS_BPF_H/ODC_WATCH_CALLS_BPF_H/' "$copy/src/watch/bpf/calls.bpf.h"
	# A Makefile of its own: its words (a name there is one), a build's output, a pattern and a folder (none is).
	find "$copy" -name '*.mk' -delete
	printf '%s\n' '# src/LAYERS, checked by tests/layers.sh' 'T := $(BUILD)/tests/odc_call src/%.c src/watch/' \
		> "$copy/Makefile"
	run python3 "$ROOT/tests/names.py" "$copy"
	assert_failure
	assert_line "include/odc_trap.h: guarded by ODC_RAW_H, not ODC_TRAP_H"
	assert_line "src/watch/bpf/calls.bpf.h: guarded by ODC_WATCH_CALLS_BPF_H, not ODC_CALLS_BPF_H"
	assert_line "Makefile:1: names tests/layers.sh, which is no file of the tree"
	assert_equal "${#lines[@]}" 3
}

@test "lint: every test that makes a namespace (unshare, itself or through a function) asks needs_ns first" {
	run python3 "$ROOT/tests/needs_ns.py" "$ROOT"/tests/*.bats "$ROOT"/tests/*/*.bats
	assert_success
	assert_output ""
	# Seeded: one test directly, one through two functions; a guarded one and a file whose setup
	# guards pass. (Written with $t for "@test", which bats would read as a test of its own here.)
	local t=@test
	printf '%s\n' 'inner() { unshare -m --propagation private true; }' 'outer() { inner; }' \
		"$t \"direct\" {" '	run unshare -U true' '}' "$t \"through two functions\" {" '	outer' '}' \
		"$t \"guarded\" {" '	needs_ns mount' '	outer' '}' "$t \"a word, not the command\" { echo 'unshare EPERM'; }" \
		> "$BATS_TEST_TMPDIR/a.bats"
	printf '%s\n' 'setup() {' '	needs_ns mount' '}' "$t \"setup guards\" {" '	unshare -m true' '}' > "$BATS_TEST_TMPDIR/b.bats"
	run python3 "$ROOT/tests/needs_ns.py" "$BATS_TEST_TMPDIR/a.bats" "$BATS_TEST_TMPDIR/b.bats"
	assert_failure 1
	assert_output "$BATS_TEST_TMPDIR/a.bats:3: direct
$BATS_TEST_TMPDIR/a.bats:6: through two functions"
}
