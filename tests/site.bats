#!/usr/bin/env bats
# where= and script=: the code that made a logged call, as its module and
# the offset in its file, and the script an interpreter ran, never any
# other argument (docs/log.md).

load test_helper
bats_require_minimum_version 1.5.0

SITE="$BUILD/tests/odc_site"

setup() {
	new_scratch
	cd "$SCRATCH"
}

# field NAME LINE: the value of LINE's field NAME, less its quotes.
field() {
	sed -n "s/.* $1=\"\\([^\"]*\\)\".*/\\1/p; s/.* $1=\\([^\" ]*\\) .*/\\1/p" <<< "$2" | head -n 1
}

# function_at MODULE+0xOFFSET: the function whose call returns there, as
# addr2line names it: the offset in the file made an address by the
# program headers, less 1 (a return address is after its call).
function_at() {
	local module=${1%+0x*} offset=$((${1##*+} - 1)) type off va pa size rest
	while read -r type off va pa size rest; do
		[ "$type" = LOAD ] && [ $((off)) -le $offset ] && [ $offset -lt $((off + size)) ] || continue
		addr2line -f -e "$module" "$(printf '%#x' $((va + offset - off)))" | head -n 1
		return
	done < <(readelf -lW "$module")
}

@test "where= names the code that called: the program's own, a library of its own, syscall()'s caller; addr2line finds the function" {
	"$ODCREAT" -m einval -l log "$SITE" main p
	"$ODCREAT" -m einval -l log "$SITE" lib p
	"$ODCREAT" -m einval -l log "$ODC_CALL" sys_openat p creat,directory
	run cat log
	assert_equal "${#lines[@]}" 3
	local site exe lib
	exe=$(readlink -f "$SITE")
	lib=$(readlink -f "$BUILD/tests/libodc_site.so")
	site=$(field where "${lines[0]}")
	[[ $site =~ ^"$exe"\+0x[0-9a-f]+$ ]] || fail "main: $site"
	assert_equal "$(function_at "$site")" site_main
	site=$(field where "${lines[1]}")
	[[ $site =~ ^"$lib"\+0x[0-9a-f]+$ ]] || fail "lib: $site"
	assert_equal "$(function_at "$site")" odc_site_open
	site=$(field where "${lines[2]}")
	[[ $site =~ ^"$(readlink -f "$ODC_CALL")"\+0x[0-9a-f]+$ ]] || fail "syscall(): $site"
}

@test "where=: threads calling at once from two places each get their own, 800 and 800" {
	"$ODCREAT" -m einval -l log "$SITE" threads 8 p
	run bash -c "grep -o ' where=\"[^\"]*\"' log | sed 's/+0x.*//' | sort | uniq -c"
	assert_line --regexp "^ *800  where=\"$(readlink -f "$SITE")\$"
	assert_line --regexp "^ *800  where=\"$(readlink -f "$BUILD/tests/libodc_site.so")\$"
	assert_equal "${#lines[@]}" 2
}

@test "where=: a library closed and another opened at its addresses is named as the other, not as the one kept" {
	cp "$BUILD/tests/libodc_site.so" liba.so
	cp "$BUILD/tests/libodc_site.so" libb.so
	run "$ODCREAT" -m einval -l log "$SITE" reload "$PWD/liba.so" "$PWD/libb.so" p
	assert_success
	[ "$(cut -d' ' -f2 <<< "${lines[0]}")" = "$(cut -d' ' -f2 <<< "${lines[1]}")" ] ||
		skip "the loader mapped the second library elsewhere: $output"
	run grep -o ' where="[^+]*' log
	assert_output " where=\"$PWD/liba.so
 where=\"$PWD/libb.so"
}

@test "script=: python3 and perl scripts, each by its file; no other argument, a secret after it least of all, anywhere" {
	printf 'import os, sys\ntry:\n    os.open("py", os.O_CREAT | os.O_DIRECTORY)\nexcept OSError:\n    pass\n' > tool.py
	printf 'use Fcntl;\nsysopen(my $fh, "pl", O_CREAT | O_DIRECTORY | O_RDONLY);\n' > tool.pl
	mkdir sub
	printf 'import os\ntry:\n    os.open("c", os.O_CREAT | os.O_DIRECTORY)\nexcept OSError:\n    pass\n' > sub/SECRET3
	"$ODCREAT" -m einval -l log python3 -W ignore tool.py --password SECRET1
	"$ODCREAT" -m einval -l log perl tool.pl SECRET2
	# Code of the command line's own, then a file: no script at all.
	"$ODCREAT" -m einval -l log python3 -c "exec(open('sub/SECRET3').read())" sub/SECRET3
	run cat log
	assert_equal "${#lines[@]}" 3
	# Each by the kernel's name for it: absolute, its symlinks resolved.
	assert_equal "$(field script "${lines[0]}")" "$(pwd -P)/tool.py"
	assert_equal "$(field script "${lines[1]}")" "$(pwd -P)/tool.pl"
	[[ ${lines[2]} != *" script="* ]] || fail "python3 -c: ${lines[2]}"
	# The module that called is the interpreter's (or its libpython's), not the script's.
	[[ $(field where "${lines[0]}") =~ /(lib)?python3[.0-9]*(\.so[.0-9]*)?\+0x[0-9a-f]+$ ]] || fail "${lines[0]}"
	run grep -c SECRET log
	assert_output 0
}

@test "script=: the rules on each interpreter's options, fed as the library reads them and as the watcher has them" {
	run "$BUILD/tests/script_test"
	assert_success
	assert_output --regexp '^[0-9]+ cases$'
}

@test "script=: an option's value is never the script, attached or apart, alone or at the end of a group; an option the rules do not know names none" {
	printf 'import os\ntry:\n    os.open("py", os.O_CREAT | os.O_DIRECTORY)\nexcept OSError:\n    pass\n' > tool.py
	printf 'use Fcntl;\nsysopen(my $fh, "pl", O_CREAT | O_DIRECTORY | O_RDONLY);\n' > tool.pl
	printf 'const fs = require("fs");\ntry { fs.openSync("js", fs.constants.O_CREAT | fs.constants.O_DIRECTORY); } catch (e) {}\n' > tool.js
	# Each value a regular file, as a secret one would be.
	echo 'SECRET=1' > VALUE
	local here
	here=$(pwd -P)
	local want=("$here/tool.py" "$here/tool.py" "$here/tool.pl")
	"$ODCREAT" -m einval -l log python3 -bW VALUE tool.py 2> /dev/null
	"$ODCREAT" -m einval -l log python3 -X VALUE tool.py
	"$ODCREAT" -m einval -l log perl -wI VALUE tool.pl
	if command -v node > /dev/null; then
		"$ODCREAT" -m einval -l log node --env-file VALUE tool.js
		"$ODCREAT" -m einval -l log node -r ./VALUE tool.js 2> /dev/null || true
		# A V8 option, which node does not list: whether it takes a value, the rules cannot be sure.
		"$ODCREAT" -m einval -l log node --harmony tool.js
		want+=("$here/tool.js" "$here/tool.js" "")
	fi
	run cat log
	assert_equal "${#lines[@]}" "${#want[@]}"
	local i
	for i in "${!want[@]}"; do
		assert_equal "$(field script "${lines[$i]}")" "${want[$i]}"
	done
	run grep -c VALUE log
	assert_output 0
}

@test "script=: a shell's, by name, after -- or an option's value, or run by its #! line; none for sh -c or sh reading stdin" {
	# A library whose constructor makes two of the pair's calls, in the shell itself.
	early() {
		ODCREAT_MODE=einval ODCREAT_LOG=log LD_PRELOAD="$SHIM $BUILD/tests/libearly.so" "$@" > /dev/null
	}
	printf '#!/bin/sh\ntrue\n' > run.sh
	chmod +x run.sh
	early sh run.sh SECRET4
	early bash -o posix -- run.sh SECRET5
	early ./run.sh SECRET6
	early sh -c true run.sh
	early sh < run.sh
	run cat log
	assert_equal "${#lines[@]}" 10
	local i
	for i in 0 1 2 3 4; do
		assert_equal "$(field script "${lines[$i]}")" "$(pwd -P)/run.sh"
	done
	for i in 6 7 8 9; do
		[[ ${lines[$i]} != *" script="* ]] || fail "line $i: ${lines[$i]}"
	done
	# Before any constructor of odcreat's: the calls of the library's own.
	[[ $(field where "${lines[0]}") == "$(readlink -f "$BUILD/tests/libearly.so")+0x"* ]] || fail "${lines[0]}"
	run grep -c SECRET log
	assert_output 0
}

@test "script=: none for a program that is no interpreter, whatever its arguments" {
	"$ODCREAT" -m einval -l log "$SITE" main p > /dev/null
	run cat log
	[[ $output != *" script="* ]] || fail "$output"
}

@test "where=: a signal handler's call that interrupts a logged call, a vfork child's and threads' after fork each name their own code" {
	needs_root "a log directory, which keeps no descriptor open for odc_stress to count"
	local stress
	stress=$(readlink -f "$BUILD/tests/odc_stress")
	mkdir -m 700 logdir
	for what in "signal 500" vfork "fork-threads 4"; do
		rm -f logdir/0.log
		# shellcheck disable=SC2086
		ODCREAT_LOG=$PWD/logdir/ shim einval "$BUILD/tests/odc_stress" $what > /dev/null
		run grep -vc " where=\"$stress+0x[0-9a-f]*\" " logdir/0.log
		assert_output 0
		[ "$(wc -l < logdir/0.log)" -gt 0 ] || fail "$what: no line"
		rm -rf from-*
	done
}
