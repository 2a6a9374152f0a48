#!/bin/sh
# boots: 0
# append: nohibernate
# A kernel that has hibernation turned off (here by nohibernate; lockdown
# and secret memory do the same) does not offer "disk" and refuses it with
# EPERM, to root too: wakeup-pm says that hibernation is not available,
# not that it needs root, and does not start.
fail() {
	echo "FAIL: $*"
	exit 1
}
grep -qw disk /sys/power/state && fail "/sys/power/state offers disk: $(cat /sys/power/state)"
err=$( (echo disk >/sys/power/state) 2>&1) && fail "the kernel took disk"
case "$err" in
*"Operation not permitted"*) ;;
*) fail "writing disk: '$err', expected EPERM" ;;
esac
rc=0
out=$(wakeup-pm once disk 2>&1) || rc=$?
echo "wakeup-pm once disk: exit $rc: $out"
[ "$rc" -eq 1 ] || fail "exit $rc, expected 1 (error)"
case "$out" in
*"needs root"*) fail "it blames privilege" ;;
*"hibernation is not available"*) ;;
*) fail "it does not say that hibernation is not available" ;;
esac
