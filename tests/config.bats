#!/usr/bin/env bats
# /etc/odcreat.conf, written into an overlay of /etc in a private mount
# namespace (never the host's /etc), and odcreat --config-check.

load test_helper
bats_require_minimum_version 1.5.0

STATIC="$BUILD/tests/odc_call_static"

setup() {
	needs_root "a private mount namespace over /etc, files owned by root and by others"
	needs_ns mount
	# Readable by nobody: the library, the helper and a scratch directory.
	R=$(mktemp -d /tmp/odcreat-conf.XXXXXX)
	chmod 755 "$R"
	mkdir -m 755 "$R/upper" "$R/ovl"
	mkdir -m 1777 "$R/work"
	cp "$SHIM" "$ODC_CALL" "$R/"
	cp "$ODC_CALL" "$R/odc_call_suid"
	chmod 4755 "$R/odc_call_suid"
}

teardown() {
	rm -rf "$R"
}

# conf LINE...: /etc/odcreat.conf, as the overlay will show it (root's, 0644).
conf() {
	rm -f "$R/upper/odcreat.conf"
	printf '%s\n' "$@" > "$R/upper/odcreat.conf"
	chmod 644 "$R/upper/odcreat.conf"
}

# in_etc CMD: CMD by sh, in $R/work, where /etc has the overlay.
in_etc() {
	unshare -m --propagation private sh -c "
		mount -t overlay odc-etc -o lowerdir=/etc,upperdir='$R/upper',workdir='$R/ovl' /etc &&
		cd '$R/work' && $1"
}

# lib [ENV...] NAME: odc_call with the library, creating NAME; "RESULT DISK" and stderr.
lib() {
	local name=${*: -1}
	echo "env ${*:1:$#-1} LD_PRELOAD='$R/libodcreat.so' '$R/odc_call' open $name creat,directory"
}

@test "the glob matcher agrees with the C library's fnmatch(FNM_PATHNAME)" {
	run "$BUILD/tests/glob_test"
	assert_success
	assert_output ""
}

@test "the file's mode and log apply to every program; a missing file is no error" {
	conf "# every program" "mode = mkdir" "log = $R/work/audit.log"
	run --separate-stderr in_etc "$(lib d)"
	assert_output "fd:dir audit.log:data d:dir"
	assert_equal "$stderr" ""
	grep -q ' path="d" .* semantics=mkdir result=[0-9]' "$R/work/audit.log"
	rm "$R/upper/odcreat.conf"
	run --separate-stderr in_etc "$(lib e)"
	assert_output "EINVAL audit.log:data d:dir"
	assert_equal "$stderr" ""
}

@test "sections: the program's path, as run and as resolved, chooses; the last that matches wins" {
	ln -s "$R/odc_call" "$R/alias"
	conf "mode = freebsd" "[$R/odc_*]" "mode = legacy" "[/nowhere/*]" "mode = einval" \
	     "[$R/odc_call]" "mode = mkdir" "[$R/alias]" "mode = linux-5.7"
	run in_etc "$(lib a)"
	assert_output "fd:dir a:dir"
	# Started by the symlink, the program is both names: the later section wins.
	run in_etc "LD_PRELOAD='$R/libodcreat.so' '$R/alias' open b creat,directory"
	assert_output "ENOTDIR a:dir b:file"
	# Another program gets the global mode.
	run in_etc "LD_PRELOAD='$R/libodcreat.so' python3 -c 'import os
try: os.open(\"c\", os.O_CREAT | os.O_DIRECTORY)
except OSError as e: print(e.strerror)'"
	assert_output "No such file or directory"
}

@test "the environment, where set, overrides the file; an empty variable does not" {
	conf "mode = mkdir" "log = stderr"
	run --separate-stderr in_etc "$(lib ODCREAT_MODE=legacy ODCREAT_LOG= d)"
	assert_output "fd:file d:file"
	[[ $stderr == *' path="d" '*' semantics=legacy '* ]] || fail "$stderr"
	run --separate-stderr in_etc "$(lib ODCREAT_MODE= ODCREAT_LOG=$R/work/env.log e)"
	assert_output "fd:dir d:file e:dir env.log:data"
	assert_equal "$stderr" ""
	grep -q ' path="e" .* semantics=mkdir ' "$R/work/env.log"
}

# ignored WHY SETUP: with SETUP done in the overlay, the file is ignored,
# with one line on stderr that says WHY, and the program runs in einval.
ignored() {
	conf "mode = mkdir"
	run --separate-stderr in_etc "$2 && $(lib d) && $(lib e)"
	assert_output "$(printf 'EINVAL -\nEINVAL -')"
	unwrapped stderr
	assert_equal "$stderr" "$(printf 'odcreat: /etc/odcreat.conf: %s\nodcreat: /etc/odcreat.conf: %s' "$1" "$1")"
}

@test "a file another user owns is ignored, with one line" {
	ignored "not owned by root, or writable by group or others: ignored" "chown 1 /etc/odcreat.conf"
}
@test "a group-writable file is ignored, with one line" {
	ignored "not owned by root, or writable by group or others: ignored" "chmod 664 /etc/odcreat.conf"
}
@test "a world-writable file is ignored, with one line" {
	ignored "not owned by root, or writable by group or others: ignored" "chmod 646 /etc/odcreat.conf"
}
@test "a file in a directory others may write is ignored, with one line" {
	ignored "its directory is not owned by root, or writable by group or others: ignored" "chmod 777 /etc"
}
@test "a file in a directory another user owns is ignored, with one line" {
	ignored "its directory is not owned by root, or writable by group or others: ignored" "chown 1 /etc"
}
@test "a symlink is ignored, with one line" {
	ignored "a symlink, ignored" "mv /etc/odcreat.conf /etc/odcreat.real && ln -s odcreat.real /etc/odcreat.conf"
}
@test "a directory in its place is ignored, with one line" {
	ignored "not a regular file, ignored" "rm /etc/odcreat.conf && mkdir /etc/odcreat.conf"
}

@test "secure-execution programs ignore the environment but honour the file, which is the admin's" {
	conf "mode = mkdir"
	echo "$R/libodcreat.so" > "$R/upper/ld.so.preload"
	run in_etc "setpriv --reuid=nobody --regid=nogroup --clear-groups \
			env ODCREAT_MODE=legacy ODCREAT_LOG='$R/work/nobody.log' '$R/odc_call_suid' open s creat,directory &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups \
			env ODCREAT_MODE=legacy '$R/odc_call' open p creat,directory"
	assert_line --index 0 "fd:dir s:dir"
	assert_line --index 1 "fd:file p:file s:dir"
	[ ! -e "$R/work/nobody.log" ]
}

@test "a setuid program is matched by what it runs, never by the path its caller chose" {
	conf "[$R/odc_call_suid]" "mode = mkdir" "[$R/work/bin/*]" "mode = legacy"
	echo "$R/libodcreat.so" > "$R/upper/ld.so.preload"
	mkdir -m 755 "$R/work/bin"
	ln -s "$R/odc_call_suid" "$R/work/bin/victim"
	ln -s "$R/odc_call" "$R/work/bin/plain"
	# Started by nobody through a symlink in a section of its own choosing:
	# the section of the program itself applies (mkdir), not legacy.
	run in_etc "setpriv --reuid=nobody --regid=nogroup --clear-groups '$R/work/bin/victim' open s creat,directory"
	assert_output "fd:dir bin:dir s:dir"
	# A program that is not setuid is matched by the path it was started by too.
	run in_etc "setpriv --reuid=nobody --regid=nogroup --clear-groups '$R/work/bin/plain' open p creat,directory"
	assert_output "fd:file bin:dir p:file s:dir"
}

@test "a setuid program says where the file is wrong, and what kind of wrong, never what it says" {
	conf "mode = secret-mode" "secret-line" "[$R/odc_call_suid" "colour = secret-colour"
	chmod 600 "$R/upper/odcreat.conf"
	echo "$R/libodcreat.so" > "$R/upper/ld.so.preload"
	run --separate-stderr in_etc "setpriv --reuid=nobody --regid=nogroup --clear-groups \
		'$R/odc_call_suid' open s creat,directory"
	assert_output "EINVAL -"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: /etc/odcreat.conf:1: unknown mode, using einval; valid modes:$(printf ' %s' $ALL_MODES)
odcreat: /etc/odcreat.conf:2: not SETTING = VALUE
odcreat: /etc/odcreat.conf:3: a section is [PATTERN]; its settings are ignored
odcreat: /etc/odcreat.conf:4: unknown setting; there are mode, log and log_facility"
	# The same program run by root, without AT_SECURE, shows the text.
	run --separate-stderr in_etc "'$R/odc_call_suid' open r creat,directory"
	[[ $stderr == *'"secret-mode"'* ]] || fail "$stderr"
}

@test "a header too long to keep is no section: the settings under it apply nowhere" {
	local long
	long=$(printf '%*s' 1100 '' | tr ' ' x)
	conf "[/$long]" "mode = legacy" "[unclosed" "mode = legacy"
	run --separate-stderr in_etc "$(lib d)"
	assert_output "EINVAL -"
	unwrapped stderr
	assert_equal "$stderr" "odcreat: /etc/odcreat.conf:1: longer than 1023 bytes, a section whose settings are ignored
odcreat: /etc/odcreat.conf:3: a section is [PATTERN]; its settings are ignored: \"[unclosed\""
}

@test "--config-check reads no device and follows no symlink, as the library, and always finishes" {
	run timeout 10 "$ODCREAT" --config-check /dev/zero
	unwrapped
	assert_failure 1
	assert_output "odcreat: /dev/zero: not a regular file, ignored
odcreat: /dev/zero: not read"
	conf "mode = mkdir"
	run in_etc "ln -sf /dev/zero /etc/odcreat.conf && timeout 10 '$ODCREAT' --config-check"
	unwrapped
	assert_failure 1
	assert_output "odcreat: /etc/odcreat.conf: a symlink, ignored
odcreat: /etc/odcreat.conf: not read"
	run in_etc "ln -sf odcreat.real /etc/odcreat.conf && echo 'mode = mkdir' > /etc/odcreat.real &&
		timeout 10 '$ODCREAT' --config-check"
	assert_failure 1
	assert_output "odcreat: /etc/odcreat.conf: a symlink, ignored
odcreat: /etc/odcreat.conf: not read"
}

@test "every bad line is named, once, and the rest of the file applies; an unknown mode is einval" {
	conf "mode = mkdir" "log = relative.log" "nonsense" "colour = blue" "mode =" "log_facility = local9" \
	     "[unclosed" "mode = legacy" "[/tmp/*/odc_call]" "log = stderr" "[$R/odc_call]" "mode = sideways"
	run --separate-stderr in_etc "$(lib d)"
	assert_output "EINVAL -"
	local said
	# The messages, less the log's line (log = stderr), which is no message.
	output=$(grep -v '^[0-9]\{4\}-' <<< "$stderr")
	unwrapped
	said=$(grep '^odcreat: ' <<< "$output")
	assert_equal "$said" "odcreat: /etc/odcreat.conf:2: log is syslog, journal, stderr or an absolute path: \"relative.log\"
odcreat: /etc/odcreat.conf:3: not SETTING = VALUE: \"nonsense\"
odcreat: /etc/odcreat.conf:4: unknown setting; there are mode, log and log_facility: \"colour\"
odcreat: /etc/odcreat.conf:5: no value: \"mode\"
odcreat: /etc/odcreat.conf:6: unknown log_facility, using user: \"local9\"
odcreat: /etc/odcreat.conf:7: a section is [PATTERN]; its settings are ignored: \"[unclosed\"
odcreat: /etc/odcreat.conf:12: unknown mode, using einval; valid modes:$(printf ' %s' $ALL_MODES): \"sideways\""
	# [/tmp/*/odc_call]'s log = stderr applies; [unclosed's mode = legacy does not; sideways is einval.
	[ "$(grep -c ' path="d" .* semantics=einval result=EINVAL state=missing ' <<< "$stderr")" -eq 1 ]
}

@test "--config-check: each bad line, why the library would pass the file over, and the status" {
	conf "mode = native" "log = journal" "[/opt/legacy/bin/*]" "mode = legacy"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_success
	assert_output "odcreat: /etc/odcreat.conf:2: log = journal: records every user's calls
odcreat: /etc/odcreat.conf: every line is good"
	conf "mode = nosuch" "[x" "log_facility = local3"
	run in_etc "chmod 666 /etc/odcreat.conf && '$ODCREAT' --config-check /etc/odcreat.conf"
	unwrapped
	assert_failure 1
	assert_output "odcreat: /etc/odcreat.conf: not owned by root, or writable by group or others: ignored
odcreat: /etc/odcreat.conf:1: unknown mode, using einval; valid modes:$(printf ' %s' $ALL_MODES): \"nosuch\"
odcreat: /etc/odcreat.conf:2: a section is [PATTERN]; its settings are ignored: \"[x\"
odcreat: /etc/odcreat.conf: 2 bad lines; every other line applies"
	run "$ODCREAT" --config-check "$R/none"
	unwrapped
	assert_failure 1
	assert_output "odcreat: $R/none: No such file or directory"
	run "$ODCREAT" --config-check a b
	assert_failure 2
}

@test "--seccomp takes the file's mode and log" {
	conf "mode = mkdir" "log = $R/work/sec.log"
	run in_etc "'$ODCREAT' --seccomp '$STATIC' openat d creat,directory"
	assert_output --regexp '^fd:dir d:dir( sec.log:data)?$'
	grep -q ' path="d" .* semantics=mkdir ' "$R/work/sec.log"
}

@test "out of descriptors at the first call: the file is read again at the next" {
	conf "mode = legacy"
	run in_etc "LD_PRELOAD='$R/libodcreat.so' python3 -c '
import os, resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))
held = []
try:
    while True: held.append(os.open(\"/dev/null\", os.O_RDONLY))
except OSError: pass
for name in (\"a\", \"b\"):
    try: print(name, os.open(name, os.O_CREAT | os.O_DIRECTORY) >= 0)
    except OSError as e: print(name, e.strerror)
    for fd in held: os.close(fd)
    held = []
'"
	assert_output "a Invalid argument
b True"
	[ ! -e "$R/work/a" ] && [ -f "$R/work/b" ]
}

@test "16 threads' first calls at once: each reads the file or uses the first reading, and every call is logged" {
	conf "mode = legacy" "log = $R/work/race.log"
	for round in 1 2 3 4 5; do
		run in_etc "LD_PRELOAD='$R/libodcreat.so' '$R/odc_call' -t 16 open p$round creat,directory"
		assert_output --partial "fds=1 inodes=1"
	done
	assert_equal "$(grep -c ' semantics=legacy ' "$R/work/race.log")" 80
}

@test "log = DIR/: every program logs into its own user's file there, root's, nobody's and a setuid program's" {
	install -d -m 1733 -o root "$R/logs"
	conf "mode = mkdir" "log = $R/logs/"
	echo "$R/libodcreat.so" > "$R/upper/ld.so.preload"
	run in_etc "'$R/odc_call' open r creat,directory &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups '$R/odc_call' open n creat,directory &&
		setpriv --reuid=nobody --regid=nogroup --clear-groups '$R/odc_call_suid' open s creat,directory"
	assert_success
	run ls "$R/logs"
	assert_output "0.log
65534.log"
	grep -q ' path="r" .* uid=0 ' "$R/logs/0.log"
	grep -q ' path="n" .* uid=65534 ' "$R/logs/65534.log"
	# The setuid program runs as root: its line is root's.
	grep -q ' path="s" .* uid=0 exe="'"$R"'/odc_call_suid" ' "$R/logs/0.log"
	[ "$(cat "$R/logs/"* | wc -l)" -eq 3 ]
}

@test "log = DIR/ and ODCREAT_LOG=DIR/ are accepted; a relative DIR/ is a bad line" {
	conf "log = logs/"
	run --separate-stderr in_etc "$(lib d)"
	unwrapped stderr
	assert_equal "$stderr" 'odcreat: /etc/odcreat.conf:1: log is syslog, journal, stderr or an absolute path: "logs/"'
	install -d -m 1733 -o root "$R/logs"
	conf "log = journal"
	run in_etc "$(lib ODCREAT_LOG="$R/logs/" ODCREAT_MODE=mkdir d)"
	assert_output --partial "fd:dir"
	grep -q ' path="d" .* semantics=mkdir .* uid=0 ' "$R/logs/0.log"
}

@test "--config-check says which users each log records" {
	install -d -m 1733 -o root "$R/logs"
	conf "log = journal" "log = syslog" "log = $R/logs/" "[/opt/*]" "log = $R/work/one.log" "log = stderr"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_success
	assert_output "odcreat: /etc/odcreat.conf:1: log = journal: records every user's calls
odcreat: /etc/odcreat.conf:2: log = syslog: records every user's calls
odcreat: /etc/odcreat.conf:3: log = $R/logs/: records every user's calls, each in $R/logs/UID.log, a file of that user's own
odcreat: /etc/odcreat.conf:5: log = $R/work/one.log: does not exist yet: the first program that logs creates it (0644 less its umask) as its user's, and from then on it records only the calls of users who may open it for append (log = DIR/ records every user)
odcreat: /etc/odcreat.conf:6: log = stderr: each program writes its calls to its own standard error, nowhere in common
odcreat: /etc/odcreat.conf: every line is good"
	install -m 0644 -o nobody /dev/null "$R/work/one.log"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_line "odcreat: /etc/odcreat.conf:5: log = $R/work/one.log: records only the calls of users who may open it for append: root, its owner nobody (uid 65534); every other user's calls are lost (log = DIR/ records every user)"
	chmod 0664 "$R/work/one.log"
	chgrp nogroup "$R/work/one.log"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_line "odcreat: /etc/odcreat.conf:5: log = $R/work/one.log: records only the calls of users who may open it for append: root, its owner nobody (uid 65534), members of group nogroup (gid $(getent group nogroup | cut -d: -f3)); every other user's calls are lost (log = DIR/ records every user)"
	chmod 0666 "$R/work/one.log"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_line "odcreat: /etc/odcreat.conf:5: log = $R/work/one.log: records every user's calls (it is world-writable, so any user may also write any line into it)"
	conf "log = $R/none/one.log"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_failure 1
	assert_output "odcreat: /etc/odcreat.conf:1: log = $R/none/one.log: records no user's calls: its directory $R/none: No such file or directory
odcreat: /etc/odcreat.conf: every line is good; 1 log records no user's calls, or only some"
}

@test "--config-check: a log directory named without its slash is named with its fix and counted with the bad lines, in 80 columns" {
	install -d -m 1733 -o root "$R/logs"
	conf "mode = native" "log = $R/logs" "bogus = 1" "mode = frob" "no equals here"
	run in_etc "'$ODCREAT' --config-check"
	assert_failure 1
	unwrapped
	assert_equal "${#lines[@]}" 5
	assert_line --index 3 "odcreat: /etc/odcreat.conf:2: log = $R/logs: a directory, which no program can write a line to: name it $R/logs/, with its slash, to log each user in a file of its own there"
	assert_line --index 4 "odcreat: /etc/odcreat.conf: 3 bad lines, and 1 log that records no user's calls, or only some; every other line applies"
}

@test "--config-check says what is wrong with a log directory, and fails" {
	conf "log = $R/logs/"
	local fix="(install -d -m 1733 -o root $R/logs/ makes one that records every user)"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_failure 1
	assert_output "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records no user's calls: No such file or directory $fix
odcreat: /etc/odcreat.conf: every line is good; 1 log records no user's calls, or only some"
	install -d -m 0777 -o root "$R/logs"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_failure 1
	assert_line --index 0 "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records no user's calls: writable by group or others, and not sticky $fix"
	chmod 1733 "$R/logs"
	chown nobody "$R/logs"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_line --index 0 "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records no user's calls: not owned by root $fix"
	chown root "$R/logs"
	chmod 0755 "$R/logs"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_failure 1
	assert_line --index 0 "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records only root's calls: others may not create their files in it (mode 0755; 1733 lets every user)"
	mv "$R/logs" "$R/real" && ln -s real "$R/logs"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_line --index 0 "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records no user's calls: it is a symlink, which is not followed $fix"
	rm "$R/logs" && mv "$R/real" "$R/logs" && chmod 1733 "$R/logs"
	# A file another user made first in a user's name sends that user's lines to private names.
	install -m 0600 -o nobody /dev/null "$R/logs/5.log"
	install -m 0600 -o nobody /dev/null "$R/logs/5-0123456789abcdef.log"
	# Names the library never writes are not its users' files.
	install -m 0600 -o nobody /dev/null "$R/logs/05.log"
	install -m 0600 -o nobody /dev/null "$R/logs/5.log.1"
	install -m 0600 -o nobody /dev/null "$R/logs/5-0123.log"
	run in_etc "'$ODCREAT' --config-check"
	unwrapped
	assert_success
	assert_equal "${#lines[@]}" 4
	assert_line --index 0 "odcreat: /etc/odcreat.conf:1: log = $R/logs/: records every user's calls, each in $R/logs/UID.log, a file of that user's own"
	# In the directory's order.
	assert_line "odcreat:   $R/logs/5-0123456789abcdef.log is owned by another user: report skips it"
	assert_line "odcreat:   $R/logs/5.log is owned by another user: uid 5's calls go instead to files $R/logs/5-KEY.log, one for each program run, each a name nobody else can know (report reads them)"
	assert_line --index 3 "odcreat: /etc/odcreat.conf: every line is good"
}
