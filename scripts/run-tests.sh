#!/bin/bash
# run-tests.sh KERNEL RESULTS LIMIT SLOW [ONLY]: run every kselftest, KUnit
# suite and multi-boot scenario on a built KERNEL in QEMU (with ONLY, a list
# of globs of test ids separated by commas, only the kselftests and
# scenarios that match one, and the KUnit suites), its tests split between
# one machine more than there are CPUs (guest/check.sh says how), each
# machine given LIMIT seconds and guest.slow=SLOW; leave the logs in
# RESULTS/KERNEL.*.log and one "RESULT id" line per result in
# RESULTS/KERNEL.results.  A machine that does not end cleanly, or a test
# planned without exactly one result, is a FAIL there
# (scripts/parse-results.sh); a machine that hangs is not run again.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

[ $# -eq 4 ] || [ $# -eq 5 ] || die "usage: run-tests.sh KERNEL RESULTS LIMIT SLOW [ONLY]"
kernel=$1 results=$2 limit=$3 slow=$4 only=${5:-}
# The list goes on the kernel command line, whose end x86 cuts off
# silently past 2047 bytes: the cut globs would select nothing.
[ ${#only} -le 1800 ] || die "the list of tests is too long for the kernel command line"
scripts=$top/scripts

# The guests wait for timers and wakeups a fifth of the time, which the
# extra machine fills: on 2 CPUs that takes the tests and scenarios from 3
# minutes on one machine to 1.5.  Twice as many machines (two kernels at
# once) once left a guest's CPU unscheduled for 9.5 s, long enough for RCU
# to report a stall: one kernel's machines run at a time.
shards=$(($(nproc) + 1))

# selected ID: whether ONLY lets the test ID run
selected() {
	local glob
	[ -n "$only" ] || return 0
	while read -r -d, glob; do
		# shellcheck disable=SC2053 # a glob of ids
		[[ $1 == $glob ]] && return 0
	done <<<"$only,"
	return 1
}

# run_shard I: the Ith share of the tests, its log in KERNEL.I.log, ending
# with "# status: <exit status> I/N", then the Ith share of the multi-boot
# scenarios, their results in KERNEL.I.scenarios.  A run takes 1 to 2
# minutes (debug: 5 to 10).
run_shard() {
	local s=$1 log=$results/$kernel.$1.log rc=0 swap=$results/swap.$kernel.$1.img
	rm -f "$swap"
	truncate -s 256M "$swap"
	"$scripts/run-qemu.sh" -k "$kernel" -t "$limit" -l "$log" -s "$swap" \
		-a "guest.slow=$slow guest.shard=$s/$shards${only:+ guest.only=$only}" \
		"$top/guest/check.sh" >/dev/null 2>&1 || rc=$?
	rm -f "$swap"
	# On a line of its own: a killed guest may leave its last line unended.
	printf '\n# status: %s %s/%s\n' "$rc" "$s" "$shards" >>"$log"

	local scenarios=("$top"/guest/scenarios/*.sh) j name
	: >"$results/$kernel.$s.scenarios"
	for ((j = s - 1; j < ${#scenarios[@]}; j += shards)); do
		name=$(basename "${scenarios[$j]}" .sh)
		selected "scenario:$name" || continue
		if "$scripts/run-scenario.sh" "$kernel" "${scenarios[$j]}" \
			"$results/$kernel.$name.log"; then
			echo "PASS scenario:$name"
		else
			echo "FAIL scenario:$name"
		fi >>"$results/$kernel.$s.scenarios"
	done
}

echo "== run the tests and the multi-boot scenarios on the $kernel kernel, $shards machines (logs: ${results#"$top"/}/$kernel.*.log)"
mkdir -p "$results"
for s in $(seq "$shards"); do
	run_shard "$s" &
done
wait

# How a machine that did not end cleanly ended.
for s in $(seq "$shards"); do
	grep -q "^# status: 0 " "$results/$kernel.$s.log" && continue
	echo "== the $kernel machine $s/$shards did not end cleanly: the end of its log"
	tr -d '\r' <"$results/$kernel.$s.log" | tail -n 15
done
cat "$results/$kernel".[0-9]*.log >"$results/$kernel.log"
{
	"$scripts/parse-results.sh" "$results/$kernel.log"
	cat "$results/$kernel".[0-9]*.scenarios
	# The guest must have run the kernel just built, not a stale one.
	image=$(kout_of "$kernel")/arch/x86/boot/bzImage
	version=$(file -b "$image" | sed -n 's/.*) \(#[^,]*\),.*/\1/p')
	if [ -n "$version" ] && grep -qF "$version" "$results/$kernel.log"; then
		echo "PASS boot:kernel-just-built"
	else
		echo "FAIL boot:kernel-just-built"
	fi
} >"$results/$kernel.results"
