#!/usr/bin/env bats
# Every message fits 80 columns: each one odcreat, report, the survey, the
# watcher and the library print is folded where it is printed (src/LAYERS'
# odc_say.h), which tests/messages.py checks of the sources, and here each
# that a test can reach is made and measured; the man pages too, as man and
# mandoc render them at 80 columns. (Other suites measure the rest with
# unwrapped: the configuration file's, the survey's refusals, the watcher's.)

load test_helper
bats_require_minimum_version 1.5.0

# The paths the messages name are of one length wherever the suites run:
# under /tmp, as a person's are, not under a deep TMPDIR of the build's.
setup() {
	R=$(mktemp -d /tmp/odcreat-messages.XXXXXX)
	chmod 755 "$R"
	cd "$R"
}

teardown() {
	rm -rf "$R"
	[ -z "${NB:-}" ] || rm -rf "$NB"
}

# says [-N] WANT CMD...: what CMD prints, on standard output and error,
# holds WANT (a fixed string) once each folded line is joined again, and
# not one of its lines passes 80 columns; with -N, CMD's status is N.
says() {
	local status=()
	[[ $1 != -[0-9]* ]] || { status=("$1"); shift; }
	local want=$1
	shift
	run "${status[@]}" "$@"
	unwrapped || fail "$*: $output"
	[[ $output == *"$want"* ]] || fail "$*: said, not \"$want\": $output"
}

@test "lint: every message of the command, the watcher and the library is folded where it is printed" {
	run python3 "$ROOT/tests/messages.py"
	assert_success
	assert_output ""
}

@test "lint: finds a message printed past the fold, and a perror whose words leave no room" {
	mkdir -p src/cmd/survey src/core/log
	printf '%s\n' 'static void odc_a(const char *p)' '{' '	fprintf(stderr, "odcreat: %s\n", p);' \
		'	perror("odcreat: a prefix far too long to leave room for errno");' '}' > src/cmd/a.c
	printf '%s\n' 'void odc_b(void)' '{' '	printf("odcreat survey: b\n");' '}' > src/cmd/survey/b.c
	printf '%s\n' 'void odc_c(struct odc_line *l)' '{' '	write(STDERR_FILENO, l->text, l->len);' '}' \
		'void odc_d(struct odc_line *l)' '{' '	odc_line_fold(l);' '	write(out, l->text, l->len);' '}' \
		> src/core/log/c.c
	run python3 "$ROOT/tests/messages.py" src/cmd/a.c src/cmd/survey/b.c src/core/log/c.c
	assert_failure
	assert_output "src/cmd/a.c:3: odc_a writes to standard error past odc_say
src/cmd/a.c:4: perror(\"odcreat: a prefix far too long to leave room for errno\") can pass 80 columns
src/cmd/survey/b.c:3: odc_b prints past odc_tell
src/core/log/c.c:3: odc_c writes a message it has not folded (odc_line_fold)"
}

@test "the fold: before the word that would pass column 80, four columns deeper than its line starts, a word longer than a line alone, a character a column" {
	local fold=$BUILD/tests/fold_test
	run "$fold" <<< "odcreat: $(seq -s ' ' 1 40)"
	assert_output "odcreat: $(seq -s ' ' 1 27)
    $(seq -s ' ' 28 40)"
	# A line of its own steps in, and a second one is kept as it is.
	run "$fold" <<< "  a: $(seq -s ' ' 1 30)
    $(seq -s ' ' 1 3)"
	assert_output "  a: $(seq -s ' ' 1 28)
      29 30
    1 2 3"
	# Spaces where it breaks go; a word longer than a line keeps one of its own.
	local long
	long=$(printf '%090d' 0)
	run "$fold" <<< "x:   $long   y"
	assert_output "x:
    $long
    y"
	# é is two bytes and one column: 27 of "éé" fill 80 columns, the 28th goes on.
	run "$fold" <<< "$(printf 'éé %.0s' $(seq 1 28))"
	assert_equal "${#lines[@]}" 2
	assert_equal "${lines[1]}" "    éé "
}

@test "the fold of a line the library fills: continuations go without their indent where there is no room, and nothing is lost or overrun" {
	local words folded
	words=$(printf ' abcdefghi%.0s' $(seq 1 203))
	run "$BUILD/tests/fold_test" <<< "w$words"
	assert_success
	folded=$output
	run awk 'length > 80 { print NR ": " length }' <<< "$folded"
	assert_output ""
	assert_equal "$(tr -d ' \n' <<< "$folded")" "$(tr -d ' \n' <<< "w$words")"
	[ "$(grep -c '^    a' <<< "$folded")" -gt 0 ] && [ "$(grep -c '^a' <<< "$folded")" -gt 0 ] ||
		fail "no line both ways: $folded"
}

@test "odcreat's usage errors fit 80 columns, the usage after them too" {
	says "odcreat: unknown option --nope" "$ODCREAT" --nope
	says "odcreat: option --probe=x takes no value" "$ODCREAT" --probe=x
	says "odcreat: -m needs a mode; valid modes: $ALL_MODES" "$ODCREAT" -m
	says "odcreat: --log needs a log: FILE, DIR/, stderr, syslog or journal" "$ODCREAT" --log
	says "odcreat: unknown mode \"bogus\"; valid modes: $ALL_MODES" "$ODCREAT" -m bogus true
	says "odcreat: unknown mode \"bogus\" in ODCREAT_MODE; valid modes: $ALL_MODES" \
		env ODCREAT_MODE=bogus "$ODCREAT" true
	says "odcreat: --probe, --list-modes and --version take no other arguments, --config-check one file" \
		"$ODCREAT" --probe now
	says "odcreat: --watch takes -l alone: it runs no command, and changes no call" "$ODCREAT" --watch -m mkdir
	says "odcreat: -v says whether --seccomp supervises, and why: give it with --seccomp" "$ODCREAT" -v true
	says "odcreat: no command given" "$ODCREAT"
	assert_line --index 1 --partial "usage: odcreat "
}

@test "odcreat's refusals fit 80 columns: a command, a log, the watcher, the supervisor's word" {
	local long=$R/a-directory-with-a-long-name
	mkdir -p "$long"
	says -127 "odcreat: $long/nothing-here: No such file or directory" "$ODCREAT" "$long/nothing-here"
	says "odcreat: cannot open log $long: Is a directory" "$ODCREAT" -l "$long" true
	says "odcreat: name it $long/ to log each user in a file of its own there" "$ODCREAT" -l "$long" true
	says "odcreat: log directory $long/none/: No such file or directory" "$ODCREAT" -l "$long/none/" true
	says "odcreat: install -d -m 1733 -o root $long/none/ makes one every user may log to" \
		"$ODCREAT" -l "$long/none/" true
	chmod 777 "$long"
	says "odcreat: log directory $long/: writable by group or others, and not sticky" "$ODCREAT" -l "$long/" true
	says "odcreat: $long/conf: No such file or directory" "$ODCREAT" --config-check "$long/conf"
	says "odcreat: the kernel's meaning is" "$ODCREAT" --seccomp -v -m native true
	mkdir bin
	cp "$ODCREAT" bin/
	says "odcreat: --watch: odcreat-watch is not installed: not beside odcreat, nor in $ODC_PREFIX/libexec/odcreat" \
		bin/odcreat --watch
}

@test "a log directory where another user took your file's name: the command's word fits 80 columns" {
	needs_root "a log directory of root's, a file in it of nobody's"
	local dir=$R/a-log-directory-with-a-long-name
	install -d -m 1733 -o root "$dir"
	install -m 0600 -o nobody /dev/null "$dir/0.log"
	says "odcreat: log directory $dir/: your file 0.log is owned by another user; each program logs to a file of its own instead, 0-KEY.log, whose name nobody else can know" \
		"$ODCREAT" -l "$dir/" true
}

@test "report's usage errors and refusals fit 80 columns" {
	says "odcreat report: unknown option or missing value: --nope" "$ODCREAT" report --nope
	says "odcreat report: unknown --format value \"x\"" "$ODCREAT" report --format=x /dev/null
	says "odcreat report: unknown --by value \"x\"" "$ODCREAT" report --by=x /dev/null
	says "odcreat report: --resolve resolves a drill-down's call sites: it needs --program=NAME" \
		"$ODCREAT" report --resolve /dev/null
	says "odcreat report: $R/none.log: No such file or directory" "$ODCREAT" report "$R/none.log"
	mkdir -m 777 logs
	says "odcreat report: $R/logs/: the library writes nothing here: writable by group or others, and not sticky" \
		"$ODCREAT" report "$R/logs/"
}

@test "report's words to a user who may not read the machine's log fit 80 columns" {
	needs_root "reads as nobody"
	nobody_copies
	install -d -m 1733 -o root logs
	says "odcreat report: $R/logs/: Permission denied (only root may list a log directory of mode 1733)" \
		as_nobody "$NB/odcreat" report "$R/logs/"
	says "odcreat report: uid 65534 is not root, nor in the groups systemd-journal or adm" \
		as_nobody "$NB/odcreat" report --journal
}

@test "the survey's usage errors and refusals to a user fit 80 columns" {
	says "odcreat survey: start, stop or status?" "$ODCREAT" survey
	says "odcreat survey: unknown command \"begin\": start, stop or status?" "$ODCREAT" survey begin
	says "odcreat survey: start: unknown option --nope" "$ODCREAT" survey start --nope
	says "odcreat survey: start takes no argument: now" "$ODCREAT" survey start now
	says "odcreat survey: --log needs a log" "$ODCREAT" survey start --log
	needs_root "refused to nobody"
	nobody_copies
	says "odcreat survey: start: only root may change /etc/ld.so.preload" as_nobody "$NB/odcreat" survey start
	says "odcreat survey: status: only root may read the survey's state (/var/lib/odcreat)" \
		as_nobody "$NB/odcreat" survey status
}

@test "the library's words fit 80 columns: an unknown ODCREAT_MODE, a hostile one, a log it will not follow" {
	says "odcreat: unknown ODCREAT_MODE \"bogus\"; valid modes: $ALL_MODES; using einval" \
		env ODCREAT_MODE=bogus LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	says "odcreat: unknown ODCREAT_MODE \"x\\x1b[2J\\x22\\x0a000000000000000000000000000000000\"...; valid modes" \
		env ODCREAT_MODE="$(printf 'x\033[2J"\n%0300d' 0)" LD_PRELOAD="$SHIM" "$ODC_CALL" open q creat,directory
	says "odcreat: unknown ODCREAT_LOG_FACILITY \"local9\"; using user" \
		env ODCREAT_MODE=einval ODCREAT_LOG_FACILITY=local9 LD_PRELOAD="$SHIM" "$ODC_CALL" open r creat,directory
	needs_root "nobody plants the link"
	mkdir -m 1777 shared
	as_nobody ln -s ../victim shared/odcreat.log
	says "odcreat: not logging to \"$R/shared/odcreat.log\": a symlink in a sticky, world-writable directory, owned by neither you nor the directory's owner" \
		env ODCREAT_MODE=einval ODCREAT_LOG="$R/shared/odcreat.log" LD_PRELOAD="$SHIM" \
		"$ODC_CALL" open s creat,directory
}

@test "the watcher's words fit 80 columns: its usage, and the kernel's refusal without the capabilities" {
	[ -x "$BUILD/odcreat-watch" ] || skip "no odcreat-watch: this kernel has no BTF to build it against (make watch says so)"
	says "usage: odcreat-watch" "$BUILD/odcreat-watch" --nope
	says "odcreat-watch: the kernel refuses to load BPF programs (Operation not permitted): root is needed" \
		timeout 10 setpriv --bounding-set=-all --inh-caps=-all "$ODCREAT" --watch
}

@test "every man page renders within 80 columns, by man and by mandoc" {
	local page tool text wide
	for page in "$ROOT"/man/*.[1-9]; do
		for tool in man mandoc; do
			if [ $tool = man ]; then
				text=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$page" 2> /dev/null)
			else
				text=$(mandoc -T utf8 -O width=80 "$page")
			fi
			# Bold and underlining (a character, a backspace, another) taken out.
			wide=$(python3 -c '
import re, sys
for n, line in enumerate(sys.stdin, 1):
    line = re.sub(".\b", "", line.rstrip("\n"))
    if len(line) > 80:
        print(n, len(line), line)' <<< "$text")
			[ -z "$wide" ] || fail "${page##*/}, by $tool: $wide"
		done
	done
}
