#!/usr/bin/env bats
# The survey: the log's state= and would= fields, held against tests/table.txt
# and against what each mode really does.

load test_helper

STATIC="$BUILD/tests/odc_call_static"

# BEFORE[STATE]: what table.txt's header says STATE leaves on disk before the call.
declare -gA BEFORE
read_before() {
	local word state=""
	for word in $(sed -n '/Before the call/,/^# (slash/p' "$ROOT/tests/table.txt" |
		sed '1d;$d; s/^#//'); do
		if [[ $word == - || $word == *:* ]]; then
			BEFORE[$state]+="${BEFORE[$state]:+ }$word"
		else
			state=$word
		fi
	done
}

# The state= a table state must be logged as.
survey_state() {
	case $1 in
	slash) echo missing ;;
	noparent) echo error ;;
	sticky-dir) echo dir ;;
	sticky-link-dir) echo link-dir ;;
	*) echo "$1" ;;
	esac
}

# outcome CELL STATE: a table cell ("RESULT DISK") as would= writes it:
# fd or the errno, and +made where the disk after differs from STATE's before.
outcome() {
	local result=${1%% *} disk=${1#* }
	trim disk
	result=${result%%:*}
	[ "$disk" = "${BEFORE[$2]}" ] || result+=+made
	echo "$result"
}

# check_predictions ENTRY: every row in every mode through ENTRY (RUNNER
# chooses the library or --seccomp): the logged state, each mode's would=
# against the table, and the running mode's would= against its real result.
check_predictions() {
	local entry=$1 line cells flags state mode i j expected got would failed=0 rows=0
	local -a cells modes=($(table_modes))
	local log=$BATS_TEST_TMPDIR/survey.log
	read_before
	while IFS= read -r line; do
		case "$line" in '#'*|'') continue ;; esac
		IFS='|' read -r -a cells <<< "$line"
		flags=${cells[0]}; trim flags
		state=${cells[1]}; trim state
		rows=$((rows + 1))
		for i in "${!modes[@]}"; do
			mode=${modes[$i]}
			: > "$log"
			ODCREAT_LOG=$log run_case "$mode" "$entry" "$state" "$flags"
			got=$(tail -n 1 "$log")
			if [[ $got != *" state=$(survey_state "$state") would=\""* ]]; then
				echo "$flags $state in $mode: state logged as: $got"
				failed=1
			fi
			would=${got##*would=\"}
			would=${would%\"}
			for j in "${!modes[@]}"; do
				expected=${cells[$((j + 2))]}; trim expected
				expected="${modes[$j]}=$(outcome "$expected" "$state")"
				if [[ " $would " != *" $expected "* ]]; then
					echo "$flags $state, run in $mode: would= says '$would', the table '$expected'"
					failed=1
				fi
			done
			expected="$mode=$(outcome "$OUT" "$state")"
			if [[ " $would " != *" $expected "* ]]; then
				echo "$flags $state: $mode did '$OUT', but would= says '$would'"
				failed=1
			fi
		done
	done < "$ROOT/tests/table.txt"
	[ $rows -gt 0 ] && return $failed
}

@test "the example of the issue: python3 creating a missing name under native" {
	cd "$BATS_TEST_TMPDIR"
	"$ODCREAT" -m native -l "$BATS_TEST_TMPDIR/log" python3 -c \
		'import os; os.open("m", os.O_CREAT|os.O_DIRECTORY)' 2> /dev/null || true
	run cat "$BATS_TEST_TMPDIR/log"
	assert_output --partial ' state=missing would="einval=EINVAL freebsd=ENOENT mkdir=fd+made legacy=fd+made linux-5.7=ENOTDIR+made native=EINVAL"'
	[ ! -e m ]
}

@test "predictions: every row of the table, every mode, through the library" {
	needs_root "the sticky rows chown to another user"
	check_predictions openat
}

@test "predictions: every row of the table, every mode, through openat2" {
	needs_root "the sticky rows chown to another user"
	check_predictions sys_openat2
}

@test "predictions: every row of the table, every mode, under --seccomp" {
	needs_root "the sticky rows chown to another user"
	RUNNER=seccomp ODC_CALL=$STATIC check_predictions openat
}

@test "the state is read without following the last link, and the call's result is untouched" {
	local name
	for name in fifo lfifo loop; do
		new_scratch
		cd "$SCRATCH"
		mkfifo fifo
		ln -s fifo lfifo
		ln -s loop loop
		ODCREAT_LOG="$BATS_TEST_TMPDIR/log" run shim native "$ODC_CALL" openat "$name" creat,directory
		assert_output "EINVAL fifo:file lfifo:link loop:link"
	done
	run sed 's/.* state=\([a-z-]*\) .*/\1/' "$BATS_TEST_TMPDIR/log"
	assert_output "$(printf '%s\n' other link-file error)"
}

@test "O_NOFOLLOW: a link is found as itself, no directory, dangling or not" {
	local mode name
	for name in p dangling; do
		for mode in $MODES; do
			new_scratch
			cd "$SCRATCH"
			mkdir t
			ln -s t p
			ln -s nothing dangling
			ODCREAT_LOG="$BATS_TEST_TMPDIR/log" run shim "$mode" "$ODC_CALL" openat $name creat,directory,nofollow
			run tail -n 1 "$BATS_TEST_TMPDIR/log"
			assert_output --partial 'would="einval=EINVAL freebsd=ENOTDIR mkdir=ENOTDIR legacy=ENOTDIR linux-5.7=ENOTDIR native=EINVAL"'
			assert_output --partial "result=$([ $mode = einval ] && echo EINVAL || echo ENOTDIR) "
		done
	done
}

@test "without a log nothing is read: the call looks at its name no more often" {
	local st=$BATS_TEST_TMPDIR/strace
	new_scratch
	cd "$SCRATCH"
	ODCREAT_MODE=legacy LD_PRELOAD="$SHIM" strace -f -qq -e trace=newfstatat,openat -o "$st" \
		"$ODC_CALL" openat p creat,directory
	without=$(grep -c '"p"' "$st")
	rm p
	ODCREAT_LOG="$BATS_TEST_TMPDIR/log" ODCREAT_MODE=legacy LD_PRELOAD="$SHIM" \
		strace -f -qq -e trace=newfstatat,openat -o "$st" "$ODC_CALL" openat p creat,directory
	with=$(grep -c '"p"' "$st")
	echo "without a log: $without; with: $with"
	[ "$with" -gt "$without" ]
}

# The shell commands of the README's survey step that begins with TEXT: the
# first fenced block after it.
readme_step() {
	awk -v text="$1" 'index($0, text) { found = 1; next }
		found && /^ *```/ { if (inside) exit; inside = 1; next }
		inside { sub(/^   /, ""); print }' "$ROOT/README.md"
}

@test "the README's survey steps by hand keep what /etc/ld.so.preload held, add the library once, and take only it out" {
	needs_root "an overlay on /etc in a private mount namespace"
	needs_ns mount
	local settings install end sub
	settings=$(readme_step "1. Log every user's calls")
	install=$(readme_step "2. Preload this installation's library")
	end=$(readme_step "3. End the survey")
	[ -n "$settings" ] && [ -n "$install" ] && [ -n "$end" ] || fail "no commands found in the README"
	sub=$(sed -n 2p "$BUILD/abi")
	mkdir -p "$BATS_TEST_TMPDIR/upper" "$BATS_TEST_TMPDIR/work"
	# odcreat and its library as make install puts them, in a tmpfs on /usr/local.
	run unshare -m --propagation private bash -c "
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$BATS_TEST_TMPDIR/upper',workdir='$BATS_TEST_TMPDIR/work' /etc
		mount -t tmpfs -o mode=755 odc-log /var/log
		mount -t tmpfs -o mode=755 odc-local /usr/local
		install -D -m 755 '$ODCREAT' /usr/local/bin/odcreat
		install -D -m 644 '$SHIM' /usr/local/$sub/odcreat/libodcreat.so
		install -D -m 644 '$BUILD/tests/libempty.so' /usr/local/lib/other.so
		export PATH=/usr/local/bin:\$PATH
		echo /usr/local/lib/other.so > /etc/ld.so.preload
		$settings
		$install
		$install
		cp /etc/ld.so.preload '$BATS_TEST_TMPDIR/during'
		$end
		cp /etc/ld.so.preload '$BATS_TEST_TMPDIR/after'
		ls /etc/odcreat.conf" 2> /dev/null
	assert_failure
	assert_line "odcreat: /etc/odcreat.conf: every line is good"
	assert_line --partial "ls: cannot access '/etc/odcreat.conf'"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/during")" '/usr/local/lib/other.so
/usr/local/$LIB/odcreat/libodcreat.so'
	assert_equal "$(cat "$BATS_TEST_TMPDIR/after")" /usr/local/lib/other.so
}
