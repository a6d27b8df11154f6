#!/bin/sh
# make demo: real programs pass O_CREAT|O_DIRECTORY under every mode; print
# what each got and what it left on disk, side by side.
#   tests/demo.sh ODCREAT   (the odcreat command to use)
set -u
odcreat=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
modes="native einval freebsd mkdir legacy linux-5.7"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/odcreat-demo.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# The programs, as small scripts that print "ok" or the errno name they got.
cat > "$scratch/python3" <<'PY'
#!/usr/bin/env python3
import errno, os
try:
    os.open("new", os.O_RDONLY | os.O_CREAT | os.O_DIRECTORY, 0o755)
    print("ok")
except OSError as e:
    print(errno.errorcode[e.errno])
PY
cat > "$scratch/perl" <<'PL'
#!/usr/bin/perl
use Fcntl;
if (sysopen(my $fh, "new", O_RDONLY | O_CREAT | O_DIRECTORY, 0755)) { print "ok\n"; exit }
for (sort keys %!) { if ($!{$_}) { print "$_\n"; exit } }
PL
cat > "$scratch/dd" <<'DD'
#!/bin/sh
msg=$(dd if=/dev/null of=new oflag=directory conv=notrunc status=none 2>&1) && { echo ok; exit; }
case "$msg" in
*"Invalid argument"*) echo EINVAL ;;
*"Not a directory"*) echo ENOTDIR ;;
*"Is a directory"*) echo EISDIR ;;
*"No such file"*) echo ENOENT ;;
*"File exists"*) echo EEXIST ;;
*) echo "$msg" ;;
esac
DD
chmod +x "$scratch"/*

# What is at "new" now: dir, file, or -.
on_disk() {
	if [ -d new ]; then echo dir; elif [ -e new ]; then echo file; else echo -; fi
}

# cell PROGRAM STATE MODE: "RESULT/DISK" for one run in a fresh directory.
cell() {
	dir="$scratch/run.d"
	rm -rf "$dir" && mkdir "$dir" && cd "$dir" || exit 1
	[ "$2" = dir ] && mkdir new
	result=$("$odcreat" -m "$3" "$scratch/$1" 2>&1 | tail -n 1)
	echo "$result/$(on_disk)"
	cd "$scratch" || exit 1
}

programs="python3 perl dd"
command -v python3 > /dev/null || programs="perl dd"

echo "open(\"new\", O_CREAT|O_DIRECTORY) by real programs, under odcreat -m MODE."
echo "Kernel: $(uname -sr)."
echo "Each cell: what the program got / what was at \"new\" after (dir, file or -);"
echo "\"was\": what was there before. python3 calls os.open, perl sysopen, and GNU"
echo "dd oflag=directory opens for writing (conv=notrunc: no O_TRUNC)."
echo
# The table, each column as wide as its widest cell, so that it fits 80 columns.
{
	printf 'program\twas'
	for m in $modes; do printf '\t%s' "$m"; done
	echo
	for p in $programs; do
		for state in - dir; do
			printf '%s\t%s' "$p" "$state"
			for m in $modes; do
				printf '\t%s' "$(cell "$p" "$state" "$m")"
			done
			echo
		done
	done
} | awk -F '\t' '
	{ row[NR] = $0; for (i = 1; i <= NF; i++) if (length($i) > w[i]) w[i] = length($i) }
	END {
		for (r = 1; r <= NR; r++) {
			n = split(row[r], cell, "\t")
			line = ""
			for (i = 1; i <= n; i++)
				line = line sprintf(i < n ? "%-" w[i] "s " : "%s", cell[i])
			print line
		}
	}'
