#!/bin/sh
# boots: 0
# The kernel's own runner, as CI farms (KernelCI, LKFT) run the tests:
# run_kselftest.sh runs a program of the collection under the timeout of
# its settings and reports it "ok".  wakeup_pm_hooks is short and passes
# on every kernel that make check boots; guest/check.sh runs the rest in
# shares, which the runner cannot.
fail() {
	echo "FAIL: $*"
	exit 1
}
# The runner calls /usr/bin/timeout --foreground, an option of coreutils
# that busybox's timeout lacks: this boot's timeout drops it.
rm -f /usr/bin/timeout
# shellcheck disable=SC2016 # the script's own "$1" and "$@"
printf '#!/bin/sh\n[ "$1" != --foreground ] || shift\nexec busybox timeout "$@"\n' >/usr/bin/timeout
chmod +x /usr/bin/timeout
out=$(cd /kselftest && ./run_kselftest.sh -t power/wakeup_count:wakeup_pm_hooks 2>&1)
echo "$out"
echo "$out" | grep -qx "# timeout set to 900" || fail "the runner did not read the settings"
echo "$out" | grep -qx "ok 1 selftests: power/wakeup_count: wakeup_pm_hooks" ||
	fail "run_kselftest.sh did not report the program ok"
