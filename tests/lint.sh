#!/bin/sh
# lint.sh [FILE...]: finds a shell function handed to a program that runs
# its arguments as a command (timeout, setpriv, unshare, env, odcreat,
# qemu-user through $ODC_RUN, ...). Such a program execs its argument and
# cannot see the shell's functions, so the line fails with status 127
# ("No such file or directory") wherever it runs; a guard that runs on one
# kind of machine only would hide that until CI lands on the other kind.
# A function that hands "$@" to such a program (as_nobody) counts as one.
# Without FILEs: every shell file under tests/ and bench/, and .ci/run.
# Prints FILE:LINE for each, and fails if there is any.
cd "$(dirname "$0")/.." || exit 2
[ $# -gt 0 ] || set -- $(find tests bench -name '*.bats' -o -name '*.bash' -o -name '*.sh' | sort) .ci/run
awk '
BEGIN {
	# Programs that run their arguments as a command: for each, its options
	# that take the next word as their value, and how many words (a
	# duration, a directory) stand before the command. odcreat, however
	# named, and qemu-user (through $ODC_RUN too) are among them.
	program("timeout", "-s -k --signal --kill-after", 1)
	program("setpriv", "--reuid --regid --ruid --euid --rgid --egid --groups --inh-caps " \
		"--ambient-caps --bounding-set --securebits --pdeathsig", 0)
	program("unshare", "--propagation --setgroups -S --setuid -G --setgid --map-user " \
		"--map-group -R --root -w --wd", 0)
	program("env", "-u --unset -C --chdir -S --split-string", 0)
	program("nice", "-n --adjustment", 0)
	program("ionice", "-c --class -n --classdata", 0)
	program("chroot", "--userspec --groups", 1)
	program("taskset", "", 1)
	program("flock", "-w --timeout -E --conflict-exit-code", 1)
	program("runuser", "-u -g -G", 0)
	program("sudo", "-u -g -C -D", 0)
	program("strace", "-o -e -E -p -s -u -a -b -I -O -P -S -X", 0)
	program("nsenter", "-t --target -S --setuid -G --setgid", 0)
	split("nohup setsid stdbuf xargs valgrind eatmydata fakeroot exec", w, " ")
	for (i in w)
		program(w[i], "", 0)
	program("odcreat", "-m -l", 0)
	program("qemu", "-L -E -U -cpu", 0)
	# What may stand before the command on its line.
	split("run ! command time then do else if elif while until", w, " ")
	for (i in w)
		lead[w[i]] = 1
	# bats and its libraries: functions too, defined nowhere here.
	split("run skip load fail assert refute assert_equal assert_output assert_line " \
	      "assert_success assert_failure refute_output refute_line", w, " ")
	for (i in w)
		global[w[i]] = 1
}

function program(name, takes, before,    n, i, o) {
	n = split(takes, o, " ")
	for (i = 1; i <= n; i++)
		value[name, o[i]] = 1
	positional[name] = before
	wrapper[name] = 1
}

# The table name of the program WORD names, or "".
function wrapper_of(word) {
	if (word ~ /(^|\/)odcreat$|^\$ODCREAT$/)
		return "odcreat"
	if (word ~ /^qemu-|^\$ODC_RUN$/)
		return "qemu"
	return (word in wrapper) ? word : ""
}

# Pass 1 (every file): the functions each defines; *.bash ones are loaded
# by every test. A function that hands "$@" to a program above is one too.
FNR == 1 { pass = (FILENAME in seen) ? 2 : 1; seen[FILENAME] = 1; body = "" }
pass == 1 && match($0, /^[ \t]*(function[ \t]+)?[A-Za-z_][A-Za-z0-9_]*[ \t]*\(\)/) {
	name = substr($0, RSTART, RLENGTH)
	sub(/^[ \t]*(function[ \t]+)?/, "", name)
	sub(/[ \t]*\(\)$/, "", name)
	if (FILENAME ~ /\.bash$/)
		global[name] = 1
	else
		own[FILENAME, name] = 1
	body = name
	next
}
pass == 1 && /^}/ { body = ""; next }
pass == 1 && body != "" && /"\$@"/ {
	n = split(unquote($0), t, /[ \t]+/)
	for (i = 1; i <= n; i++)
		if (wrapper_of(t[i]) != "" && !(body in wrapper)) {
			wrapper[body] = 1
			positional[body] = 0
		}
	next
}
pass == 1 { next }

# Pass 2: each command line, its continuations joined, cut into simple
# commands, each followed through the programs that run the next.
{
	line = (cont == "" ? "" : cont " ") $0
	if (cont == "")
		start = FNR
	if (sub(/\\$/, "", line)) {
		cont = line
		next
	}
	cont = ""
	if (line ~ /^[ \t]*#/)
		next
	n = split(unquote(line), seg, /\$\(|[|;&()`]/)
	for (s = 1; s <= n; s++)
		check(seg[s], start)
}
END { exit bad }

function unquote(text) {
	gsub(/["\047{}]/, "", text)
	return text
}

function is_function(name) {
	return (name in global) || ((FILENAME, name) in own)
}

function check(cmd, at,    t, n, k, by, named, skip) {
	n = split(cmd, t, /[ \t]+/)
	for (k = 1; k <= n; k++)
		if (!(t[k] == "" || (t[k] in lead) || t[k] ~ /^-/ || t[k] ~ /^[A-Za-z_][A-Za-z0-9_]*=/))
			break
	by = wrapper_of(t[k])
	# The command each program runs: past its options (and their values),
	# its leading words, and the assignments env takes.
	while (by != "") {
		named = t[k]
		skip = positional[by]
		for (k++; k <= n; k++) {
			if ((by, t[k]) in value)
				k++
			else if (t[k] ~ /^-/ || (by == "env" && t[k] ~ /^[A-Za-z_][A-Za-z0-9_]*=/))
				continue
			else if (skip-- <= 0)
				break
		}
		if (k > n)
			return
		if (is_function(t[k])) {
			printf "%s:%d: %s runs %s, a shell function it cannot see\n", FILENAME, at, named, t[k]
			bad = 1
			return
		}
		by = wrapper_of(t[k])
	}
}
' "$@" "$@"
