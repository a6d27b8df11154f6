#!/bin/sh
# The test suite needs bats with bats-support and bats-assert (Debian 12:
# packages bats, bats-support, bats-assert) and strace. Root gets them installed.
set -e
missing=""
command -v bats >/dev/null 2>&1 || missing="$missing bats"
command -v strace >/dev/null 2>&1 || missing="$missing strace"
[ -f /usr/lib/bats/bats-support/load.bash ] || missing="$missing bats-support"
[ -f /usr/lib/bats/bats-assert/load.bash ] || missing="$missing bats-assert"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "make check needs:$missing. Install them with: sudo apt-get install$missing" >&2
	exit 1
fi
echo "installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >&2 || { apt-get update -q >&2 && apt-get install -y -q $missing >&2; }
