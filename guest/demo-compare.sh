#!/bin/sh
# The part of "make demo" that runs on the base kernel and on the series
# alike: a power manager follows the wakeup_count protocol (read the count,
# write it back, write the state) and a wakeup event arrives where the base
# kernel loses it or reports the attempt wrongly.  Each case prints one
# line, "demo: <case> <outcome>", for scripts/demo.sh to set side by side;
# the last one may power the machine off, which says enough.  The events
# come from the test device of test_pm_wakeup, armed to fire from one of
# its callbacks.  Any other failure exits non-zero.

pm=/sys/power
arm=/sys/kernel/debug/test_pm_wakeup/arm

fail() {
	echo "demo-compare: $*"
	exit 1
}

# attempt STATE: the protocol's writes, then the state; prints "ok" or
# what the write of the state failed with
attempt() {
	count=$(cat $pm/wakeup_count) || fail "cannot read wakeup_count"
	echo "$count" >$pm/wakeup_count || fail "the count just read was refused"
	if err=$(sh -c "echo $1 >$pm/state" 2>&1); then
		echo ok
	else
		errno_of "$err"
	fi
}

# at_test_level CASE LEVEL EVENT: suspend-to-RAM stopped at pm_test LEVEL
# with EVENT armed; prints CASE's outcome
at_test_level() {
	echo "$2" >$pm/pm_test || fail "pm_test $2"
	echo "$3" >$arm || fail "arm"
	r=$(attempt mem)
	echo none >$pm/pm_test
	if [ "$r" = ok ]; then
		echo "demo: $1 reported success (pm_test $2)"
	else
		echo "demo: $1 aborted ($r)"
	fi
}

# errno_of MESSAGE: the errno name for a shell's write error message
errno_of() {
	case "$1" in
	*"resource busy") echo EBUSY ;;
	*"Invalid argument") echo EINVAL ;;
	*) echo "${1##*: }" ;;
	esac
}

swap=
for d in /sys/block/vd*; do
	[ "$(cat "$d/serial")" = swap ] || continue
	mkswap "/dev/${d##*/}" >/dev/null || fail "mkswap"
	swapon "/dev/${d##*/}" || fail "swapon"
	swap=1
done
[ -n "$swap" ] || fail "no swap disk (scripts/demo.sh attaches one)"
modprobe test_pm_wakeup || fail "modprobe test_pm_wakeup"
echo 0 >/sys/module/suspend/parameters/pm_test_delay || fail "pm_test_delay"
echo deep >$pm/mem_sleep || fail "no S3"

# A count with a word after it: the base takes the number and drops the
# rest, so a client that wrote something else than the count is not told.
count=$(cat $pm/wakeup_count)
if err=$(sh -c "echo '$count junk' >$pm/wakeup_count" 2>&1); then
	echo "demo: junk-after-count accepted"
else
	echo "demo: junk-after-count refused ($(errno_of "$err"))"
fi

# An event from a kernel thread on its way to the refrigerator, in the
# freezer's last pass, suspend-to-RAM stopped at pm_test's freezer level:
# the base looks for events only while tasks are left to freeze, so it
# reports success over the event.
at_test_level event-in-freezer-last-pass freezer "freezer event"

# An event from a device's suspend_noirq callback, suspend-to-RAM stopped
# at pm_test's platform level: the base looks for events again only after
# that level (syscore_suspend()), so it reports success over the event.
at_test_level event-in-suspend-noirq platform "suspend_noirq event"

# An event that syscore_suspend() finds as the hibernation image is about
# to be made: the base makes no image but reports success, so the power
# manager believes the machine hibernated and resumed.
echo platform >$pm/disk || fail "disk platform"
echo "syscore event" >$arm || fail "arm"
r=$(attempt disk)
if [ "$r" = ok ]; then
	echo "demo: event-at-snapshot reported success (no image made)"
else
	echo "demo: event-at-snapshot aborted ($r)"
fi

# An event while the image is written, in shutdown mode: the base powers
# the machine off over it.
echo shutdown >$pm/disk || fail "disk shutdown"
grep -q '\[shutdown\]' $pm/disk || fail "shutdown mode not taken"
echo "thaw event" >$arm || fail "arm"
echo "demo: event-while-image-written powered off (event lost)"
r=$(attempt disk)
if [ "$r" = ok ]; then
	echo "demo: event-while-image-written reported success (event lost)"
else
	echo "demo: event-while-image-written rolled back ($r)"
fi
echo "demo: done"
