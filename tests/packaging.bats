#!/usr/bin/env bats
# The Debian packages' maintainer scripts: libodcreat's prerm, as dpkg runs
# it (by /bin/sh, with the triplet dh_installdeb fills in), against an
# /etc/ld.so.preload in an overlay of /etc in a private mount namespace,
# never the host's /etc. debian/tests/preload-removal removes the real
# package the same way under autopkgtest.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "a private mount namespace over /etc, and files owned by others"
	needs_ns mount
	local triplet
	triplet=$(sed -n 2p "$BUILD/abi")
	triplet=${triplet#lib/}
	[ -n "$triplet" ] || fail "no multiarch directory in $BUILD/abi"
	OWN=/usr/lib/$triplet/odcreat/libodcreat.so
	R=$(mktemp -d /tmp/odcreat-pkg.XXXXXX)
	mkdir "$R/upper" "$R/ovl"
	sed "s|#DEB_HOST_MULTIARCH#|$triplet|g" "$ROOT/debian/libodcreat.prerm" > "$R/prerm"
	chmod 755 "$R/prerm"
	# Other tools' libraries, which load: one that defines nothing, at three paths.
	for lib in a b c; do
		cp "$BUILD/tests/libempty.so" "$R/$lib.so"
	done
}

teardown() {
	rm -rf "$R"
}

# in_etc CMD: CMD by sh, where /etc is an overlay whose changes go to $R/upper
# (and stay there for the next in_etc), and the library's directory, if
# libodcreat is installed here, an empty tmpfs, as after its removal.
in_etc() {
	unshare -m --propagation private sh -c "
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$R/upper',workdir='$R/ovl' /etc &&
		{ [ ! -d '${OWN%/*}' ] || mount -t tmpfs odc-removed '${OWN%/*}'; } && $1"
}

# preload LINE...: /etc/ld.so.preload as the overlay shows it, root's, 0644.
# (Where the lower /etc has one, a removal leaves a whiteout in its place,
# a device no file can be written through: it goes first.)
preload() {
	rm -f "$R/upper/ld.so.preload"
	printf '%s\n' "$@" > "$R/upper/ld.so.preload"
	chmod 644 "$R/upper/ld.so.preload"
}

@test "prerm remove: only our entries leave /etc/ld.so.preload; the others, their lines, mode and owner stay" {
	# Ours alone, as the README adds it, and as this architecture's path;
	# ours beside others, split by spaces, colons and tabs; an empty line,
	# and no newline at the end.
	preload "$R/a.so" \
		'/usr/$LIB/odcreat/libodcreat.so' \
		"$R/b.so /usr/\$LIB/odcreat/libodcreat.so:$R/c.so" \
		"  $OWN  " \
		"/usr/\${LIB}/odcreat/libodcreat.so	$R/b.so " \
		'' \
		"$R/a.so:/usr/\$LIB/odcreat/libodcreat.so"
	printf '%s' "$R/c.so" >> "$R/upper/ld.so.preload"
	chown 1:2 "$R/upper/ld.so.preload"
	chmod 640 "$R/upper/ld.so.preload"
	printf '%s\n' "$R/a.so" \
		"$R/b.so $R/c.so" \
		"$R/b.so " \
		'' \
		"$R/a.so" > "$R/expected"
	printf '%s' "$R/c.so" >> "$R/expected"

	# With our library absent, every program says so; the package's removal
	# is what prerm comes before.
	run --separate-stderr in_etc "/bin/true"
	assert_success
	[[ $stderr == *"object '/usr/\$LIB/odcreat/libodcreat.so' from /etc/ld.so.preload cannot be preloaded"* ]] ||
		fail "no loader error before: $stderr"

	run in_etc "'$R/prerm' remove"
	assert_success
	in_etc "cat /etc/ld.so.preload" > "$R/after"
	cmp "$R/expected" "$R/after" || fail "$(diff "$R/expected" "$R/after")"
	run in_etc "stat -c '%a %u %g %F' /etc/ld.so.preload && ls -a /etc | grep -c '^ld\.so\.preload'"
	assert_output "$(printf '640 1 2 regular file\n1')"

	# Programs start without the loader's error, with the others' libraries.
	run --separate-stderr in_etc "cat /proc/self/maps"
	assert_success
	assert_equal "$stderr" ""
	for lib in a b c; do
		assert_output --partial "$R/$lib.so"
	done
}

@test "prerm remove: a file of our entries alone goes; a file without ours is not rewritten" {
	preload '/usr/$LIB/odcreat/libodcreat.so' "$OWN"
	run in_etc "'$R/prerm' remove && ls -a /etc/ld.so.preload"
	assert_failure
	assert_output --partial "No such file or directory"
	refute_output --partial "ld.so.preload.dpkg-odcreat"

	preload "$R/a.so" '/usr/lib/i386-linux-gnu/odcreat/libodcreat.so' '#/usr/$LIB/odcreat/libodcreat.so' \
		"$R/b.so:/usr/lib/odcreat/libodcreat.so:/usr/LIB/odcreat/libodcreat.so:/usr/\$LIB/odcreat/libodcreat.so.1"
	cp "$R/upper/ld.so.preload" "$R/expected"
	touch -d 2001-01-01 "$R/upper/ld.so.preload"
	before=$(stat -c '%i %Y' "$R/upper/ld.so.preload")
	run --separate-stderr in_etc "'$R/prerm' remove && stat -c '%i %Y' /etc/ld.so.preload && ls /etc | grep -c dpkg-odcreat"
	assert_output "$(printf '%s\n0' "$before")"
	cmp "$R/expected" "$R/upper/ld.so.preload"
}

@test "prerm remove: another architecture's library stays, and a word after # is an entry as the loader may read it" {
	preload '/usr/lib/i386-linux-gnu/odcreat/libodcreat.so' '# /usr/$LIB/odcreat/libodcreat.so' \
		'#/usr/$LIB/odcreat/libodcreat.so' "# $OWN, for the survey"
	run in_etc "'$R/prerm' remove"
	assert_success
	run cat "$R/upper/ld.so.preload"
	assert_output "$(printf '%s\n' '/usr/lib/i386-linux-gnu/odcreat/libodcreat.so' '#' \
		'#/usr/$LIB/odcreat/libodcreat.so' "# $OWN, for the survey")"
}

@test "prerm upgrade, failed-upgrade and deconfigure keep the entries: the library stays" {
	preload "$R/a.so" '/usr/$LIB/odcreat/libodcreat.so'
	cp "$R/upper/ld.so.preload" "$R/expected"
	for action in "upgrade 0.1.0" "failed-upgrade 0.1.0" "deconfigure in-favour other 1 removing libc6 2"; do
		run in_etc "'$R/prerm' $action"
		assert_success
		cmp "$R/expected" "$R/upper/ld.so.preload"
	done
	run in_etc "'$R/prerm' frobnicate"
	assert_failure
}

@test "prerm remove: a symlink in place of the file is left alone, saying so" {
	preload "$R/a.so" '/usr/$LIB/odcreat/libodcreat.so'
	mv "$R/upper/ld.so.preload" "$R/preload"
	ln -s "$R/preload" "$R/upper/ld.so.preload"
	cp "$R/preload" "$R/expected"
	run --separate-stderr in_etc "'$R/prerm' remove"
	assert_success
	# Its word, in 80 columns, among the loader's about the missing library.
	output=$(grep -A1 '^libodcreat: ' <<< "$stderr")
	unwrapped
	assert_equal "$output" "libodcreat: /etc/ld.so.preload is not a regular file; take out any entry for odcreat's library yourself"
	[ -L "$R/upper/ld.so.preload" ]
	cmp "$R/expected" "$R/preload"
}

@test "prerm remove under DPKG_ROOT: the file in that root, not this machine's" {
	mkdir -p "$R/root/etc"
	printf '%s\n' "$R/a.so" '/usr/$LIB/odcreat/libodcreat.so' > "$R/root/etc/ld.so.preload"
	preload '/usr/$LIB/odcreat/libodcreat.so'
	run in_etc "DPKG_ROOT='$R/root' '$R/prerm' remove"
	assert_success
	assert_equal "$(cat "$R/root/etc/ld.so.preload")" "$R/a.so"
	assert_equal "$(cat "$R/upper/ld.so.preload")" '/usr/$LIB/odcreat/libodcreat.so'
}

@test "prerm remove: one line of 200,000 entries, ours among them, takes no longer than 2,000,000 lines" {
	# Both files under DPKG_ROOT, where no loader reads them; the overlay's
	# empty /etc/ld.so.preload hides this machine's from the programs here.
	: > "$R/upper/ld.so.preload"
	mkdir -p "$R/one/etc" "$R/many/etc"
	# Ours first, last, and every 50,000 entries between others, each
	# form of ours; the others with separators of every kind.
	awk -v own="$OWN" -v one="$R/one/etc/ld.so.preload" -v want="$R/one.want" 'BEGIN {
		ours[1] = "/usr/$LIB/odcreat/libodcreat.so"
		ours[2] = "/usr/${LIB}/odcreat/libodcreat.so"
		ours[3] = own
		split(":, ,\t,: \t", sep, ",")
		printf "%s:", ours[1] > one
		for (i = 1; i <= 200000; i++) {
			s = i > 1 ? sep[i % 4 + 1] : ""
			if (i % 50000 == 0)
				printf "%s%s", s, ours[i / 50000 % 3 + 1] > one
			printf "%s/o/%d.so", s, i > one
			printf "%s/o/%d.so", s, i > want
		}
		printf " %s\n", own > one
		printf "\n" > want
	}'
	awk -v own="$OWN" 'BEGIN {
		for (i = 1; i <= 2000000; i++) {
			if (i % 500000 == 0)
				print own
			print "/o/" i ".so"
		}
	}' > "$R/many/etc/ld.so.preload"
	grep -vxF "$OWN" "$R/many/etc/ld.so.preload" > "$R/many.want"

	start=${EPOCHREALTIME/./}
	run in_etc "DPKG_ROOT='$R/many' '$R/prerm' remove"
	many=$((${EPOCHREALTIME/./} - start))
	assert_success
	cmp "$R/many.want" "$R/many/etc/ld.so.preload"

	# Four times as long and five seconds more: room for a machine busy
	# with CI's other lane, where taking the line apart in time quadratic
	# in its length took a minute.
	limit=$((4 * many + 5000000))
	limit=$((limit / 1000000)).$(printf %06d $((limit % 1000000)))
	run in_etc "DPKG_ROOT='$R/one' timeout $limit '$R/prerm' remove"
	[ "$status" -ne 124 ] || fail "one line: not done in ${limit}s, four times the time of 2,000,000 lines and five seconds"
	assert_success
	cmp "$R/one.want" "$R/one/etc/ld.so.preload"
}
