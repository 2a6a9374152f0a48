#!/bin/sh
# The payload of "make check": every kselftest installed in /kselftest, then
# the results of the KUnit suites that ran at boot.  Each result is a TAP
# line; "# selftest: C:T" and "# kunit: S" lines say what the next ones
# belong to, and "# exit: N" how a selftest program ended.
# The hibernation tests write images to the first active swap device; the
# harness attaches a scratch disk for that.  Time limits (each collection's
# "settings") are multiplied by $GUEST_SLOW, set for a debug kernel.
# With $GUEST_SHARD set to I/N, N machines share the work: this one runs
# every Nth test from the Ith on, and only the first reports KUnit.
if [ -b /dev/vda ]; then
	mkswap /dev/vda >/dev/null && swapon /dev/vda
fi

shard=${GUEST_SHARD:-1/1}
i=${shard%/*} n=${shard#*/}
echo "# shard: $shard"

# The tests of a kselftest_harness program as "fixture.variant.test" (what
# its -r option takes), from the table that -l prints: fixtures in the first
# 20 columns, then variants and tests side by side; every test runs with
# every variant of its fixture.
tests_of() {
	"./$1" -l 2>&1 | awk '
	function flush(	v, t) {
		for (v = 1; v <= (nv ? nv : 1); v++)
			for (t = 1; t <= nt; t++)
				print fix "." (nv ? var[v] "." : "") test[t]
		nv = nt = 0
	}
	/^# FIXTURE/ { listing = 1; next }
	!listing || /^---/ { next }
	{
		f = substr($0, 1, 20)
		gsub(/ /, "", f)
		if (f != "") {
			flush()
			fix = f
		}
		rest = substr($0, 22)
		t = rest
		if (substr(rest, 1, 1) != " ") {
			split(rest, w, " ")
			var[++nv] = w[1]
			t = w[2]
		}
		gsub(/ /, "", t)
		if (t != "")
			test[++nt] = t
	}
	END { if (listing) flush() }'
}

cd /kselftest || exit 1
k=0
while IFS=: read -r collection prog; do
	[ -n "$prog" ] || continue
	limit=$(sed -n 's/^timeout=//p' "$collection/settings" 2>/dev/null)
	limit=$((${limit:-45} * ${GUEST_SLOW:-1}))
	# This machine's tests of the program, every Nth counting across
	# programs; a program that cannot list its tests counts as one.
	args=""
	names=""
	[ "$n" -eq 1 ] || names=$(cd "$collection" && tests_of "$prog")
	if [ -z "$names" ]; then
		k=$((k + 1))
		[ $(((k - 1) % n + 1)) -eq "$i" ] || continue
	else
		for name in $names; do
			k=$((k + 1))
			[ $(((k - 1) % n + 1)) -ne "$i" ] || args="$args -r $name"
		done
		[ -n "$args" ] || continue
	fi
	echo "# selftest: $collection:$prog"
	# shellcheck disable=SC2086 # one word per -r and test name
	(cd "$collection" && timeout "$limit" "./$prog" $args 2>&1)
	echo "# exit: $?"
done <kselftest-list.txt

[ "$i" -eq 1 ] || exit 0
for results in /sys/kernel/debug/kunit/*/results; do
	[ -f "$results" ] || continue
	suite=${results%/results}
	echo "# kunit: ${suite##*/}"
	cat "$results"
done
