#!/usr/bin/env bats
# odcreat report's rows by script, and its drill-down, --program=NAME:
# scripts, call sites and names, most called first, in 80 columns, CSV
# and JSON; --resolve's call sites; bounded lists, bounded memory, and
# hostile names.

load test_helper
bats_require_minimum_version 1.5.0

SITE="$BUILD/tests/odc_site"
MISSING='einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL'
DIR='einval=EINVAL freebsd=fd mkdir=fd legacy=EISDIR linux-5.7=EISDIR native=EINVAL'

setup() {
	new_scratch
	cd "$SCRATCH"
}

# line EXE PATH STATE WOULD [SCRIPT [WHERE]]: a log line as the library writes it.
line() {
	echo "2026-12-04T10:00:00.000000Z pid=1 prog=\"${1##*/}\" call=openat dirfd=AT_FDCWD path=\"$2\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=einval result=EINVAL state=$3 would=\"$4\" uid=0 exe=\"$1\"${5:+ script=\"$5\"}${6:+ where=\"$6\"}"
}

# unwrap_sites: the drill-down's lines as if nothing were wrapped: a
# resolved call site's "FUNCTION at FILE:LINE" goes on to a line of its own,
# and a path longer than a line is cut, each piece ended by a backslash,
# where the clone's path makes them too long for 80 columns (CI's clone
# lies deeper than a developer's), which would move every line after them.
unwrap_sites() {
	mapfile -t lines < <(sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' -e '/ at$/{N;s/\n */ /;ba' -e '}' <<< "$output")
}

# pyscript FILE NAME...: a Python script that passes the pair on each NAME.
pyscript() {
	local file=$1
	shift
	printf 'import os\nfor n in %s:\n    try:\n        os.open(n, os.O_CREAT | os.O_DIRECTORY)\n    except OSError:\n        pass\n' \
		"$(printf '"%s",' "$@" | sed 's/^/[/; s/,$/]/')" > "$file"
}

@test "rows: each script a Python or Perl program runs is a row of its own, in every format" {
	mkdir tools data
	pyscript tools/build.py cache cache data
	pyscript tools/gen.py cache
	printf 'use Fcntl;\nsysopen(my $fh, "pl", O_CREAT | O_DIRECTORY | O_RDONLY);\n' > tools/x.pl
	"$ODCREAT" -m einval -l log python3 tools/build.py
	"$ODCREAT" -m einval -l log python3 tools/gen.py
	"$ODCREAT" -m einval -l log perl tools/x.pl
	local py
	py=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
	run "$ODCREAT" report --format=csv log
	assert_success
	assert_line --index 0 --regexp ',native_made,script,eyes$'
	assert_line --partial "\"$py\",3,1,0,3,2,missing;dir,"
	# Each script by the kernel's name for it: absolute, its symlinks resolved.
	local here
	here=$(realpath .)
	assert_line --regexp "^\"$py\",3,.*,\"$here/tools/build.py\",library\$"
	assert_line --regexp "^\"$py\",1,.*,\"$here/tools/gen.py\",library\$"
	assert_line --regexp "^\"/usr/bin/perl\",1,.*,\"$here/tools/x.pl\",library\$"
	run "$ODCREAT" report log
	assert_line "5 calls from 3 programs on 1 host; 0 lost, 5 claimed"
	# A long key goes on in pieces, each but its last ended by a backslash, the next indented two columns.
	run sed -e ':a' -e '/\\$/{N;s/\\\n  //;ba' -e '}' <<< "$output"
	assert_line --regexp "^$py $here/tools/build.py +3 +1 +0 +3 +2 +L  missing,dir$"
	run "$ODCREAT" report --format=json log
	run python3 -c 'import json, os, sys; print(sorted((os.path.relpath(p["script"]), p["calls"]) for p in json.load(sys.stdin)["rows"]))' <<< "$output"
	assert_output "[('tools/build.py', 3), ('tools/gen.py', 1), ('tools/x.pl', 1)]"
}

@test "script=: one script however it was started, by the kernel's name for it: python3 mk.py, ./mk.py, python3 /abs/mk.py, a symlink, from another directory" {
	printf '#!/usr/bin/python3\nimport os\ntry:\n    os.open("made", os.O_CREAT | os.O_DIRECTORY)\nexcept OSError:\n    pass\n' > mk.py
	chmod +x mk.py
	ln -s mk.py mkd
	mkdir sub
	local run
	for run in "python3 mk.py" "./mk.py" "python3 $PWD/mk.py" "./mkd" "python3 mkd"; do
		# shellcheck disable=SC2086
		PATH=/usr/bin:/bin "$ODCREAT" -m einval -l "$PWD/log" $run
	done
	(cd sub && PATH=/usr/bin:/bin "$ODCREAT" -m einval -l "$PWD/../log" python3 ../mk.py)
	run grep -o ' script="[^"]*"' log
	assert_equal "$(sort -u <<< "$output")" " script=\"$(realpath mk.py)\""
	assert_equal "${#lines[@]}" 6
	run "$ODCREAT" report --format=csv log
	assert_equal "${#lines[@]}" 2
	assert_line --index 1 --regexp "^\"$(readlink -f /usr/bin/python3)\",6,.*,\"$(realpath mk.py)\",library\$"
}

@test "the whole report ends with a line that points to the drill-down" {
	line /usr/bin/tool /x missing "$MISSING" > log
	run "$ODCREAT" report log
	assert_equal "${lines[-2]}" "One program's scripts, call sites and names, and what each mode would give each:"
	assert_equal "${lines[-1]}" "odcreat report --program=PROGRAM [--resolve] with the same inputs."
}

@test "drill-down: a C program's call through a library of its own, its site resolved to the function and line" {
	"$ODCREAT" -m einval -l log "$SITE" lib p
	"$ODCREAT" -m einval -l log "$SITE" lib p
	"$ODCREAT" -m einval -l log "$SITE" main q
	local lib exe
	lib=$(readlink -f "$BUILD/tests/libodc_site.so")
	exe=$(readlink -f "$SITE")
	run "$ODCREAT" report --program=odc_site --resolve log
	assert_success
	unwrap_sites
	assert_line --index 0 "$exe: 3 calls"
	assert_line --index 1 "  scripts, most called first (-: none):"
	assert_line --index 2 "        3  -"
	assert_line --index 3 "  call sites, most called first (-: none logged):"
	assert_line --index 4 --regexp "^        2  $lib\+0x[0-9a-f]+\$"
	assert_line --index 5 --regexp "^           odc_site_open at .*/tests/odc_site\.c:[0-9]+\$"
	assert_line --index 6 --regexp "^        1  $exe\+0x[0-9a-f]+\$"
	assert_line --index 7 --regexp "^           site_main at .*/tests/odc_site_main\.c:[0-9]+\$"
	assert_line --index 9 "        2  $PWD/p"
	assert_line --index 10 "           state missing, got EINVAL; would get: einval EINVAL, freebsd ENOENT,"
	# The source line is the call's own.
	local at
	at=$(printf '%s\n' "${lines[@]}" | grep -o 'odc_site\.c:[0-9]*')
	sed -n "${at#*:}p" "$ROOT/tests/odc_site.c" | grep -q 'open(path' || fail "$at is not the call"
	# Without --resolve, the sites alone, and how to have them resolved.
	run "$ODCREAT" report --program="$exe" log
	assert_line --regexp '^--resolve names its function and source line\.$'
	refute_line --partial odc_site_open
}

@test "drill-down: a resolved source path longer than a line is cut, each piece ended by a backslash, in 80 columns" {
	local deep=$SCRATCH/$(printf 'a-directory-whose-name-is-long-%.0s' 1 2 3)
	mkdir -p "$deep"
	cp "$ROOT/tests/odc_site.c" "$deep/odc_site.c"
	cp "$SITE" "$deep/odc_site"
	# Built here, so that its debug information names the long path.
	cc -g -fPIC -shared -o "$deep/libodc_site.so" "$deep/odc_site.c"
	"$ODCREAT" -m einval -l log "$deep/odc_site" lib p
	run "$ODCREAT" report --program=odc_site --resolve log
	assert_success
	local l
	for l in "${lines[@]}"; do
		((${#l} <= 80)) || fail "wider than 80 columns: $l"
	done
	assert_line --regexp '^           odc_site_open at$'
	assert_line --regexp '^           /.{67}\\$'
	unwrap_sites
	assert_line --index 5 "           odc_site_open at $deep/odc_site.c:$(grep -n 'open(path' "$deep/odc_site.c" | cut -d: -f1)"
}

@test "drill-down in three formats: text in 80 columns, CSV a row for each entry, JSON that parses; names most called first, 20 and how many more" {
	{
		for i in $(seq 1 25); do
			for _ in $(seq 1 "$i"); do line /usr/bin/tool "/srv/n$i" missing "$MISSING" "" "/usr/lib/libx.so.1+0x1234"; done
		done
		line /usr/bin/tool /srv/d dir "$DIR" "" "/usr/lib/libx.so.1+0x99"
		line /usr/bin/other /srv/o missing "$MISSING"
	} > log
	run "$ODCREAT" report --program=tool log
	assert_success
	assert_line --index 0 "/usr/bin/tool: 326 calls"
	assert_line "       25  /srv/n25"
	assert_line "        6  /srv/n6"
	refute_line --partial "/srv/n5"
	refute_line --partial "/srv/o"
	assert_line "           and 6 more names"
	assert_line "        1  /usr/lib/libx.so.1+0x99"
	run awk 'length > 80' <<< "$output"
	assert_output ""
	run "$ODCREAT" report --program=/usr/bin/tool --format=csv log
	assert_line --index 0 "program,kind,item,calls,at_least,state,result,einval,freebsd,mkdir,legacy,linux-5.7,native,function,source,unresolved"
	assert_line --index 1 '"/usr/bin/tool",script,"",326,false,,,,,,,,,,,'
	assert_line --index 2 '"/usr/bin/tool",site,"/usr/lib/libx.so.1+0x1234",325,false,,,,,,,,,,,'
	assert_line --index 4 '"/usr/bin/tool",name,"/srv/n25",25,false,"missing","EINVAL","EINVAL","ENOENT","fd+made","fd+made","ENOTDIR+made","EINVAL",,,'
	assert_line --index 24 '"/usr/bin/tool",more_names,,6,false,,,,,,,,,,,'
	assert_equal "${#lines[@]}" 25
	run "$ODCREAT" report --program=tool --format=json log
	run python3 -c 'import json, sys
p = json.load(sys.stdin)["programs"][0]
print(p["program"], p["calls"], p["scripts"], len(p["names"]), p["more_names"], p["names"][0]["name"], p["names"][0]["would"]["linux-5.7"])' <<< "$output"
	assert_output "/usr/bin/tool 326 [{'script': None, 'calls': 326, 'at_least': False}] 20 6 /srv/n25 ENOTDIR+made"
}

# pyline PROG SCRIPT PATH: a line of python3.11's, started as PROG, running SCRIPT.
pyline() {
	echo "2026-12-04T10:00:00.000000Z pid=1 prog=\"$1\" call=openat dirfd=AT_FDCWD path=\"$3\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=einval result=EINVAL state=missing would=\"$MISSING\" uid=0 exe=\"/usr/bin/python3.11\" script=\"$2\""
}

# drill_calls NAME...: the drill-down into NAME..., as "PROGRAM: N calls" lines alone.
drill_calls() {
	"$ODCREAT" report --program="$1" log | grep -E '^[^ ].*: [0-9]+ calls?$' || true
}

@test "--program takes every name a person sees: prog=, the script's name or path, a path as typed here, the executable's last name or path, the row as the report printed it" {
	mkdir tools
	touch tools/mk.py tools/other.py
	ln -s tools/mk.py mkd
	local here
	here=$(realpath .)
	{
		pyline python3 "$here/tools/mk.py" /srv/a
		pyline mkd "$here/tools/mk.py" /srv/b
		pyline python3 "$here/tools/other.py" /srv/c
		line /usr/bin/tool /srv/d missing "$MISSING"
	} > log
	local name want
	while IFS='|' read -r name want; do
		run drill_calls "$name"
		assert_output "$want" || fail "--program=$name"
	done <<- EOF
		python3|/usr/bin/python3.11: 2 calls
		mkd|/usr/bin/python3.11: 1 call
		mk.py|/usr/bin/python3.11: 2 calls
		$here/tools/mk.py|/usr/bin/python3.11: 2 calls
		./mkd|/usr/bin/python3.11: 2 calls
		tools/../tools/mk.py|/usr/bin/python3.11: 2 calls
		python3.11|/usr/bin/python3.11: 3 calls
		/usr/bin/python3.11|/usr/bin/python3.11: 3 calls
		/usr/bin/python3.11 $here/tools/other.py|/usr/bin/python3.11: 1 call
		python3 mk.py|/usr/bin/python3.11: 1 call
		python3.11 ./mkd|/usr/bin/python3.11: 2 calls
		tool|/usr/bin/tool: 1 call
	EOF
	# The names of the script's calls alone.
	run "$ODCREAT" report --program=./mkd log
	assert_line "        1  /srv/a"
	assert_line "        1  /srv/b"
	refute_line --partial /srv/c
}

@test "--program: where several programs are named, each is shown" {
	{
		line /usr/bin/tool /srv/a missing "$MISSING"
		line /opt/x/bin/tool /srv/b missing "$MISSING"
		line /opt/x/bin/tool /srv/c missing "$MISSING"
		line /usr/bin/other /srv/d missing "$MISSING"
	} > log
	run drill_calls tool
	assert_output "/opt/x/bin/tool: 2 calls
/usr/bin/tool: 1 call"
	run "$ODCREAT" report --program=tool --format=json log
	run python3 -c 'import json, sys; print([(p["program"], p["calls"]) for p in json.load(sys.stdin)["programs"]])' <<< "$output"
	assert_output "[('/opt/x/bin/tool', 2), ('/usr/bin/tool', 1)]"
}

@test "--program that names no program: status 1, nothing on standard output, and the closest names the inputs hold" {
	{
		pyline python3 /srv/tools/mk.py /srv/a
		line /usr/bin/tool /srv/d missing "$MISSING"
		line /usr/bin/other /srv/e missing "$MISSING"
	} > log
	for format in text csv json; do
		run --separate-stderr "$ODCREAT" report --program=pyhton3 --format=$format log
		assert_failure 1
		assert_output ""
		assert_equal "${stderr_lines[0]}" "odcreat report: no program of the inputs is named"
		assert_equal "${stderr_lines[1]}" "  pyhton3"
		assert_equal "${stderr_lines[2]}" "The closest names they hold:"
		assert_equal "${stderr_lines[3]}" "  python3"
	done
	[ "${#stderr_lines[@]}" -le 8 ] || fail "more than 5 names: $stderr"
	printf '%s\n' "${stderr_lines[@]}" | grep -qx '  mk.py' || fail "the script is not among them: $stderr"
	run --separate-stderr "$ODCREAT" report --program=tool /dev/null
	assert_failure 1
	assert_equal "$stderr" "odcreat report: no program of the inputs is named
  tool
They hold no call."
}

@test "drill-down: its memory is bounded by the rows it prints: 200,000 names of one program in 12 MiB, the counts a bound past what it keeps" {
	awk 'BEGIN { for (i = 0; i < 200000; i++) printf "2026-12-04T10:00:00.000000Z pid=1 prog=\"t\" call=openat dirfd=AT_FDCWD path=\"/srv/%d\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=einval result=EINVAL state=missing exe=\"/usr/bin/t\"\n", i % 7 ? i : 7 }' > log
	prlimit --as=$((12 << 20)) "$ODCREAT" report < /dev/null > /dev/null 2>&1 ||
		skip "this build's odcreat needs more than 12 MiB of address space"
	run prlimit --as=$((12 << 20)) "$ODCREAT" report --program=t log
	assert_success
	assert_line --index 0 "/usr/bin/t: 200000 calls"
	assert_line "    28572  /srv/7"
	assert_line --regexp '^ +1\+  /srv/[0-9]+$'
	assert_line --regexp '^ +and at least [0-9]+ more names$'
}

@test "drill-down: hostile names, scripts and sites are escaped, cut to their lines, and never make a row; --resolve runs nothing they name" {
	local evil=$'/srv/a\x1b[2J\\x0a       9  /forged'
	{
		line /usr/bin/tool "$evil" missing "$MISSING" 'x\x0a\x22y' '/tmp/x;touch pwned+0x10'
		line /usr/bin/tool "/srv/$(head -c 1500 /dev/zero | tr '\0' y)" missing "$MISSING" "" "rel/lib.so+0x10"
		line /usr/bin/tool /srv/b missing "$MISSING" "" "$PWD/notelf+0x10"
		line /usr/bin/tool /srv/c missing "$MISSING" "" "$PWD/link+0x10"
	} > log
	echo 'not an ELF file' > notelf
	ln -s "$BUILD/tests/libodc_site.so" link
	for format in text csv json; do
		run "$ODCREAT" report --program=tool --resolve --format=$format log
		assert_success
		run awk '/[^ -~]/' <<< "$output"
		assert_output ""
	done
	run "$ODCREAT" report --program=tool --resolve log
	[ -z "$(awk 'length > 80' <<< "$output")" ] || fail "longer than 80 columns: $output"
	refute_line --regexp '^ +9  /forged'
	assert_line "           not resolved: not an ELF file"
	assert_line "           not resolved: its path has a symlink now (where= names none)"
	assert_line "           not resolved: not an absolute path as the kernel writes one"
	[ ! -e pwned ] && [ ! -e /tmp/x ] || fail "a site's name was run"
	run "$ODCREAT" report --program=tool --format=json log
	python3 -c 'import json, sys; json.load(sys.stdin)' <<< "$output"
}

@test "drill-down: a program's name never passes for another's head, nor a name for an entry, at any width: blanks written \x20, the lines after a name's first indented" {
	local user=/home/u/$(printf 'p%.0s' {1..71})/usr/sbin/sshd
	{
		line /usr/sbin/sshd /run/sshd missing "$MISSING"
		line "$user" "/srv/x     9  /etc/shadow" missing "$MISSING" 'my tool.py'
		line "$user" "/srv/my dir" missing "$MISSING" 'my tool.py'
	} > log
	run "$ODCREAT" report --program=sshd log
	assert_success
	[ -z "$(awk 'length > 80' <<< "$output")" ] || fail "longer than 80 columns: $output"
	# Each program's head begins a line of its own; the user's name goes on indented.
	assert_line "/home/u/$(printf 'p%.0s' {1..71})\\"
	assert_line '  /usr/sbin/sshd: 2 calls'
	assert_line '        2  my\x20tool.py'
	assert_line '        1  /srv/my\x20dir'
	assert_line --regexp '^        1  /srv/x(\\x20)+9\\x20\\x20/etc/shadow$'
	# As a terminal of any width breaks its lines: one head for sshd, no entry for /etc/shadow.
	local width
	for width in $(seq 20 100); do
		[ "$(fold -w "$width" <<< "$output" | grep -cE '^/usr/sbin/sshd: [0-9]')" = 1 ] ||
			fail "a second head for sshd at $width columns: $output"
		! fold -w "$width" <<< "$output" | grep -E ' 9  /etc/shadow' ||
			fail "an entry for /etc/shadow at $width columns: $output"
	done
}

@test "--resolve alone, without --program, is a usage error" {
	run --separate-stderr "$ODCREAT" report --resolve < /dev/null
	assert_failure 2
	unwrapped stderr
	assert_equal "${stderr_lines[0]}" "odcreat report: --resolve resolves a drill-down's call sites: it needs --program=NAME"
}

@test "--resolve, not as root, reads a module with its own rights alone, and says where they do not reach" {
	nobody_copies
	"$NB/odcreat" -m einval -l "$NB/log" "$NB/tests/odc_site" lib p
	chmod a+r "$NB/log"
	chown 1 "$NB/tests/libodc_site.so"
	run as_nobody "$NB/odcreat" report --program=odc_site --resolve "$NB/log"
	assert_line --regexp '^ +odc_site_open at( |$)'
	chmod 600 "$NB/tests/libodc_site.so"
	run as_nobody "$NB/odcreat" report --program=odc_site --resolve "$NB/log"
	assert_line "           not resolved: its user may not read it (Permission denied)"
}

@test "--journal: the drill-down reads a script, a call site and a relative name's directory from journald's fields" {
	printf '%s\n' _PID=7 _UID=0 _EXE=/usr/bin/python3.11 ODCREAT_PATH=cache ODCREAT_DIR=/home/ann/project \
		ODCREAT_RESULT=EINVAL ODCREAT_STATE=missing "ODCREAT_WOULD=$MISSING" ODCREAT_SCRIPT=tools/build.py \
		ODCREAT_WHERE=/usr/bin/python3.11+0x1a2b3c > export
	run "$ODCREAT" report --journal --program=python3.11 export
	assert_success
	assert_line --index 0 "/usr/bin/python3.11: 1 call"
	assert_line --index 2 "        1  tools/build.py"
	assert_line --index 4 "        1  /usr/bin/python3.11+0x1a2b3c"
	assert_line --index 6 "        1  /home/ann/project/cache"
}

# readme_block TEXT: the first fenced block of the README after the line that holds TEXT.
readme_block() {
	awk -v text="$1" 'index($0, text) { found = 1; next }
		found && /^ *```/ { if (inside) exit; inside = 1; next }
		inside' "$ROOT/README.md"
}

@test "the README's drill-down is what report prints for the calls it describes" {
	mkdir tools data
	pyscript tools/build.py cache cache data
	pyscript tools/gen.py cache
	"$ODCREAT" -m einval -l survey.log python3 tools/build.py
	"$ODCREAT" -m einval -l survey.log python3 tools/gen.py
	local py want site
	py=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
	want=$(readme_block '`cache` once:')
	[ -n "$want" ] || fail "no drill-down in the README"
	site=$(grep -o ' where="[^"]*"' survey.log | sort -u)
	[ "$(wc -l <<< "$site")" = 1 ] || fail "more than one call site: $site"
	site=${site#* where=\"}
	# This machine's python3 and its code's offset stand for the README's; a kernel
	# whose own meaning is another's predicts another native answer.
	run "$ODCREAT" report --program="${py##*/}" survey.log
	assert_success
	run sed -e "s|$PWD|/home/ann/project|g; s|${site%\"}|/usr/bin/python3.11+0x2680d3|; s|^$py:|/usr/bin/python3.11:|" \
		-e 's/native [A-Za-z+]*$/native EINVAL/' <<< "$output"
	assert_output "$want"
}
