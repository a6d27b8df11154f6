#!/bin/sh
# skips.sh LOG...: the tests that LOG (bats TAP output) shows skipped, with
# their reasons, counted; fails if a reason is not one that tests/skips.txt
# allows (its "local: " lines only where CI is unset, its "chroot: " lines
# only where ODC_SKIPS_WHERE=chroot says LOG is a package build's in a
# plain chroot).
allowed=$(dirname "$0")/skips.txt
sed -n 's/^ok [0-9]* .* # skip //p' "$@" | sort | uniq -c | sort -rn |
awk -v allowed="$allowed" -v ci="${CI:-}" -v where="${ODC_SKIPS_WHERE:-}" '
	BEGIN {
		while ((getline line < allowed) > 0) {
			if (line ~ /^#/ || line == "")
				continue
			sub(/ \| .*/, "", line)
			if (sub(/^local: /, "", line) && ci != "")
				continue
			if (sub(/^chroot: /, "", line) && where != "chroot")
				continue
			ok[line] = 1
		}
	}
	{
		count = $1
		reason = $0
		sub(/^ *[0-9]+ /, "", reason)
		total += count
		if (reason in ok) {
			printf "  skipped %d: %s\n", count, reason
		} else {
			printf "  skipped %d, NOT ALLOWED (tests/skips.txt): %s\n", count, reason
			bad = 1
		}
	}
	END {
		printf "%d tests skipped%s\n", total, bad ? ", some for reasons CI does not accept" : ""
		exit bad
	}'
