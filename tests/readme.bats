#!/usr/bin/env bats
# The README's examples as a newcomer runs them (docs/TESTING.md): every
# fenced block marked sh, in order, as one bash -e script, from a fresh
# clone of the repository's committed state in a 0700 directory, as root in
# a private mount namespace whose /usr/local and /etc are overlays and whose
# /var/log is a tmpfs, so that make install and the log directory vanish
# with it. apt-get is a stand-in that simulates an install and fails if it
# would install anything: the host is never changed.

load test_helper

# sh_blocks FILE: FILE's sh blocks, in order, each line less its fence's
# indentation, each block after a comment naming its line.
sh_blocks() {
	awk '!inside && /^ *```sh *$/ { inside = 1; match($0, /^ */); indent = RLENGTH
			print "# README.md:" NR; next }
		inside && /^ *```/ { inside = 0; next }
		inside { print substr($0, indent + 1) }' "$1"
}

@test "every fenced block of the README and docs/ is marked sh, console or text; only the README's run" {
	run awk '/^ *```/ { if (inside) { inside = 0; next }
			inside = 1; lang = $0; sub(/^ *```/, "", lang)
			if (lang !~ /^(sh|console|text)$/) print FILENAME ":" FNR ": " $0 }' \
		"$ROOT/README.md" "$ROOT"/docs/*.md
	assert_success
	assert_output ""
	run grep -n '^ *```sh' "$ROOT"/docs/*.md
	assert_output ""
}

@test "every link of the README and docs/ leads to a file of the tree, and to one of its headings" {
	run python3 "$ROOT/tests/links.py" "$ROOT"
	assert_success
	assert_output ""
	# The checker finds a heading that is not there, and a file.
	mkdir -p "$BATS_TEST_TMPDIR/copy/docs"
	printf '# A\n\n[b](#b) [c](c.md) [d](../README.md#d)\n' > "$BATS_TEST_TMPDIR/copy/docs/a.md"
	printf '# R\n\n[a](docs/a.md#a)\n' > "$BATS_TEST_TMPDIR/copy/README.md"
	run python3 "$ROOT/tests/links.py" "$BATS_TEST_TMPDIR/copy"
	assert_failure
	assert_output "docs/a.md:3: #b: no such heading
docs/a.md:3: c.md: no such file
docs/a.md:3: ../README.md#d: no such heading"
}

@test "the README's sh blocks run as written, in order, from a fresh clone" {
	needs_root "installs into an overlay of /usr/local in a private mount namespace"
	needs_ns mount
	git -C "$ROOT" rev-parse --git-dir > /dev/null 2>&1 || skip "not a git checkout: the README's blocks run from a clone"
	local d=$BATS_TEST_TMPDIR/readme had_odcreat had_log
	mkdir -m 700 "$d"
	mkdir "$d/bin" "$d/home" "$d/usr-upper" "$d/usr-work" "$d/etc-upper" "$d/etc-work"
	git clone -q "$ROOT" "$d/odcreat"
	sh_blocks "$d/odcreat/README.md" > "$d/blocks.sh"
	grep -q '^make$' "$d/blocks.sh" || fail "no quick start among the README's sh blocks"
	# apt, asked and never obeyed: the quick start's line must install nothing.
	cat > "$d/bin/apt-get" <<-'EOF'
		#!/bin/sh
		case " $* " in
		*" install "*) ;;
		" update ") echo "readme.bats: apt-get update: not run here; the install only simulates" >&2; exit 0 ;;
		*) echo "readme.bats: apt-get $* is not run here" >&2; exit 1 ;;
		esac
		out=$(/usr/bin/apt-get --simulate "$@") || { echo "$out" >&2; exit 1; }
		echo "$out" | grep -Eq '^[0-9]+ upgraded, 0 newly installed' && exit 0
		echo "readme.bats: apt-get $* would install packages on this machine:" >&2
		echo "$out" | grep '^Inst ' >&2
		exit 1
	EOF
	chmod +x "$d/bin/apt-get"
	[ -e /usr/local/bin/odcreat ] && had_odcreat=1 || had_odcreat=0
	[ -e /var/log/odcreat ] && had_log=1 || had_log=0

	SECONDS=0
	# A login's environment, not make check's (MAKEFLAGS, SANITIZE=1, ODC_*).
	run timeout 900 unshare -m --propagation private env -i PATH="$d/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
		HOME="$d/home" LANG=C.UTF-8 TERM=dumb bash -c "
		set -e
		mount -t overlay odc-usr-local -o lowerdir=/usr/local,upperdir='$d/usr-upper',workdir='$d/usr-work' /usr/local
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$d/etc-upper',workdir='$d/etc-work' /etc
		mount -t tmpfs -o mode=755 odc-var-log /var/log
		cd '$d/odcreat'
		bash -e -x '$d/blocks.sh'"
	echo "# the README's sh blocks: ${SECONDS} s" >&3
	assert_success
	# What each visible example shows.
	assert_line --regexp '^\+ \./build/odcreat --probe$'
	assert_line --regexp '^This kernel behaves like mode '
	assert_line --regexp 'semantics=mkdir result=[0-9]+ state=missing '
	assert_line newdir
	assert_line newdir4
	assert_line --regexp '^python3 +- +'
	assert_line --regexp '^ +odcreat +- run a program'
	assert_line --regexp '^1 call from 1 program on 1 host; 0 lost'
	[ -d "$d/odcreat/newdir" ] && [ -d "$d/odcreat/newdir2" ] && [ -d "$d/odcreat/newdir3" ] &&
		[ -d "$d/odcreat/newdir4" ] || fail "an example made no directory"
	# Nothing reached the host.
	[ -e /usr/local/bin/odcreat ] && [ "$had_odcreat" = 1 ] || [ ! -e /usr/local/bin/odcreat ]
	[ -e /var/log/odcreat ] && [ "$had_log" = 1 ] || [ ! -e /var/log/odcreat ]
	[ -e "$d/usr-upper/bin/odcreat" ] || fail "make install put nothing in the overlay"
}
