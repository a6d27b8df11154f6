#!/usr/bin/env bats
# openat2: resolve flags kept on every call the emulation makes, and
# open_how sizes the shim does not know handed to the kernel as they are.

load test_helper

setup() {
	new_scratch
	cd "$SCRATCH"
	mkdir root outside
	ln -s "$SCRATCH/outside" root/abs
	ln -s ../outside root/rel
	cd root
}

@test "mkdir under RESOLVE_BENEATH creates inside the dirfd and never escapes" {
	for entry in openat2 sys_openat2; do
		run shim mkdir "$ODC_CALL" -r beneath "$entry" "new-$entry" creat,directory
		assert_output "fd:dir abs:link new-$entry:dir rel:link"
		for path in ../esc rel/esc abs/esc "$SCRATCH/outside/esc" "new-$entry/../../esc"; do
			run shim mkdir "$ODC_CALL" -r beneath "$entry" "$path" creat,directory
			assert_output "EXDEV abs:link new-$entry:dir rel:link"
		done
		rmdir "new-$entry"
		mkdir sub
		run shim mkdir "$ODC_CALL" -r beneath "$entry" sub/new creat,directory
		assert_output "fd:dir abs:link rel:link sub:dir"
		[ -d sub/new ]
		rm -r sub
	done
	assert_equal "$(ls -A ../outside)" ""
	[ ! -e ../esc ]
	# Not even for a moment: no mkdir succeeds on the way to EXDEV.
	strace -f -qq -e trace=mkdirat,mkdir -o "$BATS_TEST_TMPDIR/log" env ODCREAT_MODE=mkdir \
		LD_PRELOAD="$SHIM" "$ODC_CALL" -r beneath openat2 rel/esc creat,directory
	run grep -c ' = 0$' "$BATS_TEST_TMPDIR/log"
	assert_output 0
}

@test "mkdir under RESOLVE_IN_ROOT creates inside the root, wherever the path points" {
	mkdir sub
	for path in /sub/a ../sub/b rel/c abs/d; do
		run shim mkdir "$ODC_CALL" -r in_root openat2 "$path" creat,directory
		case "$path" in
		rel/*|abs/*) assert_output "ENOENT abs:link rel:link sub:dir" ;;
		*)           assert_output "fd:dir abs:link rel:link sub:dir" ;;
		esac
	done
	assert_equal "$(ls sub | tr '\n' ' ')" "a b "
	assert_equal "$(ls -A ../outside)" ""
}

@test "legacy and linux-5.7 creates keep RESOLVE_BENEATH too" {
	for mode in legacy linux-5.7 freebsd; do
		run shim $mode "$ODC_CALL" -r beneath openat2 rel/esc creat,directory
		assert_output "EXDEV abs:link rel:link"
	done
	run shim legacy "$ODC_CALL" -r no_symlinks openat2 rel/esc creat,directory
	assert_output "ELOOP abs:link rel:link"
	assert_equal "$(ls -A ../outside)" ""
}

@test "an open_how size the shim does not know goes to the kernel as it is" {
	for size in 32 64; do
		run shim mkdir "$ODC_CALL" -s "$size" openat2 p creat,directory
		assert_output "EINVAL abs:link rel:link"
		run shim mkdir "$ODC_CALL" -s "$size" sys_openat2 p creat,directory
		assert_output "EINVAL abs:link rel:link"
	done
	run shim mkdir "$ODC_CALL" -s 16 openat2 p creat,directory
	assert_output "EINVAL abs:link rel:link"
	# Larger sizes still work for ordinary opens, as the kernel allows.
	run shim mkdir "$ODC_CALL" -s 32 openat2 . directory
	assert_output "fd:dir abs:link rel:link"
}

@test "the mode is dropped with O_CREAT: freebsd opens an existing directory through openat2" {
	mkdir d
	run shim freebsd "$ODC_CALL" -m 0755 openat2 d creat,directory
	assert_output "fd:dir abs:link d:dir rel:link"
}
