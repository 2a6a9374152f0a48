#!/bin/sh
# boots: 0 0
# A wakeup event while the image is being written (fired from the test
# device's thaw callback, after the snapshot) must roll hibernation back in
# every mode: the write of "disk" fails with EBUSY, the machine stays up, the
# swap signature is restored, and the next boot finds no image to restore.
if [ "$GUEST_BOOT" != 1 ]; then
	echo "boot $GUEST_BOOT started afresh, as it should"
	exit 0
fi
mkswap /dev/vda >/dev/null && swapon /dev/vda || exit 1
modprobe test_pm_wakeup || exit 1
for mode in platform shutdown reboot; do
	echo "$mode" >/sys/power/disk || exit 1
	grep -q "\[$mode\]" /sys/power/disk || exit 1
	echo "thaw event" >/sys/kernel/debug/test_pm_wakeup/arm
	count=$(cat /sys/power/wakeup_count)
	echo "$count" >/sys/power/wakeup_count || exit 1
	echo "$mode mode, with an event armed after the snapshot"
	if echo disk >/sys/power/state; then
		echo "hibernation did not fail: the event was lost"
		exit 1
	fi
	blockdev --flushbufs /dev/vda
	sig=$(dd if=/dev/vda bs=1 skip=4086 count=10 2>/dev/null)
	echo "rolled back; swap signature $sig"
	[ "$sig" = SWAPSPACE2 ] || exit 1
done
