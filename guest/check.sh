#!/bin/sh
# The payload of "make check": every kselftest installed in /kselftest, then
# the results of the KUnit suites that ran at boot.  Each result is a TAP
# line; "# selftest: C:T" and "# kunit: S" lines say what the next ones
# belong to, "# exit: N" how a selftest program ended, and "# plan:" lines,
# first, every test that this machine will run.
# The hibernation tests write images to the first active swap device, the
# file system sync tests dirty a scratch disk: the harness attaches both.
# Time limits (each collection's "settings") are multiplied by $GUEST_SLOW,
# set for a debug kernel.  The machine is the harness's own: the tests that
# really sleep, or would power it off were an event lost, run too.
# With $GUEST_SHARD set to I/N, N machines share the work: this one runs
# the Ith share of the tests (see below), and only the first reports KUnit.
# With $GUEST_ONLY set to GLOB,..., only the kselftests whose ids
# ("collection:test", as make check prints them) match one of the globs run.
# The disks say what they are for in their serial (scripts/run-qemu.sh).
for d in /sys/block/vd*; do
	[ -e "$d" ] || continue
	case "$(cat "$d/serial")" in
	swap) mkswap "/dev/${d##*/}" >/dev/null && swapon "/dev/${d##*/}" ;;
	scratch) export WAKEUP_SCRATCH_DEV="/dev/${d##*/}" ;;
	esac
done

export WAKEUP_REAL_SLEEP=1

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

# What a test costs, roughly, in tenths of a second (measured under TCG):
# a hibernation attempt allocates its image memory, a test of attribution
# makes one attempt per kind of event, the real sleep tests ask to be woken
# 5 s later, a pm_test wait lasts up to 10 s, a sync writes 256 MiB, a
# wakeup-pm loop backs off for seconds, autosleep waits for its attempts,
# and the stress test makes 200 attempts.  Only the split between
# machines depends on it.
cost_of() {
	case "$1" in
	stress.*) echo 195 ;;
	hibernate.* | hib_rollback.* | hib_wake_reason.*) echo 15 ;;
	hib_phases.*_freezer.armed_events_are_attributed) echo 20 ;;
	*.armed_events_are_attributed) echo 12 ;;
	test_delay.*) echo 90 ;;
	fs_sync.*) echo 40 ;;
	real.* | wake_reason.*) echo 60 ;;
	autosleep.*) echo 40 ;;
	wakeup_pm.resume_names_what_woke_it) echo 15 ;;
	wakeup_pm.loop_backs_off_per_outcome) echo 65 ;;
	wakeup_pm.loop_gives_up) echo 40 ;;
	wakeup_pm.disk_needs_a_resume_device) echo 15 ;;
	wakeup_pm.priorities_come_first) echo 20 ;;
	wakeup_pm.wait_without_an_event_times_out) echo 35 ;;
	wakeup_pm.signal_ends_each_wait_at_once) echo 95 ;;
	wakeup_pm.slow_hooks_time_out) echo 25 ;;
	wakeup_pm.hibernation_turned_off_is_a_failure) echo 15 ;;
	wakeup_pm.loop_backoff_stops_at_its_cap) echo 85 ;;
	sources.stay_awake_is_timed) echo 12 ;;
	wakeup_pm.signal_during_hook_runs_the_post_hooks) echo 15 ;;
	wakeup_pm.wait_returns_after_an_event) echo 15 ;;
	hib_phases.* | wakeup_pm.* | wakeup_poll.* | hostile.* | sources.* | irq.* | handled.*) echo 4 ;;
	*) echo 1 ;;
	esac
}

# selected ID: whether $GUEST_ONLY lets the test ID run
selected() {
	[ -n "$GUEST_ONLY" ] || return 0
	# shellcheck disable=SC2086,SC2254 # split at the commas, each a glob
	(IFS=, && set -f && for glob in $GUEST_ONLY; do
		case "$1" in $glob) exit 0 ;; esac
	done && exit 1)
}

cd /kselftest || exit 1
# Every test as "index program test cost"; a program that cannot list its
# tests is one test, "-".  Then the longest first, each to the machine
# with the least work so far: every machine computes the same split and
# keeps its own share, in the original order.
mine=/tmp/check.mine
if [ "$n" -eq 1 ] && [ -z "$GUEST_ONLY" ]; then
	sed 's/.*/& -/' kselftest-list.txt >"$mine"
else
	k=0
	while IFS=: read -r collection prog; do
		[ -n "$prog" ] || continue
		names=$(cd "$collection" && tests_of "$prog")
		for name in ${names:--}; do
			k=$((k + 1))
			[ "$name" = - ] && id=$collection:$prog || id=$collection:$name
			selected "$id" || continue
			echo "$k $collection:$prog $name $(cost_of "$name")"
		done
	done <kselftest-list.txt | sort -k4,4nr -k1,1n | awk -v n="$n" -v i="$i" '
	{
		m = 1
		for (j = 2; j <= n; j++)
			if (load[j] < load[m])
				m = j
		load[m] += $4
		if (m == i)
			print
	}' | sort -n | cut -d' ' -f2,3 >"$mine"
fi
# What this machine will report, before it runs anything: the harness fails
# every planned test without a result (scripts/parse-results.sh).
sed 's/^/# plan: /' "$mine"
if [ "$i" -eq 1 ]; then
	for results in /sys/kernel/debug/kunit/*/results; do
		[ -f "$results" ] || continue
		suite=${results%/results}
		echo "# plan: kunit:${suite##*/} -"
	done
fi

while IFS=: read -r collection prog; do
	[ -n "$prog" ] || continue
	limit=$(sed -n 's/^timeout=//p' "$collection/settings" 2>/dev/null)
	limit=$((${limit:-45} * ${GUEST_SLOW:-1}))
	# This machine's tests of the program: all of them for "-".
	names=$(sed -n "s|^$collection:$prog ||p" "$mine")
	[ -n "$names" ] || continue
	args=""
	for name in $names; do
		[ "$name" = - ] || args="$args -r $name"
	done
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
