#!/bin/sh
# boots: 0 0
# In "suspend" mode (systemd's hybrid-sleep) hibernation suspends the system
# once the image is written.  A wakeup event while the image is being
# written (fired from the test device's thaw callback) makes that suspend
# fail, and hibernation must roll back, not fall back to powering off over
# the event: the write of "disk" fails with EBUSY, the machine stays up, the
# swap signature is restored, and the next boot finds no image to restore.
# An RTC alarm, long after the image is written, ends a suspend that goes
# ahead over the event.
if [ "$GUEST_BOOT" != 1 ]; then
	echo "boot $GUEST_BOOT started afresh, as it should"
	exit 0
fi
mkswap /dev/vda >/dev/null && swapon /dev/vda || exit 1
modprobe test_pm_wakeup || exit 1
echo deep >/sys/power/mem_sleep || exit 1
echo suspend >/sys/power/disk || exit 1
grep -q '\[suspend\]' /sys/power/disk || exit 1
echo 0 >/sys/class/rtc/rtc0/wakealarm
echo +120 >/sys/class/rtc/rtc0/wakealarm || exit 1
echo "thaw event" >/sys/kernel/debug/test_pm_wakeup/arm
count=$(cat /sys/power/wakeup_count)
echo "$count" >/sys/power/wakeup_count || exit 1
echo "suspend mode, with an event armed after the snapshot"
if echo disk >/sys/power/state; then
	echo "hibernation did not fail: the event was lost"
	exit 1
fi
echo 0 >/sys/class/rtc/rtc0/wakealarm
blockdev --flushbufs /dev/vda
sig=$(dd if=/dev/vda bs=1 skip=4086 count=10 2>/dev/null)
echo "rolled back; swap signature $sig"
[ "$sig" = SWAPSPACE2 ]
