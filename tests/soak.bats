#!/usr/bin/env bats
# The survey as an administrator runs it, under attack: the library in
# /etc/ld.so.preload for every process, /etc/odcreat.conf saying
# mode = native and log = journal, a real systemd-journald, and a hostile
# local user, all in private namespaces (tests/logd.sh; /etc is an
# overlay there, the host's untouched).

load test_helper
bats_require_minimum_version 1.5.0

setup() {
	needs_root "private mount namespaces, an overlay on /etc and a setuid program"
	needs_ns mount net
	command -v /lib/systemd/systemd-journald > /dev/null || skip "systemd-journald is missing (make check installs systemd)"
	D=$BATS_TEST_TMPDIR
}

# The hostile user's forgeries, sent as odcreat would send them: claims to
# be sshd, a name with a newline and a terminal escape, a spreadsheet
# formula, and journald's own trusted field, which it must drop. The
# forger stays until journald has read what it is.
FORGE='import socket, struct, time
def field(key, value):
    return key + b"\n" + struct.pack("<Q", len(value)) + value + b"\n"
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
for prog in [b"/usr/sbin/sshd", b"x\n/usr/sbin/sshd\x1b[31m", b"=cmd|calc"]:
    s.sendto(b"SYSLOG_IDENTIFIER=odcreat\nSYSLOG_PID=1\n_EXE=/usr/sbin/sshd\n" +
             field(b"ODCREAT_PROG", prog) + b"ODCREAT_PATH=/x\nODCREAT_RESULT=EINVAL\n" +
             b"ODCREAT_STATE=missing\nODCREAT_WOULD=einval=EINVAL\n" +
             field(b"MESSAGE", b"forged\nprog=\"/usr/sbin/sshd\" result=EINVAL"),
             "/run/systemd/journal/socket")
time.sleep(1)'

# A day's work in miniature, as root and as nobody, with the pair passed
# by real programs (one setuid, one from a directory with a hostile name)
# and not by the rest; every step must succeed.
WORK='set -eu
work=/run/odc-soak
cd "$work/scratch"
/usr/bin/python3 -c "import os
try: os.open(\"py\", os.O_CREAT | os.O_DIRECTORY)
except OSError: pass"
perl -e "use Fcntl; sysopen(my \$f, \"pl\", O_CREAT | O_DIRECTORY | O_RDONLY)" || true
dd of=dd oflag=directory conv=notrunc < /dev/null 2> /dev/null || true
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
as_nobody "$work/odc_call_suid" open suid creat,directory > /dev/null
as_nobody "$work/$HOSTILE/odc_call" open hostile creat,directory > /dev/null
as_nobody /usr/bin/python3 -c "$FORGE" &
ls -la /etc > /dev/null
tar cf - -C /usr/share/doc bash | tar tf - > /dev/null
cp -r /usr/share/doc/bash copy
sort /etc/passwd | grep -q "^root:"
find /usr/share/doc -maxdepth 1 | wc -l > /dev/null
runuser -u nobody -- ls / > /dev/null
su -s /bin/sh nobody -c true
sh -c "mkdir made && rmdir made"
/usr/bin/python3 -c "import json, tempfile; tempfile.mkdtemp(dir=\".\")" > /dev/null
wait
logd_flush
"$work/odcreat" report --journal --format=csv > "$work/report"
cp "$work/report" "$D/report"'

@test "soak: the library in every process, a hostile user forging; report --journal names exactly the programs that ran" {
	local work=/run/odc-soak hostile=$'x\n/usr/sbin/sshd\e[31m'
	mkdir -p "$D/upper" "$D/work"
	printf '%s\n' "$work/libodcreat.so" > "$D/ld.so.preload"
	printf 'mode = native\nlog = journal\n' > "$D/odcreat.conf"
	unshare -m -n --propagation private "$ROOT/tests/logd.sh" journald "$D" env \
		FORGE="$FORGE" HOSTILE="$hostile" D="$D" bash -euc '
		work=/run/odc-soak
		mkdir -p "$work/scratch" "$work/$HOSTILE"
		chmod 1777 "$work/scratch"
		cp "$1" "$2" "$work/"
		cp "$3" "$work/odc_call_suid"
		cp "$3" "$work/$HOSTILE/odc_call"
		chmod 4755 "$work/odc_call_suid"
		chmod -R a+rX "$work"
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir="$D/upper",workdir="$D/work" /etc
		cp "$D/ld.so.preload" "$D/odcreat.conf" /etc/
		bash -c "$4"' soak "$SHIM" "$ODCREAT" "$ODC_CALL" "$WORK"
	[ ! -e /run/odc-soak ] || fail "the soak reached the host's /run"
	local python perl nobody
	python=$(readlink -f /usr/bin/python3)
	perl=$(readlink -f "$(command -v perl)")
	nobody=$(id -u nobody)
	# Root's calls by journald's _EXE; nobody's (journald's _UID is the real
	# uid, so the setuid program's too) behind its uid, the forger's three
	# under python3 whatever they claim.
	run bash -c "tail -n +2 '$D/report' | cut -d, -f1,2 | sort"
	assert_output "$(sort <<-EOF
		"$python",1
		"$perl",1
		"/usr/bin/dd",1
		"[uid $nobody] $python",3
		"[uid $nobody] $work/odc_call_suid",1
		"[uid $nobody] $work/x\\x0a/usr/sbin/sshd\\x1b[31m/odc_call",1
		EOF
	)"
}
