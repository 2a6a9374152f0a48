#!/bin/sh
# boots: off 0
# Hibernation in "shutdown" mode powers the machine off, and the next boot
# (with resume=) restores the image: the process that wrote "disk" to
# /sys/power/state carries on, with the marker it kept in memory.
if [ "$GUEST_BOOT" != 1 ]; then
	echo "boot $GUEST_BOOT started afresh: the image was not restored"
	exit 1
fi
mkswap /dev/vda >/dev/null && swapon /dev/vda || exit 1
marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
echo "hibernating with marker $marker"
echo shutdown >/sys/power/disk
count=$(cat /sys/power/wakeup_count)
echo "$count" >/sys/power/wakeup_count || exit 1
echo disk >/sys/power/state || { echo "hibernation failed"; exit 1; }
# Only a restore gets here: the write returns once the image is back.
echo "restored with marker $marker"
[ "$marker" = "$(cat /tmp/marker)" ]
