#!/usr/bin/env bats
# The log's lines, whatever names a caller gives them (issue 49): a program
# named with control bytes or any bytes, run from a directory of them,
# creating a name of them, in every mode, through the library and through
# --seccomp. The program lives and its call gets its mode's answer; its
# line is whole, within 2,048 bytes, each name in it the bytes given,
# escaped, or a start of them marked with \... where it did not fit, and
# every field after the path there; odcreat report reads every line. The
# builders are held to the same for any field by tests/fuzz/lines (make
# check runs it).

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
	export LC_ALL=C
}

# names N KIND: N bytes into REPLY, control bytes 1 to 31 in turn, or for
# KIND any every byte value but NUL and the slash in turn.
names() {
	local i byte hex bytes=""
	for ((i = 0; i < $1; i++)); do
		if [ "$2" = control ]; then byte=$((1 + i % 31)); else byte=$((1 + i % 255)); fi
		[ "$byte" -ne 47 ] || byte=127
		printf -v hex '\\x%02x' "$byte"
		bytes+=$hex
	done
	printf -v REPLY '%b' "$bytes"
}

# make_shape SHAPE: the program (a copy of odc_call), the directory it runs
# from and the name it creates, as issue 49 found them killing programs,
# into PROG, DIR and NAME:
#   prog  the program named with 250 control bytes (a name's most is 255),
#         in a directory of such a name; a plain directory and name
#   dir   odc_call, run from a directory named with 500 bytes, all but this
#         test's own directory control bytes (the most a line kept before
#         it was cut), creating a 200-byte name
#   both  the two at once
#   any   the same of any bytes
make_shape() {
	local kind=control first second work
	[ "$1" != any ] || kind=any
	work=$(pwd -P)/work
	names 250 "$kind"
	first=$REPLY
	names $((500 - ${#work} - 2 - 250)) "$kind"
	second=$REPLY
	PROG=$ODC_CALL DIR=$SCRATCH/plain NAME=newdir
	if [ "$1" != dir ]; then
		mkdir -p "$SCRATCH/bin/$first"
		PROG=$SCRATCH/bin/$first/$second
		cp "$ODC_CALL" "$PROG"
	fi
	if [ "$1" != prog ]; then
		DIR=$work/$first/$second
		names 200 "$kind"
		NAME=$REPLY
	fi
	mkdir -p "$DIR"
}

# in_dir DIR CMD...: CMD, run from DIR.
in_dir() {
	cd "$1" && shift && "$@"
}

# answer MODE: the mode's answer to the same call with plain names, as odc_call prints it.
answer() {
	mkdir "$SCRATCH/answer"
	(cd "$SCRATCH/answer" && shim "$1" "$ODC_CALL" open newdir creat,directory)
	rm -r "$SCRATCH/answer"
}

# value LINE KEY: KEY's value in LINE, its quotes taken off, into REPLY.
value() {
	local re=" $2=(\"[^\"]*\"|[^ ]*)( |$)"
	[[ $1 =~ $re ]] || fail "no $2= in: $1"
	REPLY=${BASH_REMATCH[1]#\"}
	REPLY=${REPLY%\"}
}

# is_name WHAT VALUE RAW CUT: VALUE is RAW escaped, whole, or where CUT is
# "cut" a start of it ending with the mark.
is_name() {
	local bytes
	if [[ $2 == *'\...' ]]; then
		printf -v bytes '%b' "${2%'\...'}"
		[[ $3 == "$bytes"* && ${#bytes} -lt ${#3} ]] || fail "$1 is no start of its name: $2"
	else
		printf -v bytes '%b' "$2"
		[ "$bytes" = "$3" ] || fail "$1 is not its name, and not marked cut: $2"
	fi
	[ "$4" != cut ] || [[ $2 == *'\...' ]] || fail "$1 not cut and marked: $2"
}

# says LINE KEY RAW CUT: KEY's value in LINE is RAW, as is_name has it.
says() {
	value "$1" "$2"
	is_name "$2= in $1" "$REPLY" "$3" "$4"
}

# check_line LINE SHAPE OUTPUT: the call's line, for the program's OUTPUT.
check_line() {
	local line=$1 cut=whole result=${3%% *}
	[ "${#line}" -lt 2048 ] || fail "a line of ${#line} bytes and its newline"
	[ "$2" = dir ] || cut=cut
	says "$line" path "$NAME"
	case $result in
	fd:*) value "$line" result && [[ $REPLY =~ ^[0-9]+$ ]] || fail "result=$REPLY for $result" ;;
	*) value "$line" result && [ "$REPLY" = "$result" ] || fail "result=$REPLY for $result" ;;
	esac
	for key in flags mode semantics state would; do
		value "$line" "$key"
	done
	if [[ $line == *" exe="* ]]; then	# the library's
		says "$line" prog "${PROG##*/}" "$cut"
		says "$line" exe "$(readlink -f "$PROG")" "$cut"
		for key in uid where run seq lost; do
			value "$line" "$key"
		done
	fi
	cut=cut
	[ "$2" != prog ] || cut=whole
	says "$line" dir "$(cd "$DIR" && pwd -P)" "$cut"
}

# check_log LOG N: N lines, each ended by its newline, of printable ASCII
# alone; odcreat report counts a call for each.
check_log() {
	assert_equal "$(wc -l < "$1")" "$2"
	[ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] || fail "the log's last line is not whole"
	run grep -c '[^ -~]' "$1"
	assert_output 0
	run "$ODCREAT" report --format=csv "$1"
	assert_success
	run python3 -c 'import csv, sys; print(sum(int(r["calls"]) for r in csv.DictReader(sys.stdin)))' <<< "$output"
	assert_output "$2"
}

# lines_hold RUNNER: each shape in each mode, run by RUNNER MODE LOG CMD...
lines_hold() {
	local shape mode want n=0
	for shape in dir both any prog; do
		make_shape "$shape"
		for mode in $ALL_MODES; do
			want=$(answer "$mode")
			run --separate-stderr in_dir "$DIR" "$1" "$mode" "$SCRATCH/log" "$PROG" open "$NAME" \
				creat,directory
			[ "$status" -eq 0 ] || fail "$shape, $mode: exit status $status: $stderr"
			[ "$output" = "${want/ newdir:/" $NAME:"}" ] ||
				fail "$shape, $mode: '$output' where the plain call got '$want'"
			check_line "$(tail -n 1 "$SCRATCH/log")" "$shape" "$output"
			rm -rf "${DIR:?}/$NAME"
			n=$((n + 1))
		done
	done
	check_log "$SCRATCH/log" "$n"
}

library() {
	ODCREAT_MODE=$1 ODCREAT_LOG=$2 LD_PRELOAD=$SHIM "${@:3}"
}

seccomp() {
	"$ODCREAT" --seccomp -m "$1" -l "$2" -- "${@:3}"
}

@test "issue 49's shapes through the library: in every mode the program lives, gets its mode's answer, and its line is whole, marked where cut, and read by report" {
	lines_hold library
}

@test "issue 49's shapes through --seccomp: in every mode the supervisor and its program live, and the supervisor's lines hold to the same" {
	lines_hold seccomp
}

@test "issue 49's shapes to journald: the program and the supervisor live, and each entry's fields are whole or marked where cut, within 2,048 bytes beside its line" {
	needs_root "private mount namespaces and journald's own sockets"
	needs_ns mount net
	local d=$BATS_TEST_TMPDIR/journal entry field n=0
	mkdir "$d"
	make_shape both
	run --separate-stderr in_dir "$DIR" unshare -m -n --propagation private "$ROOT/tests/logd.sh" journald "$d" \
		bash -c 'ODCREAT_LOG=journal ODCREAT_MODE=einval LD_PRELOAD=$0 "$1" open "$2" creat,directory &&
			"$3" --seccomp -m einval -l journal -- "$1" open "$2" creat,directory' \
		"$SHIM" "$PROG" "$NAME" "$ODCREAT"
	[ "$status" -eq 0 ] || fail "exit status $status: $stderr"
	assert_output "EINVAL -
EINVAL -"
	awk -v RS= -v d="$d" '/\nSYSLOG_IDENTIFIER=odcreat\n/ { print > (d "/entry." ++n) }' "$d/export"
	for entry in "$d"/entry.*; do
		n=$((n + 1))
		run awk '/^ODCREAT_/ { n += length($0) + 1 } END { print n <= 2048 }' "$entry"
		assert_output 1
		check_line "$(sed -n 's/^MESSAGE=//p' "$entry")" both EINVAL
		field=$(sed -n 's/^ODCREAT_PATH=//p' "$entry")
		is_name ODCREAT_PATH "$field" "$NAME"
		field=$(sed -n 's/^ODCREAT_DIR=//p' "$entry")
		is_name ODCREAT_DIR "$field" "$(cd "$DIR" && pwd -P)" cut
		grep -q '^ODCREAT_EXE=' "$entry" || continue	# the supervisor's: its program is the kernel's comm
		is_name ODCREAT_PROG "$(sed -n 's/^ODCREAT_PROG=//p' "$entry")" "${PROG##*/}" cut
		is_name ODCREAT_EXE "$(sed -n 's/^ODCREAT_EXE=//p' "$entry")" "$(readlink -f "$PROG")" cut
	done
	assert_equal "$n" 2
}
