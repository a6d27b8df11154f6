# Shared by tests/fresh/*.bats: a fresh minimal Debian 12 root
# (mmdebstrap --variant=minbase, from the mirror this machine's apt uses,
# read now), with apt's Recommends off, and a clone of this repository's
# committed state in its /root (0700), which only git, make and
# ca-certificates join.

FRESH_SKIP="no Debian mirror can be reached from here (make check-fresh)"

# The Debian 12 mirror of this machine's apt sources.
debian_mirror() {
	apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Identifier: Packages' 2>/dev/null |
		awk '$2 == "bookworm" { print $1; exit }'
}

# This machine's apt settings that a mirror may need: a snapshot mirror's
# Release files are past their Valid-Until date.
host_aptopts() {
	apt-config dump Acquire::Check-Valid-Until | sed -n 's/^\(Acquire::Check-Valid-Until\) \(.*\);$/--aptopt=\1 \2/p'
}

# fresh_root: the root, made in $FRESH, with the clone in $FRESH/root/odcreat;
# skips where no mirror can be reached.
fresh_root() {
	needs_root "builds a Debian root with mmdebstrap and enters it"
	local mirror aptopt
	mirror=$(debian_mirror)
	[ -n "$mirror" ] && /usr/lib/apt/apt-helper download-file "${mirror%/}/dists/bookworm/Release" \
		"$BATS_TEST_TMPDIR/Release" > /dev/null 2>&1 || skip "$FRESH_SKIP"
	FRESH=$BATS_TEST_TMPDIR/root
	aptopt=$(host_aptopts)
	run mmdebstrap --variant=minbase --include=git,make,ca-certificates \
		--aptopt='APT::Install-Recommends "false"' ${aptopt:+"$aptopt"} bookworm "$FRESH" "$mirror"
	assert_success
	git clone -q "$ROOT" "$FRESH/root/odcreat"
	assert_equal "$(stat -c %a "$FRESH/root")" 700
}

# fresh_deb ENTER [WHERE]: in the fresh root, entered by the function
# ENTER (ENTER CMD: CMD by sh in /root/odcreat, as root), make deb's first
# step installs what the build needs (the Build-Depends, and dpkg-dev,
# debhelper, lintian, fakeroot); then make deb builds the packages with the
# whole suite, which passes, its skips allowed by tests/skips.txt (with
# ODC_SKIPS_WHERE=WHERE), and dpkg-query shows that the build installed
# nothing. The rename races are shortened (ODC_RACE_CALLS=1000), as make
# check-fresh shortens them: the outer make check runs them whole.
fresh_deb() {
	local enter=$1 where=${2:-} log=$BATS_TEST_TMPDIR/deb.log
	SECONDS=0
	# Not by run: a later failure would print apt's words last.
	"$enter" 'sh tests/deps.sh deb && dpkg-query -W > /tmp/before' > "$BATS_TEST_TMPDIR/deps.log" 2>&1 ||
		fail "the Build-Depends did not install: $(tail -30 "$BATS_TEST_TMPDIR/deps.log")"
	echo "# the Build-Depends: ${SECONDS} s" >&3
	SECONDS=0
	"$enter" 'ODC_RACE_CALLS=1000 make deb && dpkg-query -W > /tmp/after' > "$log" 2>&1 || {
		grep -A15 '^not ok' "$log" | head -80
		tail -30 "$log"
		return 1
	}
	echo "# make deb: ${SECONDS} s, $(grep -c '^ok ' "$log") passed" >&3
	run grep -c '^not ok' "$log"
	assert_output 0
	assert [ "$(grep -c '^ok ' "$log")" -gt 300 ]
	run diff "$FRESH/tmp/before" "$FRESH/tmp/after"
	assert_output ""
	run ls "$FRESH/root/odcreat/build/deb"
	assert_line --regexp '^odcreat_[0-9.]+_[a-z0-9]+\.deb$'
	assert_line --regexp '^libodcreat_[0-9.]+_[a-z0-9]+\.deb$'
	run env ODC_SKIPS_WHERE="$where" sh "$ROOT/tests/skips.sh" "$log"
	echo "$output" | sed 's/^/# /' >&3
	assert_success
}
