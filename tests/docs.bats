#!/usr/bin/env bats
# The documentation as its readers meet it: what the odcreat package ships,
# and what odcreat(1) says, rendered as man shows it in 80 columns.

load test_helper

# man_page PAGE: the page as man renders it, 80 columns wide.
man_page() {
	MANWIDTH=80 man -l "$ROOT/man/$1" 2> /dev/null
}

# man_text PAGE: its words, one space between them, whatever the lines,
# and a word hyphenated at a line's end whole again.
man_text() {
	man_page "$1" | tr -s ' \n' '  ' | sed 's/\xe2\x80\x90 //g'
}

@test "the odcreat package ships the README, uncompressed, and every file of the tree it links to" {
	run cat "$ROOT/debian/odcreat.docs"
	assert_line README.md
	grep -q '^	dh_compress -X\.md$' "$ROOT/debian/rules" || fail "debian/rules compresses the README"
	local link shipped
	# Every link of the README into the tree, less its anchor, under what the package ships.
	while read -r link; do
		shipped=0
		while read -r doc; do
			[[ $link == "$doc" || $link == "$doc"/* ]] && shipped=1
		done < "$ROOT/debian/odcreat.docs"
		[ -e "$ROOT/$link" ] || fail "the README links to $link, which is not in the tree"
		[ $shipped = 1 ] || fail "the README links to $link, which the package does not ship"
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
	assert_output --partial "The steps by hand, and the survey of a fleet of machines, are in /usr/share/doc/odcreat/README.md."
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
