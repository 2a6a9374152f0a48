#!/bin/sh
# The payload of "make demo": a power manager's life with
# /sys/power/wakeup_count, as a transcript.  Three attempts to sleep, each
# following the protocol (read the count, check, write it back, write the
# state), with a wakeup event arriving at a different moment each time, and
# the kernel's own log lines that explain the outcome.

pm=/sys/power
fire=/sys/kernel/debug/test_pm_wakeup/fire

say() { printf '%s\n' "$*"; }
run() {
	say "    \$ $*"
	sh -c "$*" >/tmp/out 2>/tmp/err
	rc=$?
	sed 's/^sh: //; s/^/    /' /tmp/out /tmp/err
	return "$rc"
}
# The kernel lines about the last attempt, without timestamps.
kernel_says() {
	dmesg -c | sed -n 's/^\[[ 0-9.]*\] //p' | grep -E "$1" | sed 's/^/    kernel: /'
}
# "name(driver) event_count" of every wakeup source
sources() {
	for ws in /sys/class/wakeup/*; do
		driver=$(basename "$(readlink "$ws/device/driver")" 2>/dev/null)
		echo "$(cat "$ws/name")${driver:+($driver)} $(cat "$ws/event_count")"
	done | sort
}
stats() {
	say "    suspend_stats: success $(cat $pm/suspend_stats/success)," \
		"fail $(cat $pm/suspend_stats/fail)," \
		"last_failed_errno $(cat $pm/suspend_stats/last_failed_errno)"
}

modprobe test_pm_wakeup || exit 1
echo 1 >$pm/pm_debug_messages
echo deep >$pm/mem_sleep
dmesg -c >/dev/null

say "A power manager puts the machine to sleep with /sys/power/wakeup_count:"
say "read the count, check its own consumers of wakeup events, write the count"
say "back, and only then write the state."
say

say "1. An event arrives between the read and the write: canceled early."
run "cat $pm/wakeup_count"
count=$(cat $pm/wakeup_count)
say "    (a daemon takes and drops a wakelock: one wakeup event)"
echo demo-daemon >$pm/wake_lock
echo demo-daemon >$pm/wake_unlock
if run "echo $count > $pm/wakeup_count"; then
	say "    UNEXPECTED: the write succeeded"
	exit 1
fi
say "    -> canceled early: the write failed, so the manager does not write the"
say "       state; it handles the event and starts over.  Nothing was lost."
say

say "2. An event arrives after the write: canceled late."
count=$(cat $pm/wakeup_count)
run "echo $count > $pm/wakeup_count" || exit 1
say "    (test_pm_wakeup.0 reports an event: pm_wakeup_event())"
echo event >$fire
dmesg -c >/dev/null
if run "echo mem > $pm/state"; then
	say "    UNEXPECTED: the system went to sleep"
	exit 1
fi
say "    -> canceled late: EBUSY; the count moved on to $(cat $pm/wakeup_count)."
kernel_says "Wakeup pending|wakeup source|aborted|failed to suspend"
stats
say

say "3. No event until the RTC alarm: a real S3 suspend, woken 3 s later."
count=$(cat $pm/wakeup_count)
run "echo $count > $pm/wakeup_count" || exit 1
run "echo +3 > /sys/class/rtc/rtc0/wakealarm" || exit 1
dmesg -c >/dev/null
sources >/tmp/sources.before
before=$(date +%s)
run "echo mem > $pm/state" || exit 1
say "    -> resumed after $(($(date +%s) - before)) s; the count is now $(cat $pm/wakeup_count)."
sources | diff /tmp/sources.before - | sed -n 's/^+\([^+]\)/\1/p' |
	while read -r name events; do
		say "    wakeup source $name reported an event (event_count $events)"
	done
kernel_says "entering suspend|system sleep state|suspend exit"
stats
say

say "4. The same with tools/power/wakeup-pm, the reference power manager, whose"
say "   exit code tells the outcome (0 resumed, 3 canceled early, 4 canceled late)."
run "wakeup-pm once -c 'echo event > $fire' mem"
[ "$rc" = 3 ] || exit 1
echo "suspend event" >/sys/kernel/debug/test_pm_wakeup/arm
run "wakeup-pm once mem"
[ "$rc" = 4 ] || exit 1
run "echo +3 > /sys/class/rtc/rtc0/wakealarm" || exit 1
run "wakeup-pm once mem" || exit 1
run "wakeup-pm status"
