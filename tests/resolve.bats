#!/usr/bin/env bats
# odcreat report --resolve as root, against a hostile user (issue 49): the
# resolver is a child of report's that no user can reach, reads a module
# with the rights of the user its line is from, opens nothing but a
# regular file reached without a symlink, is confined to reading, ends
# within one deadline for the whole drill-down, and leaves each site it
# could not resolve with its reason; real modules still resolve, through
# Debian's /usr/lib/debug/.build-id too. (docs/security.md)

load test_helper
bats_require_minimum_version 1.5.0

SITE="$BUILD/tests/odc_site"

setup() {
	needs_root "the resolver's identity, and other users' rights, are root's to give"
	new_scratch
	cd "$SCRATCH"
	KILL=""
	# The offset of the call in libodc_site.so, as its own log gives it.
	"$ODCREAT" -m einval -l offset.log "$SITE" lib p > /dev/null
	OFFSET=$(grep -o ' where="[^"]*"' offset.log | sed 's/.*+0x//; s/"$//')
}

teardown() {
	local pid
	for pid in $KILL; do
		kill -9 "$pid" 2> /dev/null || true
	done
	[ -z "${NB:-}" ] || rm -rf "$NB"
}

# where_of MODULE: MODULE+0xOFFSET, the call in libodc_site.so, as if MODULE were it.
where_of() {
	echo "$1+0x$OFFSET"
}

# line WHERE: a log line of the program /usr/bin/tool whose call site is WHERE.
line() {
	echo "2026-12-04T10:00:00.000000Z pid=1 prog=\"tool\" call=openat dirfd=AT_FDCWD path=\"/x\" flags=O_RDONLY|O_CREAT|O_DIRECTORY mode=0755 semantics=einval result=EINVAL state=missing would=\"einval=EINVAL\" uid=0 exe=\"/usr/bin/tool\" where=\"$1\""
}

# resolved ARG...: the drill-down of "tool" (report --program=tool --resolve ARG...),
# its lines joined into one, as words apart, in $output; a long word's pieces joined.
resolved() {
	run "$ODCREAT" report --program=tool --resolve "$@"
	assert_success
	output=$(sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' <<< "$output" | tr -s ' \n' '  ')
}

@test "a line's module is read with its user's rights: nobody's log, or a log anyone may write, does not reach root's file; root's own log does" {
	nobody_copies
	cd "$NB"
	cp "$BUILD/tests/libodc_site.so" root-only.so
	chmod 600 root-only.so
	line "$(where_of "$NB/root-only.so")" > root.log
	chmod 600 root.log
	cp root.log nobody.log
	chown nobody nobody.log
	cp root.log anyone.log
	chmod 666 anyone.log
	resolved root.log
	# The file as the compilation named it: absolute, or under "." where a package build maps its directory so (dpkg-buildflags' -ffile-prefix-map).
	assert_output --regexp "root-only\.so\+0x[0-9a-f]+ odc_site_open at (\./|/)[^ ]*odc_site\.c:[0-9]+"
	for log in nobody.log anyone.log; do
		resolved "$log"
		assert_output --partial "root-only.so+0x$OFFSET not resolved: its user may not read it (Permission denied)"
	done
	# A log directory's file is its owner's: nobody's 65534.log reads with nobody's rights.
	mkdir -m 1733 dir
	sed 's/ uid=0 / uid=65534 /' root.log > dir/65534.log
	chown nobody dir/65534.log
	chmod 600 dir/65534.log
	resolved dir/
	assert_output --partial "root-only.so+0x$OFFSET not resolved: its user may not read it (Permission denied)"
	chmod 644 root-only.so
	resolved dir/
	assert_output --regexp "root-only\.so\+0x[0-9a-f]+ odc_site_open at \.?/"
}

@test "a device, a FIFO, a symlink to /etc and a path through one are never opened: each site is left with its reason" {
	mkfifo fifo
	ln -s /etc link
	{
		line /dev/zero+0x10
		line "$PWD/fifo+0x10"
		line "$PWD/link/passwd+0x10"
		line "$PWD/link/../etc/passwd+0x10"
		line "$PWD/missing+0x10"
	} > log
	chmod 600 log
	strace -f -qq -o trace -e trace=open,openat,openat2 "$ODCREAT" report --program=tool --resolve log > out
	run cat out
	assert_line --partial "/dev/zero+0x10"
	assert_line "           not resolved: not a regular file but a device"
	assert_line "           not resolved: not a regular file but a FIFO"
	assert_line "           not resolved: its path has a symlink now (where= names none)"
	assert_line "           not resolved: not an absolute path as the kernel writes one"
	assert_line "           not resolved: No such file or directory"
	# Looked up as nothing (O_PATH), never opened: no device's open, no FIFO's, nothing under /etc.
	run sh -c "grep -E 'open(at2?)?\\(.*\"[^\"]*(zero|fifo|passwd)\"' trace | grep -v O_PATH"
	assert_output ""
	run grep -cE '"(zero|fifo|link)", [A-Z_|]*O_PATH' trace
	assert_output 3
}

# fuse_stall: a FUSE file system that never answers a lookup (tests/odc_fuse.c)
# at $SCRATCH/fuse, in a mount namespace of the test's own, where
# "odcreat report --resolve" reads LOG (ARGS after it) under script(1), as
# from root's terminal, in the background: its output in report.out, and
# "done" in report.done when it ends; the FUSE server's pid in fuse.pid.
fuse_stall() {
	[ -c /dev/fuse ] || skip "this machine has no /dev/fuse"
	[ -x "$BUILD/tests/odc_fuse" ] || skip "no $BUILD/tests/odc_fuse (make check builds it)"
	mkdir fuse
	ODCREAT=$ODCREAT B=$BUILD unshare -m --propagation private sh -c '
		"$B/tests/odc_fuse" fuse > fuse.out 2>&1 &
		echo $! > fuse.pid
		until grep -q mounted fuse.out; do sleep 0.05; done
		script -qec "\"$ODCREAT\" report --program=tool --resolve $*" /dev/null > report.out 2>&1
		echo done > report.done
		kill -9 $(cat fuse.pid)' sh "$@" 3>&- &
	KILL="$KILL $!"
	local i
	for ((i = 0; i < 100; i++)); do
		[ -s fuse.pid ] && grep -q mounted fuse.out 2> /dev/null && break
		sleep 0.05
	done
	grep -q mounted fuse.out || skip "this machine refuses a FUSE mount: $(cat fuse.out)"
	KILL="$KILL $(cat fuse.pid)"
}

# resolver: the pid of report's resolving child, once one is asleep in the FUSE (10 s at most).
resolver() {
	local i pid
	for ((i = 0; i < 200; i++)); do
		for pid in $(pgrep -f "report --program=tool --resolve"); do
			[ "$(cat /proc/"$pid"/wchan 2> /dev/null)" = request_wait_answer ] && { echo "$pid"; return; }
			grep -qx 'State:	D (disk sleep)' /proc/"$pid"/status 2> /dev/null && { echo "$pid"; return; }
		done
		sleep 0.05
	done
	return 1
}

@test "a resolve held in a user's FUSE is out of the user's reach: root's uids, not dumpable, a session of its own, no terminal, no environment; nobody can stop, trace or read it" {
	needs_ns mount
	nobody_copies
	cd "$NB"
	line "$(where_of "$NB/fuse/lib.so")" > log
	chown nobody log
	fuse_stall log
	local pid report
	pid=$(resolver) || fail "no resolver asleep in the FUSE: $(cat report.out)"
	report=$(awk '{ print $4 }' /proc/"$pid"/stat)
	# Root's uids, nobody's file-system rights alone; its own session, and no terminal though report has one.
	run grep -E '^(Uid|Gid|NoNewPrivs):' /proc/"$pid"/status
	assert_line --regexp '^Uid:	0	0	0	65534$'
	assert_line --regexp '^Gid:	0	0	0	65534$'
	assert_line 'NoNewPrivs:	1'
	read -r -a stat < <(sed 's/.*) //' /proc/"$pid"/stat)
	assert_equal "${stat[3]}" "$pid"	# its session
	assert_equal "${stat[4]}" 0		# its terminal: none
	read -r -a rstat < <(sed 's/.*) //' /proc/"$report"/stat)
	[ "${rstat[4]}" != 0 ] || fail "report itself has no terminal to keep from its child"
	[ ! -s /proc/"$pid"/environ ] || [ -z "$(tr -d '\0' < /proc/"$pid"/environ)" ] ||
		fail "root's environment is in the resolver's memory"
	# The user whose line it reads: no signal, no trace, no /proc reading.
	run as_nobody kill -STOP "$pid"
	assert_failure
	run as_nobody cat /proc/"$pid"/environ
	assert_failure
	run as_nobody strace -p "$pid" -e trace=none
	assert_failure
	assert_output --partial "Operation not permitted"
	grep -q 'State:	[DS]' /proc/"$pid"/status || fail "the resolver was stopped"
}

@test "one deadline for the whole drill-down: a FUSE that never answers holds --resolve 3 s (ODCREAT_RESOLVE_SECONDS=3), the other sites resolved, each site said why" {
	needs_ns mount
	{
		line "$(where_of "$SCRATCH/fuse/lib.so")"
		line "$(where_of "$(readlink -f "$BUILD/tests/libodc_site.so")")"
		line "$SCRATCH/none.so+0x10"
	} > log
	chmod 600 log
	local start=$SECONDS
	ODCREAT_RESOLVE_SECONDS=3 fuse_stall log
	until [ -s report.done ] || ((SECONDS - start > 20)); do sleep 0.1; done
	[ -s report.done ] || fail "--resolve still running after 20 s: $(cat report.out)"
	((SECONDS - start <= 8)) || fail "--resolve took $((SECONDS - start)) s"
	run tr -d '\r' < report.out
	assert_line "           not resolved: the drill-down's 3 s ran out"
	assert_line --regexp '^           odc_site_open at( |$)'
	assert_line "           not resolved: No such file or directory"
}

@test "the resolver is confined once its files are open: code that took it over can open nothing, take root's rights back, nor signal" {
	nobody_copies
	cd "$NB"
	line "$(where_of "$NB/tests/libodc_site.so")" > log
	chown nobody log
	LD_PRELOAD="$BUILD/tests/libodc_confined.so" resolved log
	assert_output --partial "not resolved: taken over: open EPERM, fsuid -1 then -1, kill EPERM"
}

# craft FROM NAME PYTHON: $SCRATCH/NAME, the module FROM as PYTHON changed
# it (b: its bytes, a bytearray; s(name): a section's offset and size).
craft() {
	python3 - "$1" "$SCRATCH/$2" "$3" <<'EOF'
import struct, subprocess, sys
b = bytearray(open(sys.argv[1], "rb").read())
def s(name):
    for line in subprocess.run(["readelf", "-SW", sys.argv[1]], capture_output=True, text=True).stdout.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 6 and f[1] == name:
            return int(f[4], 16), int(f[5], 16)
exec(sys.argv[3])
open(sys.argv[2], "wb").write(b)
EOF
}

@test "crafted modules: cut short, huge counts, offsets past the end, line programs that never advance, bad compression, 16 GiB; each left with its reason or resolved, in time, nothing crashed" {
	local lib="$BUILD/tests/libodc_site.so"
	craft "$lib" cut.so 'b = b[:len(b) // 3]'
	craft "$lib" shoff.so 'b[0x28:0x30] = struct.pack("<Q", 1 << 62)'
	craft "$lib" phnum.so 'b[0x38:0x3a] = struct.pack("<H", 0xffff)'
	craft "$lib" phoff.so 'b[0x20:0x28] = struct.pack("<Q", len(b) - 8)'
	craft "$lib" unit.so 'o, n = s(".debug_line"); b[o:o + 4] = struct.pack("<I", 0xfffffff0)'
	craft "$lib" unit64.so 'o, n = s(".debug_line"); b[o:o + 12] = struct.pack("<IQ", 0xffffffff, 1 << 60)'
	craft "$lib" loop.so 'o, n = s(".debug_line"); b[o + 60:o + n] = bytes([1]) * (n - 60)'
	craft "$lib" files.so 'o, n = s(".debug_line"); b[o + 40:o + 60] = bytes([0xff] * 9 + [1] + [0xff] * 10)'
	craft "$lib" symtab.so 'o, n = s(".symtab"); b[o:o + n] = bytes([0xff]) * n'
	# Compressed (Elf64_Chdr: type, reserved, size, alignment; then the zlib stream).
	objcopy --compress-debug-sections=zlib "$lib" zlib.so
	craft zlib.so huge.so 'o, n = s(".debug_line"); b[o + 8:o + 16] = struct.pack("<Q", 1 << 40)'
	craft zlib.so inflate.so 'o, n = s(".debug_line"); b[o + 26:o + 40] = bytes(14)'
	# A file of 16 GiB (sparse): only what its headers point at is read.
	cp "$lib" big.so
	truncate -s 16G big.so
	local m start=$SECONDS all=""
	# Two drill-downs, of at most 10 sites each.
	for m in cut shoff phnum phoff unit big; do line "$(where_of "$SCRATCH/$m.so")"; done > log1
	for m in unit64 loop files symtab huge inflate; do line "$(where_of "$SCRATCH/$m.so")"; done > log2
	chmod 600 log1 log2
	for m in log1 log2; do
		resolved "$m"
		all="$all $output"
	done
	output=$all
	((SECONDS - start <= 20)) || fail "took $((SECONDS - start)) s"
	refute_output --partial "ended without an answer"
	assert_output --partial "cut.so+0x$OFFSET not resolved: "
	assert_output --partial "phnum.so+0x$OFFSET not resolved: an ELF file with more program headers than report reads"
	assert_output --partial "phoff.so+0x$OFFSET not resolved: an ELF file whose headers point past its end"
	assert_output --partial "huge.so+0x$OFFSET not resolved: a debug section larger than report reads (256 MiB); in the function odc_site_open"
	assert_output --regexp "inflate\.so\+0x$OFFSET not resolved: a compressed section [a-z' ]+; in the function odc_site_open"
	assert_output --regexp "unit\.so\+0x$OFFSET not resolved: debug information whose line tables report cannot read; in the function odc_site_open"
	# What can still be read is: the symbols, without the sections' headers or with a broken line table's rows.
	assert_output --regexp "shoff\.so\+0x$OFFSET not resolved: no debug information for the module here"
	assert_output --regexp "symtab\.so\+0x$OFFSET odc_site_open at (\./|/)[^ ]*odc_site\.c:[0-9]+"
	assert_output --regexp "big\.so\+0x$OFFSET odc_site_open at (\./|/)[^ ]*odc_site\.c:[0-9]+"
	local l
	for l in loop files unit64; do
		assert_output --regexp "$l\.so\+0x$OFFSET (not resolved: [a-z]|odc_site_open at)"
	done
}

@test "root's drill-down resolves a stripped module by its debug file in /usr/lib/debug/.build-id (zlib-compressed, as Debian's -dbgsym packages ship it)" {
	needs_ns mount
	cp "$BUILD/tests/libodc_site.so" full.so
	local id
	id=$(readelf -n full.so | sed -n 's/.*Build ID: //p')
	[ -n "$id" ] || skip "the test library has no build ID"
	objcopy --only-keep-debug --compress-debug-sections=zlib full.so debug
	strip --strip-all -o stripped.so full.so
	! readelf -SW stripped.so | grep -qE '\.(symtab|debug_)' || fail "not stripped"
	line "$(where_of "$SCRATCH/stripped.so")" > log
	chmod 600 log
	resolved log
	assert_output --partial "stripped.so+0x$OFFSET not resolved: no debug information for the module here; in the function odc_site_open"
	# Debian's place for it, in a mount namespace of the test's own: the real one is left alone.
	run unshare -m --propagation private sh -c '
		mount -t tmpfs tmpfs /usr/lib/debug &&
		mkdir -p /usr/lib/debug/.build-id/'"${id:0:2}"' &&
		cp debug /usr/lib/debug/.build-id/'"${id:0:2}/${id:2}"'.debug &&
		"$0" report --program=tool --resolve log' "$ODCREAT"
	assert_success
	output=$(sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' <<< "$output" | tr -s ' \n' '  ')
	assert_output --regexp "stripped\.so\+0x$OFFSET odc_site_open at (\./|/[^ ]*/)tests/odc_site\.c:[0-9]+"
}

@test "DWARF 4 and 2 modules, whose line tables leave the compilation's directory to .debug_info, resolve to the file under it, as DWARF 5's do" {
	cp "$ROOT/tests/odc_site.c" .
	local v at
	at=$(grep -n 'open(path' odc_site.c | cut -d: -f1)
	for v in 2 4 5; do
		mkdir "v$v"
		cc -gdwarf-$v -O2 -fPIC -shared -o "v$v/libodc_site.so" odc_site.c
		# odc_site finds its library by its RUNPATH, after LD_LIBRARY_PATH.
		LD_LIBRARY_PATH=$PWD/v$v "$ODCREAT" -m einval -l log "$SITE" lib p > /dev/null
	done
	grep -c "where=\"$PWD/v[245]/" log | grep -qx 3 || fail "odc_site did not call through the libraries built here: $(cat log)"
	sed -i 's/ exe="[^"]*"/ exe="\/usr\/bin\/tool"/' log
	chmod 600 log
	resolved log
	for v in 2 4 5; do
		assert_output --regexp "v$v/libodc_site\.so\+0x[0-9a-f]+ odc_site_open at $SCRATCH/odc_site\.c:$at "
	done
}
