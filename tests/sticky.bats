#!/usr/bin/env bats
# The kernel's rule for O_CREAT in sticky directories (may_create_in_sticky),
# as the modes that reproduce a Linux kernel apply it: the upstream series'
# selftest case, and the rule checked against this kernel's own O_CREAT.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
}

# The upstream selftest's sticky_dir_eacces: as root, another user's (uid 1)
# directory in a sticky, world-writable directory of root's.
sticky_dir() {
	mkdir -m 1777 sticky
	chmod 1777 sticky
	mkdir -m 0700 sticky/otherdir
	chown 1:1 sticky/otherdir
}

@test "sticky_dir_eacces: mkdir mode refuses another's directory in a sticky one, through every entry point" {
	needs_root "another user's directory (chown)"
	sticky_dir
	for entry in $ENTRIES; do
		run shim mkdir "$ODC_CALL" "$entry" sticky/otherdir creat,directory
		assert_output "EACCES sticky:dir"
		# The very same open without O_CREAT still succeeds.
		run shim mkdir "$ODC_CALL" "$entry" sticky/otherdir directory
		assert_output "fd:dir sticky:dir"
	done
	# Only O_EXCL's EEXIST comes first; the directory's owner, or its own, may open it.
	run shim mkdir "$ODC_CALL" open sticky/otherdir creat,directory,excl
	assert_output "EEXIST sticky:dir"
	chown 0 sticky/otherdir
	run shim mkdir "$ODC_CALL" open sticky/otherdir creat,directory
	assert_output "fd:dir sticky:dir"
	chown 1 sticky/otherdir
	chmod 1775 sticky
	run shim mkdir "$ODC_CALL" open sticky/otherdir creat,directory
	assert_output "fd:dir sticky:dir"
}

@test "sticky_dir_eacces under --seccomp: static, Go and dynamic programs" {
	needs_root "another user's directory (chown)"
	sticky_dir
	for call in "$BUILD/tests/odc_call_static sys_openat" "$BUILD/tests/odc_call_static open" \
		    "$BUILD/tests/odc_call_go go_openat" "$ODC_CALL openat64"; do
		set -- $call
		run "$BUILD/odcreat" --seccomp -m mkdir -- "$1" "$2" sticky/otherdir creat,directory
		assert_output "EACCES sticky:dir"
	done
}

# make_kind KIND: an object of KIND at "obj".
make_kind() {
	case $1 in
	file)   printf data > obj ;;
	fifo)   mkfifo obj ;;
	socket) python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("obj")' ;;
	esac
}

@test "the rule matches this kernel's own O_CREAT: each kind of object, owner and directory mode" {
	local dirmode owner kind kernel want mode
	nobody_copies
	for dirmode in 1777 1775 1770 0777; do
		for owner in 0 1 65534; do
			for kind in file fifo socket; do
				new_scratch
				cd "$SCRATCH"
				chgrp nogroup .
				chmod "$dirmode" .
				make_kind $kind
				chown $owner obj
				# The kernel's answer to a plain O_CREAT open, run as nobody.
				kernel=$(as_nobody "$NB/tests/odc_call" open obj creat,nonblock | cut -d' ' -f1)
				[ "$kernel" = EACCES ] && want=EACCES || want=ENOTDIR
				for mode in mkdir legacy linux-5.7; do
					run as_nobody env ODCREAT_MODE=$mode LD_PRELOAD="$NB/libodcreat.so" \
						"$NB/tests/odc_call" open obj creat,directory,nonblock
					assert_output "$want obj:$( [ $kind = file ] && echo data || echo file)" ||
						fail "$mode, $kind of uid $owner in a $dirmode directory: kernel $kernel"
				done
			done
		done
	done
}

# with_sysctls REGULAR FIFOS CMD...: CMD where /proc/sys/fs/protected_regular
# and protected_fifos read REGULAR and FIFOS, in a private mount namespace
# (the kernel's own values stay as they are).
with_sysctls() {
	local regular=$1 fifos=$2
	shift 2
	echo "$regular" > "$BATS_TEST_TMPDIR/regular"
	echo "$fifos" > "$BATS_TEST_TMPDIR/fifos"
	unshare -m sh -c "mount --bind '$BATS_TEST_TMPDIR/regular' /proc/sys/fs/protected_regular &&
		mount --bind '$BATS_TEST_TMPDIR/fifos' /proc/sys/fs/protected_fifos && exec \"\$@\"" sh "$@"
}

@test "regular files and FIFOs: refused as fs.protected_regular and fs.protected_fifos say" {
	needs_root "sysctls faked in a private mount namespace"
	needs_ns mount
	chmod 1777 .
	printf data > f
	mkfifo q
	chown 1 f q
	for mode in mkdir legacy linux-5.7; do
		for level in 0 1 2; do
			want=$([ $level = 0 ] && echo ENOTDIR || echo EACCES)
			run with_sysctls $level $level env ODCREAT_MODE=$mode LD_PRELOAD="$SHIM" \
				"$ODC_CALL" open f creat,directory
			assert_output "$want f:data q:file"
			run with_sysctls $level $level env ODCREAT_MODE=$mode LD_PRELOAD="$SHIM" \
				"$ODC_CALL" open q creat,directory,nonblock
			assert_output "$want f:data q:file"
		done
		# Group-writable only: refused at level 2 alone.
		chmod 1770 .
		run with_sysctls 1 1 env ODCREAT_MODE=$mode LD_PRELOAD="$SHIM" "$ODC_CALL" open f creat,directory
		assert_output "ENOTDIR f:data q:file"
		run with_sysctls 2 2 env ODCREAT_MODE=$mode LD_PRELOAD="$SHIM" "$ODC_CALL" open f creat,directory
		assert_output "EACCES f:data q:file"
		chmod 1777 .
	done
	# freebsd has no such rule.
	run with_sysctls 2 2 env ODCREAT_MODE=freebsd LD_PRELOAD="$SHIM" "$ODC_CALL" open f creat,directory
	assert_output "ENOTDIR f:data q:file"
}
