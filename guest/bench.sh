#!/bin/sh
# The payload of "make bench", one boot: every figure once, as "bench: "
# JSON lines (see bench/wakeup-bench.c).  Hibernation needs swap even when
# pm_test stops it before the image is written.  The late and noirq phases
# go to the "core" level, the deepest, where the base kernel's last check
# can still catch an event its device phases missed.
# With "bench.icount" on the command line (a boot with QEMU counting
# instructions, see scripts/bench.sh) every time is a count of
# instructions, the same from one boot to the next; the hot path then runs
# on one CPU only, as on two it would measure how QEMU interleaves them.
cpus=2
! grep -qw bench.icount /proc/cmdline || cpus=1
# The hot path is measured by test_pm_wakeup_bench, with the 100 wakeup
# sources of test_pm_wakeup registered too, as a busy system has many.
hot() {
	modprobe test_pm_wakeup_bench &&
		wakeup-bench hot 20000 150 "$cpus" &&
		rmmod test_pm_wakeup_bench
}
# With "bench.hot" (the i386 boots) the hot path only.
if grep -qw bench.hot /proc/cmdline; then
	modprobe test_pm_wakeup ndevices=100 && hot && rmmod test_pm_wakeup
	exit
fi
mkswap /dev/vda >/dev/null && swapon /dev/vda || exit 1
echo 0 >/sys/module/suspend/parameters/pm_test_delay
echo deep >/sys/power/mem_sleep || exit 1

for n in 1 100 1000 5000; do
	modprobe test_pm_wakeup ndevices="$n" || exit 1
	while read -r state level phase; do
		wakeup-bench abort "$state" "$level" "$phase" 3 || exit 1
	done <<-END
		mem devices prepare
		mem devices suspend
		mem core suspend_late
		mem core suspend_noirq
		disk devices prepare
		disk devices freeze
		disk core freeze_late
		disk core freeze_noirq
	END
	if [ "$n" = 100 ]; then
		hot || exit 1
		wakeup-bench roundtrip 20 100 || exit 1
	fi
	rmmod test_pm_wakeup || exit 1
done
