#!/bin/sh
# manlint.sh PAGE...: what man (groff's warnings, all of them), lexgrog (the
# NAME line that mandb and apropos read) and mandoc -T lint (down to its
# style messages) find wrong with each man page, one line per finding, each
# after the page's name and the tool's. Exit status 1 if any of them finds
# anything, 2 if one is missing (make check installs them: tests/deps.sh).
# No message is let through: a page that needs one is a page to fix.
status=0
for tool in man lexgrog mandoc; do
	command -v "$tool" >/dev/null 2>&1 && continue
	echo "manlint.sh: $tool is missing (make check installs it)" >&2
	exit 2
done
# Each line of FINDINGS, after PAGE and TOOL; and the status is 1.
report() {
	[ -n "$3" ] || return 0
	printf '%s\n' "$3" | sed "s|^|$1: $2: |"
	status=1
}
for page; do
	# troff names the page "<standard input>": its line numbers stay.
	report "$page" man "$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=w -l "$page" 2>&1 >/dev/null)"
	# lexgrog says "PAGE: \"NAME - DESCRIPTION\"", or "PAGE: parse failed" with status 2.
	found=$(lexgrog "$page" 2>&1)
	case $? in
	0) case $found in
	   "$page: \""*" - "*"\"") ;;
	   *) report "$page" lexgrog "no whatis line: ${found#"$page: "}" ;;
	   esac ;;
	*) report "$page" lexgrog "${found#"$page: "}" ;;
	esac
	# mandoc's messages name the page themselves: "mandoc: PAGE:LINE:COLUMN: LEVEL: ...".
	found=$(mandoc -T lint -W style "$page" 2>&1)
	report "$page" mandoc "$(printf '%s\n' "$found" | sed "s|^mandoc: $page:||")"
done
exit $status
