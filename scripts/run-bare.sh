#!/bin/bash
# run-bare.sh KERNEL RESULTS LIMIT: run the kselftests on a built KERNEL as
# a CI farm runs them, on a QEMU machine without the harness's extras
# (guest/bare.sh), within LIMIT seconds; leave its log in RESULTS/bare.log
# and one "RESULT bare:id" line per result in RESULTS/bare.results.  A
# machine that does not end cleanly is a FAIL (scripts/parse-results.sh).
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

[ $# -eq 3 ] || die "usage: run-bare.sh KERNEL RESULTS LIMIT"
kernel=$1 results=$2 limit=$3 rc=0
log=$results/bare.log

echo "== run the tests on a bare machine with the $kernel kernel (log: ${log#"$top"/})"
mkdir -p "$results"
"$top/scripts/run-qemu.sh" -b -k "$kernel" -t "$limit" -l "$log" \
	"$top/guest/bare.sh" >/dev/null 2>"$results/bare.err" || rc=$?
# Why it did not start or end cleanly, where run-qemu.sh says so.
cat "$results/bare.err" >>"$log"
printf '\n# status: %s 1/1\n' "$rc" >>"$log"
"$top/scripts/parse-results.sh" "$log" | sed 's/^\([A-Z]*\) /\1 bare:/' >"$results/bare.results"
