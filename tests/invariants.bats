#!/usr/bin/env bats
# The core's invariants: pass-through, errno, cleanup, races, early callers,
# configuration and the exported symbols.

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	new_scratch
	cd "$SCRATCH"
}

# syscalls_of MODE CMD...: how many system calls CMD makes, threads
# included, with the shim preloaded in MODE ("none": without it) into CMD
# alone, not into strace.
syscalls_of() {
	local log="$BATS_TEST_TMPDIR/strace.$RANDOM" mode=$1
	shift
	[ "$mode" = none ] || set -- -E ODCREAT_MODE="$mode" -E LD_PRELOAD="$SHIM" "$@"
	strace -f -qq -o "$log" "$@" > /dev/null
	grep -vc -e '+++ exited' -e '--- SIG' "$log"
}

@test "only the interposed functions are exported" {
	run bash -c "nm -D --defined-only '$SHIM' | awk '{print \$3}' | sort | tr '\n' ' '"
	assert_output "open open64 openat openat2 openat64 syscall "
}

@test "the library needs nothing beyond libc" {
	run bash -c "readelf -d '$SHIM' | grep NEEDED | grep -v -e libasan -e libubsan"
	assert_output --partial "libc.so.6"
	refute_output --partial "libdl"
	assert_equal "$(echo "$output" | wc -l)" 1
}

@test "the library imports no memcpy and no fcntl: each would be its only user of a symbol version" {
	# Every symbol version a library needs costs every process a check at start-up.
	run bash -c "nm -D --undefined-only '$SHIM' | awk '{print \$2}' | sed 's/@.*//'"
	assert_success
	refute_line memcpy
	refute_line --regexp '^fcntl'
}

@test "odcreat's own kernel definitions match this system's kernel headers, on every ABI it builds for" {
	for cc in cc i686-linux-gnu-gcc aarch64-linux-gnu-gcc; do
		command -v $cc > /dev/null || continue
		run $cc -std=gnu11 -D_GNU_SOURCE -I"$ROOT/include" -I"$ROOT/src/cmd/seccomp" -fsyntax-only \
			"$ROOT/tests/kernel_abi.c"
		assert_success
	done
}

# The library's and the command's: the watcher (src/watch), an executable of its own, builds with
# libbpf's headers, which include the kernel's (linux/bpf.h), and links libbpf, which needs glibc
# 2.28 itself; it is packaged for Debian 12 alone, and may use what that has (statx's mount id).
@test "the sources need no kernel headers, and no C library function newer than glibc 2.17" {
	run grep -rln --exclude-dir=watch '#include <linux/\|#include <asm/\|#include <sys/pidfd.h>' "$ROOT/src" \
		"$ROOT/include"
	assert_output ""
	# What glibc added after 2.17 that odcreat could have been tempted by.
	local newer="strerrorname_np strerrordesc_np sigabbrev_np sigdescr_np pidfd_open pidfd_getfd
		pidfd_send_signal close_range closefrom renameat2 statx getrandom getentropy
		memfd_create copy_file_range reallocarray explicit_bzero execveat mlock2 openat2 fchmodat2"
	run bash -c "nm -u \$(find '$BUILD/obj' -path '$BUILD/obj/watch' -prune -o -name '*.o' -print) |
		awk '{print \$2}' | sort -u"
	for f in $newer; do
		refute_line "$f"
	done
}

# The names of the system calls CMD makes, sorted: a multiset to compare.
syscall_names_of() {
	local log="$BATS_TEST_TMPDIR/strace.$RANDOM"
	strace -f -qq -o "$log" "$@" > /dev/null
	sed -n 's/^\([0-9]* *\)\{0,1\}\([a-z_0-9]*\)(.*/\2/p' "$log" | sort
}

@test "start-up: the system calls of loading any library, nothing more" {
	[ "$BUILD" != "$ROOT/build-san" ] || skip "the ASan runtime makes its own"
	empty=$(syscall_names_of env LD_PRELOAD="$BUILD/tests/libempty.so" /bin/true)
	assert_equal "$(syscall_names_of env LD_PRELOAD="$SHIM" /bin/true)" "$empty"
	assert_equal "$(syscall_names_of env ODCREAT_MODE=mkdir ODCREAT_LOG=stderr LD_PRELOAD="$SHIM" \
		/bin/true)" "$empty"
}

@test "another preloaded library's openat2 gets the calls odcreat passes on" {
	other=$BUILD/tests/libodc_openat2.so
	run --separate-stderr env LD_PRELOAD="$SHIM:$other" "$ODC_CALL" openat2 . directory
	assert_output "fd:dir -"
	assert_equal "$stderr" "libodc_openat2: openat2"
	# The pair too, for what the semantics open.
	run --separate-stderr env ODCREAT_MODE=freebsd LD_PRELOAD="$SHIM:$other" "$ODC_CALL" openat2 . creat,directory
	assert_output "fd:dir -"
	assert_equal "$stderr" "libodc_openat2: openat2"
	# Alone, odcreat makes the system call itself.
	run --separate-stderr env LD_PRELOAD="$SHIM" "$ODC_CALL" openat2 . directory
	assert_output "fd:dir -"
	assert_equal "$stderr" ""
}

@test "fast path: an ordinary open costs no extra system call" {
	for mode in mkdir native; do
		one=$(syscalls_of $mode "$ODC_CALL" -n 1 open /etc/passwd rdonly)
		many=$(syscalls_of $mode "$ODC_CALL" -n 101 open /etc/passwd rdonly)
		# 100 more calls: each one openat and one close, as without the shim.
		assert_equal "$((many - one))" 200
	done
	one=$(syscalls_of none "$ODC_CALL" -n 1 openat f creat,wronly)
	many=$(syscalls_of none "$ODC_CALL" -n 101 openat f creat,wronly)
	assert_equal "$((many - one))" 200
	one=$(syscalls_of mkdir "$ODC_CALL" -n 1 openat f creat,wronly)
	many=$(syscalls_of mkdir "$ODC_CALL" -n 101 openat f creat,wronly)
	assert_equal "$((many - one))" 200
}

@test "fast path: ordinary opens and creates keep errno and their result, in every mode" {
	for mode in $MODES native; do
		for entry in $ENTRIES; do
			run_case "$mode" "$entry" missing creat,wronly
			assert_equal "$OUT" "fd:file p:file"
			run_case "$mode" "$entry" dir directory
			assert_equal "$OUT" "fd:dir p:dir"
			run_case "$mode" "$entry" file trunc,wronly
			assert_equal "$OUT" "fd:file p:file"
		done
	done
}

@test "einval makes no system call for the pair; native hands it to the kernel" {
	one=$(syscalls_of einval "$ODC_CALL" -n 1 open p creat,directory)
	many=$(syscalls_of einval "$ODC_CALL" -n 11 open p creat,directory)
	assert_equal "$((many - one))" 0
	one=$(syscalls_of native "$ODC_CALL" -n 1 open p creat,directory)
	many=$(syscalls_of native "$ODC_CALL" -n 11 open p creat,directory)
	# The kernel refuses each (EINVAL on this kernel).
	assert_equal "$((many - one))" 10
}

@test "mkdir mode creating a directory: the parent held open, mkdirat and openat in it, nothing else" {
	local log="$BATS_TEST_TMPDIR/log"
	strace -qq -e trace=openat,mkdirat,mkdir,unlinkat,newfstatat,fchmodat,close -o "$log" \
		env ODCREAT_MODE=mkdir LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	run sed -n '/^openat(AT_FDCWD, "\.", .*O_PATH/,/^close/p' "$log"
	[[ ${lines[0]} =~ ^openat\(AT_FDCWD,\ \"\.\",\ O_RDONLY\|O_CLOEXEC\|O_PATH\|O_DIRECTORY\)\ +=\ ([0-9]+)$ ]]
	parent=${BASH_REMATCH[1]}
	assert_line --index 1 --regexp "^mkdirat\\($parent, \"p\", 0755\\) += 0$"
	assert_line --index 2 --regexp "^openat\\($parent, \"p\", O_RDONLY\\|O_NOFOLLOW\\|O_DIRECTORY\\) += [0-9]+$"
	assert_line --index 3 --regexp "^close\\($parent\\) += 0$"
	assert_equal "${#lines[@]}" 4
}

@test "native mode gives whatever the kernel gives, for the whole table" {
	local state flags
	for flags in creat,directory creat,directory,excl creat,directory,rdwr; do
		for state in missing dir file link-dir link-file dangling slash noparent; do
			for entry in open openat2 sys_openat; do
				run_case none "$entry" "$state" "$flags"
				kernel=$OUT
				run_case native "$entry" "$state" "$flags"
				assert_equal "$OUT" "$kernel"
			done
		done
	done
}

@test "O_TMPFILE passes through untouched; O_TMPFILE|O_CREAT stays EINVAL" {
	for mode in $MODES native; do
		for entry in $ENTRIES; do
			run_case "$mode" "$entry" dir tmpfile,rdwr
			assert_equal "$OUT" "fd:file p:dir"
			run_case "$mode" "$entry" dir tmpfile,creat,rdwr
			assert_equal "$OUT" "EINVAL p:dir"
		done
	done
}

@test "O_PATH ignores O_CREAT in open and openat, and openat2 refuses it" {
	for mode in $MODES; do
		for entry in open open64 openat openat64 sys_open sys_openat; do
			run_case "$mode" "$entry" dir path,creat,directory
			assert_equal "$OUT" "fd:dir p:dir"
			run_case "$mode" "$entry" missing path,creat,directory
			assert_equal "$OUT" "ENOENT -"
		done
		for entry in openat2 sys_openat2; do
			run_case "$mode" "$entry" dir path,creat,directory
			assert_equal "$OUT" "EINVAL p:dir"
		done
	done
}

@test "new objects get mode & ~umask" {
	shim mkdir "$ODC_CALL" -u 027 -m 0777 open d creat,directory
	assert_equal "$(stat -c %a d)" 750
	shim legacy "$ODC_CALL" -u 027 -m 0666 open f creat,directory
	assert_equal "$(stat -c %a f)" 640
	shim linux-5.7 "$ODC_CALL" -u 077 -m 0666 open g creat,directory
	assert_equal "$(stat -c %a g)" 600
}

@test "mkdir: the creator gets its directory open even when the mode forbids reading" {
	nobody_copies
	chmod 1777 "$SCRATCH"
	run as_nobody env ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" \
		-m 0 open p creat,directory
	assert_output "fd:dir p:dir"
	assert_equal "$(stat -c '%a %U' p)" "0 nobody"
	run as_nobody env ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" "$NB/tests/odc_call" \
		-u 0 -m 0333 openat2 q creat,directory
	assert_output "fd:dir p:dir q:dir"
	assert_equal "$(stat -c %a q)" 333
}

@test "path errors come out as the kernel reports them, and nothing is left" {
	long=$(printf 'n%.0s' $(seq 300))
	ln -s loop loop
	for mode in freebsd mkdir legacy linux-5.7; do
		run shim $mode "$ODC_CALL" -D 999 openat p creat,directory
		assert_output "EBADF loop:link"
		run shim $mode "$ODC_CALL" open "$long" creat,directory
		assert_output "ENAMETOOLONG loop:link"
		run shim $mode "$ODC_CALL" open loop creat,directory
		assert_output "ELOOP loop:link"
		run shim $mode "$ODC_CALL" open loop/x creat,directory
		assert_output "ELOOP loop:link"
	done
}

@test "EACCES as an unprivileged user leaves nothing behind" {
	nobody_copies
	mkdir locked
	for mode in freebsd mkdir legacy linux-5.7; do
		run as_nobody env ODCREAT_MODE=$mode LD_PRELOAD="$NB/libodcreat.so" \
			"$NB/tests/odc_call" openat locked/p creat,directory
		[ "$mode" = freebsd ] && assert_output "ENOENT locked:dir" || assert_output "EACCES locked:dir"
		assert_equal "$(ls -A locked)" ""
	done
}

@test "out of descriptors after mkdir made the directory: EMFILE, and it is removed" {
	for entry in open openat openat2 sys_openat; do
		run shim mkdir "$ODC_CALL" -L 4 "$entry" p creat,directory
		assert_output "EMFILE -"
	done
	run shim legacy "$ODC_CALL" -L 4 open p creat,directory
	assert_output "EMFILE -"
}

@test "read-only file system: EROFS in every mode, nothing created" {
	needs_root "a read-only bind mount in a private mount namespace"
	needs_ns mount
	run unshare -m sh -c "mount --bind -o ro '$SCRATCH' '$SCRATCH' && cd '$SCRATCH' &&
		for m in mkdir legacy linux-5.7; do
			ODCREAT_MODE=\$m LD_PRELOAD='$SHIM' '$ODC_CALL' open p creat,directory
		done"
	assert_output "$(printf 'EROFS -\nEROFS -\nEROFS -')"
	[ ! -e p ]
}

@test "a library constructor that runs before odcreat's gets the chosen semantics" {
	run env LD_DEBUG=libs ODCREAT_MODE=mkdir LD_PRELOAD="$SHIM" "$BUILD/tests/early_main"
	assert_line "open=fd syscall=fd getpid=ok"
	# The early library really was initialised first.
	inits=$(echo "$output" | grep 'calling init' | grep -n -e libearly -e libodcreat | cut -d: -f1 | tr '\n' ' ')
	assert_equal "$(echo "$output" | grep 'calling init' | grep -c -e libearly -e libodcreat)" 2
	first=$(echo "$output" | grep 'calling init' | grep -m1 -e libearly -e libodcreat)
	assert_equal "${first##*/}" "libearly.so"
	[ -d early-open ] && [ -d early-syscall ]
	run env ODCREAT_MODE=einval LD_PRELOAD="$SHIM" "$BUILD/tests/early_main"
	assert_output "open=EINVAL syscall=EINVAL getpid=ok"
}

@test "setpriv and su (libcap-ng opens files early) run under the shim" {
	[ "$BUILD" != "$ROOT/build-san" ] ||
		skip "ASan cannot run before its runtime starts, as libcap-ng's constructor would make it"
	nobody_copies
	run env ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" setpriv --reuid=nobody --regid=nogroup \
		--clear-groups id -un
	assert_success
	assert_output "nobody"
	run env ODCREAT_MODE=mkdir LD_PRELOAD="$NB/libodcreat.so" su -s /bin/sh -c 'id -un' nobody
	assert_success
	assert_output "nobody"
}

@test "an unknown mode: one message naming the valid modes, in 80 columns, then einval" {
	# Read at the first call that needs it: a program that makes none hears nothing.
	run env ODCREAT_MODE=bogus LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat
	assert_output "fd:file p:file"
	rm p
	run env ODCREAT_MODE=bogus LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	unwrapped
	assert_line --index 0 "odcreat: unknown ODCREAT_MODE \"bogus\"; valid modes: $ALL_MODES; using einval"
	assert_line --index 1 "EINVAL -"
	assert_equal "${#lines[@]}" 2
}

@test "a hostile ODCREAT_MODE is shown escaped and shortened" {
	run env ODCREAT_MODE="$(printf 'x\033[2J"\n%0300d' 0)" LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	unwrapped
	assert_line --index 0 --regexp '^odcreat: unknown ODCREAT_MODE "x\\x1b\[2J\\x22\\x0a0{33}"\.\.\.; valid modes'
	assert_line --index 1 "EINVAL -"
}

@test "an empty ODCREAT_MODE is the default, silently" {
	run env ODCREAT_MODE= LD_PRELOAD="$SHIM" "$ODC_CALL" open p creat,directory
	assert_output "EINVAL -"
}

@test "secure-execution programs ignore ODCREAT_* (einval, no log); root programs honour them" {
	needs_root "a setuid program and a private mount namespace"
	needs_ns mount
	# Install the shim system-wide in a private mount namespace: a copy of
	# /etc with an ld.so.preload, bind-mounted over /etc there only.
	local root
	root=$(mktemp -d /tmp/odcreat-secure.XXXXXX)
	mkdir "$root/work"
	chmod 755 "$root"
	chmod 1777 "$root/work"
	cp -a /etc "$root/etc"
	cp "$SHIM" "$root/libodcreat.so"
	cp "$ODC_CALL" "$root/odc_call"
	cp "$ODC_CALL" "$root/odc_call_suid"
	chmod 4755 "$root/odc_call_suid"
	echo "$root/libodcreat.so" > "$root/etc/ld.so.preload"
	run unshare -m sh -c "mount --bind '$root/etc' /etc && cd '$root/work' &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
			env ODCREAT_MODE=mkdir ODCREAT_LOG='$root/suid.log' \
			'$root/odc_call_suid' open suid creat,directory &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
			env ODCREAT_MODE=mkdir '$root/odc_call' open plain creat,directory &&
		env ODCREAT_MODE=mkdir ODCREAT_LOG='$root/root.log' \
			'$root/odc_call' open root creat,directory"
	assert_line --index 0 "EINVAL -"
	assert_line --index 1 "fd:dir plain:dir"
	assert_line --index 2 "fd:dir plain:dir root:dir"
	[ ! -e "$root/suid.log" ]
	grep -q 'path="root" .* semantics=mkdir' "$root/root.log"
	rm -rf "$root"
	[ ! -e /etc/ld.so.preload ] || ! grep -q odcreat /etc/ld.so.preload
}
