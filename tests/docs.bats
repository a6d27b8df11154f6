#!/usr/bin/env bats
# The documentation as its readers meet it: what the odcreat package ships,
# and what odcreat(1) says, rendered as man shows it in 80 columns.

load test_helper

# man_page PAGE: the page as man renders it, 80 columns wide. In UTF-8,
# whatever the caller's locale: in C, groff ends a hyphenated line with
# an ASCII '-', which man_text could not tell from the text's own.
man_page() {
	LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$ROOT/man/$1" 2> /dev/null
}

# man_text PAGE: its words, one space between them, whatever the lines,
# and a word hyphenated at a line's end whole again.
man_text() {
	man_page "$1" | tr -s ' \n' '  ' | sed 's/\xe2\x80\x90 //g'
}

@test "the odcreat package ships the README, uncompressed, and every file of the tree it links to, where make install puts them" {
	# The package ships what make install puts in /usr/share/doc/odcreat.
	run grep '^usr/share/doc/' "$ROOT/debian/odcreat.install"
	assert_output "usr/share/doc/odcreat/README.md
usr/share/doc/odcreat/docs"
	grep -q '^	dh_compress -X\.md$' "$ROOT/debian/rules" || fail "debian/rules compresses the README"
	local link doc=$BATS_TEST_TMPDIR/dest/usr/share/doc/odcreat
	own_make install DESTDIR="$BATS_TEST_TMPDIR/dest" PREFIX=/usr > /dev/null
	# Every link of the README into the tree, less its anchor, there.
	while read -r link; do
		[ -e "$ROOT/$link" ] || fail "the README links to $link, which is not in the tree"
		[ -e "$doc/$link" ] || fail "the README links to $link, which make install does not put there"
	done < <(grep -o '](\([^)#:]*\)' "$ROOT/README.md" | sed 's/^](//' | grep . | sort -u)
}

@test "odcreat(1) describes survey start, status and stop, and report, as an administrator uses them" {
	run man_page odcreat.1
	assert_line --regexp '^ +odcreat survey start \[-l DIR/ \| -l journal \| -l syslog\]$'
	assert_line --regexp '^ +odcreat survey stop \| status$'
	assert_line SURVEY
	assert_line REPORT
	for command in "odcreat survey start" "odcreat survey status" "odcreat report /var/log/odcreat/" \
		"odcreat survey stop"; do
		assert_line "           # $command"
	done
	run man_text odcreat.1
	assert_output --partial "The steps by hand, and the survey of a fleet of machines, are in the README: /usr/share/doc/odcreat/README.md with the packages,"
	assert_output --partial "After a survey (odcreat survey start, above), root reads its log directory with odcreat report /var/log/odcreat/"
}

@test "odcreat(1) starts with what a user looks for: a short DESCRIPTION, OPTIONS within 60 lines, each mode on a line; the internals after" {
	run man_page odcreat.1
	local description options mode n=0
	description=$(grep -n '^DESCRIPTION$' <<< "$output" | cut -d: -f1)
	options=$(grep -n '^OPTIONS$' <<< "$output" | cut -d: -f1)
	[ -n "$options" ] && [ "$options" -le 60 ] || fail "OPTIONS at line ${options:-none}"
	[ $((options - description)) -le 20 ] || fail "DESCRIPTION is $((options - description)) lines long"
	# -m: each mode on a line of its own, with what it does, right after its first line.
	run awk '/^       -m MODE, --mode=MODE$/ { found = NR } found && NR > found + 1 && NR <= found + 7' <<< "$output"
	for mode in $ALL_MODES; do
		assert_line --index $((n++)) --regexp "^ {14}$mode +[a-zA-Z]"
	done
	run man_page odcreat.1
	# The supervisor's internals and the preload's after OPTIONS, in NOTES.
	for heading in "How the library is preloaded" "Seccomp supervision"; do
		[ "$(grep -n "^   $heading\$" <<< "$output" | cut -d: -f1)" -gt "$(grep -n '^NOTES$' <<< "$output" |
			cut -d: -f1)" ] || fail "$heading is not under NOTES"
	done
}

@test "the README's first screen shows a command for each use: a legacy program, another kernel's meaning, a survey" {
	run bash -c "head -n 30 '$ROOT/README.md' | awk '/^\`\`\`console\$/ { inside = 1; next } /^\`\`\`/ { inside = 0 } inside'"
	assert_line --regexp '^odcreat -m legacy '
	assert_line --regexp '^odcreat -m (mkdir|freebsd|einval) '
	assert_line --regexp '^odcreat survey start( |$)'
	assert_line --regexp '^odcreat report '
	assert_line --regexp '^odcreat survey stop( |$)'
}

@test "the README keeps what a user runs; the internals are in docs/, each one line and a link from the README" {
	run grep -E '^#+ (What a local user can forge|How it works|Reliability|Performance)$' "$ROOT/README.md"
	assert_output ""
	for doc in security log design reliability performance; do
		[ -f "$ROOT/docs/$doc.md" ] || fail "no docs/$doc.md"
		assert_equal "$(grep -c "^- \[[^]]*\](docs/$doc\.md): " "$ROOT/README.md")" 1
	done
	# The log's internals: the sender's wait for its daemon, the library's steps in a log directory.
	run grep -c 'SIOCOUTQ\|O_PATH|O_DIRECTORY|O_NOFOLLOW' "$ROOT/README.md"
	assert_output 0
}

@test "the README's quick start updates apt's lists first, installs man-db for man odcreat, and explains --probe's output once" {
	run awk '/^```sh$/ { inside = 1; next } /^```/ { if (inside) exit } inside' "$ROOT/README.md"
	assert_line --index 0 "apt-get update"
	assert_line --index 1 --regexp '^apt-get install .* man-db( |$)'
	run bash -c "awk '/^ *\`\`\`/ { inside = !inside; next } !inside' '$ROOT/README.md' | tr '\n' ' '"
	assert_equal "$(grep -o -- '- \*\*result\*\*: ' <<< "$output" | wc -l)" 1
	assert_equal "$(grep -o 'on disk after' <<< "$output" | wc -l)" 1
	# Each term at its first use is where it is defined.
	for term in "the pair" "the series" "the question" "log directory"; do
		[[ $(grep -o -- "\(\*\*\)\?$term\(\*\*\)\?" <<< "$output" | head -1) == "**$term**" ]] ||
			fail "\"$term\" is used before it is defined"
	done
}

@test "odcreat(1) says where to report a bug and what to say, names no placeholder address, and names the README where both installs put it" {
	run grep -rlE '@|example\.(org|com|net)' "$ROOT/man" "$ROOT/debian/copyright"
	assert_output ""
	run man_text odcreat.1
	assert_output --partial "Report a bug to whoever gave you your copy of odcreat. For Debian's packages that is Debian's bug tracker: \$ reportbug odcreat"
	assert_output --partial "For a copy built from source, it is the issue tracker of the project where the source was obtained."
	assert_output --partial "what odcreat --probe prints;"
	assert_output --partial "the kernel's release, as uname -r prints it;"
	assert_output --partial "the mode, and where it was chosen (-m, ODCREAT_MODE or /etc/odcreat.conf);"
	assert_output --partial "the call's log line (-l, see LOG FORMAT);"
	assert_output --partial "/usr/share/doc/odcreat/README.md with the packages, /usr/local/share/doc/odcreat/README.md after make install"
}
