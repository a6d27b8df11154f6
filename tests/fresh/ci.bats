#!/usr/bin/env bats
# CI's fresh root (make check-fresh-ci): a fresh minimal Debian 12 root
# (tests/fresh/fresh.bash), entered with pivot_root as make check-fresh
# enters its own. make demo prints its table; then make deb installs the
# Build-Depends, which are the packages make check installs (tests/
# packager.bats holds them equal), and builds the packages with the whole
# suite, make check, which passes with no skip CI would refuse and installs
# nothing. It stands for make check-fresh (the README's make demo and make
# check) and make check-deb-fresh (whose plain chroot tests/needs_ns.py
# and tests/packager.bats stand for) at the cost of one make check where
# they take two.

load ../test_helper
load fresh

inside() {
	"$ROOT/tests/fresh/enter.sh" "$FRESH" sh -c "cd /root/odcreat && $1"
}

@test "a fresh minimal Debian 12: make demo prints its table, and make deb installs the Build-Depends and builds the packages with the whole suite, which passes" {
	fresh_root
	needs_ns mount pid
	SECONDS=0
	run inside 'make demo'
	echo "# make demo: ${SECONDS} s" >&3
	assert_success
	assert_line --regexp '^python3 +- +EINVAL/- +EINVAL/- +ENOENT/- +ok/dir +ok/file +ENOTDIR/file$'
	fresh_deb inside
}
