#!/bin/sh
# The payload of make check's bare machine (scripts/run-bare.sh): the
# collection as a CI farm runs it, through the kernel's run_kselftest.sh,
# on a machine without the harness's extras (scripts/run-qemu.sh -b: no
# serial port that wakes the guest, no PCI wakeup device, no scratch disk,
# no swap) and without WAKEUP_REAL_SLEEP: what needs them skips, with the
# reason, and nothing fails.  The runner's output becomes guest/check.sh's
# (scripts/parse-results.sh reads that): "# selftest: C:P" before a
# program's lines, which the runner puts under "# ", and "# exit: N" after
# them, N from the runner's verdict.
cd /kselftest || exit 1
# One machine, which scripts/parse-results.sh wants named, and every
# program it must report on: one that the runner skips or the conversion
# loses fails there for want of results.
echo "# shard: 1/1"
while IFS=: read -r collection prog; do
	[ "$collection" != power/wakeup_count ] || echo "# plan: $collection:$prog -"
done <kselftest-list.txt
settings=$(sed -n 's/^timeout=//p' power/wakeup_count/settings)
./run_kselftest.sh -c power/wakeup_count 2>&1 | tee /tmp/runner.log | awk '
/^# selftests: / { sub(/:$/, "", $3); print "# selftest: " $3 ":" $4; inside = 1; next }
inside && /^(not )?ok [0-9]+ selftests: / {
	code = /^ok .*# SKIP/ ? 4 : /^ok / ? 0 : /# TIMEOUT/ ? 124 : -1
	if (code == -1 && match($0, /# exit=[0-9]+/))
		code = substr($0, RSTART + 7, RLENGTH - 7)
	print "# exit: " code
	inside = 0
	next
}
inside && /^# / { print substr($0, 3); next }
inside && /^#$/ { print ""; next }
{ print }'
# Each program under the time limit of its settings.
grep -qx "# timeout set to $settings" /tmp/runner.log ||
	{ echo "bare: run_kselftest.sh did not take the time limit of settings"; exit 1; }
