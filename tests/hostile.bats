#!/usr/bin/env bats
# The suites on a machine whose settings would ruin them and be ruined by
# them: a survey running, its library in /etc/ld.so.preload, and an
# /etc/odcreat.conf that gives every program mode mkdir and the survey's
# log. Selected suites run through tests/isolate.sh, as make runs them all,
# in a private mount namespace where /etc is an overlay holding those two
# files and /var/log a tmpfs holding the log directory. They pass, and the
# log, /etc and /tmp hold nothing of theirs afterwards.

load test_helper
bats_require_minimum_version 1.5.0

# Suites whose programs make the pair without a log of their own, run
# programs with no preload, and write /etc/odcreat.conf and /etc/ld.so.preload
# into overlays of their own (where a whiteout once broke packaging.bats).
SUITES="openat2 packaging config"

@test "selected suites, with a survey's /etc/odcreat.conf and /etc/ld.so.preload on the machine: they pass and write nothing outside their own directories" {
	needs_root "an overlay on /etc and tmpfs mounts on /var/log and /tmp in a private mount namespace"
	needs_ns mount
	local h=$BATS_TEST_TMPDIR/hostile suite files=()
	for suite in $SUITES; do
		files+=("$ROOT/tests/$suite.bats")
	done
	mkdir -p "$h/upper" "$h/work"
	printf 'mode = mkdir\nlog = /var/log/odcreat/\n' > "$h/upper/odcreat.conf"
	echo /var/log/odc-lib/libodcreat.so > "$h/upper/ld.so.preload"
	chmod 644 "$h/upper/odcreat.conf" "$h/upper/ld.so.preload"
	# /tmp an empty tmpfs but for this test's directory and the tree under test, each
	# bound in from the real /tmp where it lies there: what the suites leave there shows.
	run unshare -m --propagation private bash -e -c "
		mount -t tmpfs -o mode=755 odc-log /var/log
		install -D -m 644 '$SHIM' /var/log/odc-lib/libodcreat.so
		install -d -m 1733 -o root /var/log/odcreat
		mount -t overlay odc-hostile -o lowerdir=/etc,upperdir='$h/upper',workdir='$h/work' /etc
		mkdir /var/log/tmp
		mount --rbind /tmp /var/log/tmp
		mount -t tmpfs -o mode=1777 odc-tmp /tmp
		for keep in '$h' '$ROOT'; do
			case \$keep in /tmp/*) ;; *) continue ;; esac
			top=\$(echo \"\${keep#/tmp/}\" | cut -d/ -f1)
			mkdir -p \"/tmp/\$top\"
			mount --rbind \"/var/log/tmp/\$top\" \"/tmp/\$top\"
		done
		ls -A /tmp > '$h/tmp-before'
		# The machine's settings reach its programs: the library logs python3's call.
		/usr/bin/python3 -c 'import os; os.open(\"$h/made\", os.O_CREAT | os.O_DIRECTORY); os.rmdir(\"$h/made\")'
		ls /var/log/odcreat
		rm /var/log/odcreat/*
		cd '$ROOT'
		# A login's environment: none of this bats run's own.
		env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=\"\$HOME\" \\
			ODC_BUILD='${ODC_BUILD:-build}' sh tests/isolate.sh bats ${files[*]} > '$h/suites' 2>&1 ||
			echo \"suites: \$?\"
		cat /var/log/odcreat/* > '$h/log' 2> /dev/null || true
		ls -A /tmp > '$h/tmp-after'"
	assert_success
	local said=$output
	# No program of theirs logged, and every test passed.
	run sed -n 's/.* exe="\([^"]*\)".*/\1/p' "$h/log"
	assert_output ""
	assert_equal "$said" "0.log"
	grep -q '^ok ' "$h/suites" || fail "no suite ran: $(tail "$h/suites")"
	run grep -A20 '^not ok' "$h/suites"
	assert_output ""
	# /etc's changes are the two files alone, as written; /tmp has nothing new.
	assert_equal "$(cd "$h/upper" && find . -mindepth 1 | sort)" "./ld.so.preload
./odcreat.conf"
	assert_equal "$(cat "$h/upper/odcreat.conf")" "mode = mkdir
log = /var/log/odcreat/"
	run diff "$h/tmp-before" "$h/tmp-after"
	assert_output ""
}
