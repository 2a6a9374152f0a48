#!/bin/sh
# The payload of "make check": every kselftest installed in /kselftest, then
# the results of the KUnit suites that ran at boot.  Each result is a TAP
# line; "# selftest: C:T" and "# kunit: S" lines say what the next ones
# belong to, and "# exit: N" how a selftest program ended.
# The hibernation tests write images to the first active swap device; the
# harness attaches a scratch disk for that.
if [ -b /dev/vda ]; then
	mkswap /dev/vda >/dev/null && swapon /dev/vda
fi

cd /kselftest || exit 1
while IFS=: read -r collection prog; do
	[ -n "$prog" ] || continue
	limit=$(sed -n 's/^timeout=//p' "$collection/settings" 2>/dev/null)
	echo "# selftest: $collection:$prog"
	(cd "$collection" && timeout "${limit:-45}" "./$prog" 2>&1)
	echo "# exit: $?"
done <kselftest-list.txt

for results in /sys/kernel/debug/kunit/*/results; do
	[ -f "$results" ] || continue
	suite=${results%/results}
	echo "# kunit: ${suite##*/}"
	cat "$results"
done
