#!/bin/sh
# The part of "make demo" that runs on the base kernel and on the series
# alike: a power manager follows the wakeup_count protocol (read the count,
# write it back, write the state) and a wakeup event arrives where the base
# kernel loses it or accepts what it should not.  Each case prints one line,
# "demo: <case> <outcome>", for scripts/demo.sh to set side by side; the
# last one may power the machine off, which says enough.
# The events come from the test device of test_pm_wakeup, armed to fire
# from one of its callbacks; pm_test levels stop the transitions short of
# sleeping, so that a lost event cannot leave the machine asleep.

pm=/sys/power
arm=/sys/kernel/debug/test_pm_wakeup/arm

outcome() {
	if [ "$1" = 0 ]; then
		echo "$2"
	else
		echo "$3"
	fi
}

# attempt STATE: the protocol's writes, then the state; prints the errno
# name of the state's write, or "ok"
attempt() {
	count=$(cat $pm/wakeup_count) || return
	echo "$count" >$pm/wakeup_count || return
	err=$(sh -c "echo $1 >$pm/state" 2>&1) && {
		echo ok
		return
	}
	case "$err" in
	*"busy"*) echo EBUSY ;;
	*) echo "${err##*: }" ;;
	esac
}

swap=
for d in /sys/block/vd*; do
	[ "$(cat "$d/serial")" = swap ] || continue
	mkswap "/dev/${d##*/}" >/dev/null && swapon "/dev/${d##*/}" || exit 1
	swap=1
done
modprobe test_pm_wakeup || exit 1
echo 0 >/sys/module/suspend/parameters/pm_test_delay
echo 0 >/sys/module/hibernate/parameters/pm_test_delay
echo deep >$pm/mem_sleep || exit 1

# A count with something after it: the base takes the number and ignores
# the rest, so a client's typo arms the check with a count it never read.
count=$(cat $pm/wakeup_count)
sh -c "echo '$count junk' >$pm/wakeup_count" 2>/dev/null
echo "demo: junk-after-count $(outcome $? "accepted" "refused (EINVAL)")"

# An event from a device's suspend_noirq callback, suspend-to-RAM stopped
# at the platform level: the base does not look for it again before the
# platform would put the machine to sleep.
echo platform >$pm/pm_test
echo "suspend_noirq event" >$arm
r=$(attempt mem)
echo "demo: event-in-suspend-noirq $(outcome "$([ "$r" = ok ]; echo $?)" \
	"went ahead (event lost)" "aborted ($r)")"

# An event that syscore_suspend() finds while the hibernation image would
# be made: the base aborts but returns success, so the power manager thinks
# the machine hibernated and resumed.
echo core >$pm/pm_test
echo platform >$pm/disk
echo "syscore event" >$arm
r=$(attempt disk)
echo "demo: event-at-snapshot $(outcome "$([ "$r" = ok ]; echo $?)" \
	"reported success (event lost)" "aborted ($r)")"
echo none >$pm/pm_test

# An event while the image is written, in shutdown mode: the base powers
# the machine off over it.
if [ -n "$swap" ]; then
	echo shutdown >$pm/disk
	echo "thaw event" >$arm
	echo "demo: event-while-image-written powered off (event lost)"
	r=$(attempt disk)
	echo "demo: event-while-image-written $(outcome "$([ "$r" = ok ]; echo $?)" \
		"resumed from the image (event lost)" "rolled back ($r)")"
fi
echo "demo: done"
