#!/bin/sh
# The payload of "make demo": a power manager's life with
# /sys/power/wakeup_count, as a transcript.  Attempts to sleep, each
# following the protocol (read the count, check, write it back, write the
# state), with a wakeup event arriving at a different moment each time, the
# kernel's own log lines that explain the outcome, its record of what
# aborted an attempt and of what woke the system; then the same through
# tools/power/wakeup-pm, once, waiting in poll() and in a loop.

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
say "    The kernel's record of what aborted it:"
run "grep . $pm/wakeup_abort/*"
[ "$(cat $pm/wakeup_abort/source)" = test_pm_wakeup.0 ] || exit 1
say

say "3. No event until the RTC alarm: a real S3 suspend, woken 3 s later."
count=$(cat $pm/wakeup_count)
run "echo $count > $pm/wakeup_count" || exit 1
run "echo +3 > /sys/class/rtc/rtc0/wakealarm" || exit 1
dmesg -c >/dev/null
before=$(date +%s)
run "echo mem > $pm/state" || exit 1
say "    -> resumed after $(($(date +%s) - before)) s; the count is now $(cat $pm/wakeup_count)."
kernel_says "entering suspend|system sleep state|suspend exit"
stats
say "    What woke it, first one first, and how long it slept:"
run "grep . $pm/wakeup_reason/*"
grep -q . $pm/wakeup_reason/source || exit 1
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
say

say "5. Waiting for wakeup events in poll(), as an event loop does: wakeup-pm wait"
say "   reads the count and polls the file; the next event wakes it (one every"
say "   200 ms here, so that one comes after the read however slow the start)."
(while sleep 0.2; do echo event >$fire; done) &
feeder=$!
run "wakeup-pm wait -w 10"
rc=$?
kill $feeder
wait
[ "$rc" = 0 ] || exit 1
say

say "6. wakeup-pm loop: attempt after attempt, a check arming the RTC each time;"
say "   the second attempt meets an event and is canceled late, the loop goes on."
say "   (After its first resume, QEMU's RTC wakes the guest at once: 0.0 s.)"
echo 0 >/tmp/attempt
cat >/tmp/check <<'EOF'
n=$(($(cat /tmp/attempt) + 1)); echo $n >/tmp/attempt
[ $n != 2 ] || echo "suspend event" >/sys/kernel/debug/test_pm_wakeup/arm
echo 0 >/sys/class/rtc/rtc0/wakealarm; echo +3 >/sys/class/rtc/rtc0/wakealarm
EOF
run "wakeup-pm loop -n 3 -b 1 -c 'sh /tmp/check' mem" || exit 1
grep -q "^canceled late" /tmp/out && grep -q "3 attempts, 2 slept" /tmp/out || exit 1
