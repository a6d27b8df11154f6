#!/bin/sh
# run.sh DIR NAME SECONDS TIMEOUT [SEEDS]: the libFuzzer harness DIR/NAME
# (tests/fuzz/fuzz.mk) for SECONDS, each input bounded to TIMEOUT
# seconds, its corpus in DIR/NAME.corpus (started from SEEDS), its output
# in DIR/NAME.log, an input that failed in DIR/crash-* (or timeout-*,
# leak-*); FUZZ_ARGS, any further libFuzzer options. Prints what the
# harness says of itself and the run's count, or its last lines and fails.
set -u
dir=$1 name=$2 seconds=$3 timeout=$4
shift 4
mkdir -p "$dir/$name.corpus"
echo "fuzz: $dir/$name for $seconds s, output in $dir/$name.log"
status=0
# shellcheck disable=SC2086 # FUZZ_ARGS is a list of options
"$dir/$name" -max_total_time="$seconds" -timeout="$timeout" -artifact_prefix="$dir/" \
	${FUZZ_ARGS:-} "$dir/$name.corpus" "$@" > "$dir/$name.log" 2>&1 || status=$?
grep "^$name: " "$dir/$name.log"
if [ "$status" -ne 0 ] || ! grep -Eq '^Done [0-9]+ runs' "$dir/$name.log"; then
	tail -n 60 "$dir/$name.log"
	echo "fuzz: $name FAILED (exit status $status); input in $dir/crash-*, output in $dir/$name.log" >&2
	exit 1
fi
echo "$name: $(grep -E '^Done [0-9]+ runs' "$dir/$name.log")"
