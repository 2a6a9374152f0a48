#!/bin/bash
# "make stress": the wakeup_stress kselftest with $ATTEMPTS attempts (default
# 10000) on the series, then with the same seed on the base kernel, and
# their summaries side by side.  The series must have no violation; the base
# shows what the gaps the series closes cost.  Logs in build/stress/.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
own_children

# "make stress ATTEMPTS=n SEED=s" passes them by name, so either can be left out.
attempts=${ATTEMPTS:-10000}
seed=${SEED:-$(date +%s)}
scripts=$top/scripts
out=$build/stress
mkdir -p "$out"

"$scripts/build.sh" series base

: >"$out/notes"
cat >"$out/payload.sh" <<EOF
#!/bin/sh
# Hibernation at a pm_test level needs a swap device to start.
[ -b /dev/vda ] && mkswap /dev/vda >/dev/null && swapon /dev/vda
cd /kselftest/power/wakeup_count || exit 1
WAKEUP_STRESS_ATTEMPTS=$attempts WAKEUP_STRESS_SEED=$seed ./wakeup_stress
EOF

status=()
for kernel in series base; do
	echo "== $attempts attempts on the $kernel kernel, seed $seed (log: build/stress/$kernel.log)"
	rm -f "$out/swap.img"
	truncate -s 256M "$out/swap.img"
	rc=0
	# About 0.1 s per attempt; the limit leaves ample room.
	run_owned "$scripts/run-qemu.sh" -k "$kernel" -t $((600 + attempts / 2)) \
		-s "$out/swap.img" -l "$out/$kernel.log" "$out/payload.sh" >/dev/null 2>&1 || rc=$?
	status+=("$rc")
	# The test's closing lines: outcomes per plan, helpers, violations;
	# what it left out, apart, so that the two columns line up.
	sed -n 's/^#[^:]*:[0-9]*:random_events:\(.*\)$/\1/p; /^guest: kernel log/p' \
		"$out/$kernel.log" | grep -v '^violation\|^Expected' >"$out/$kernel.summary" || true
	grep 'left out' "$out/$kernel.summary" | sed "s/^/$kernel: /" >>"$out/notes" || true
	sed -i '/left out/d' "$out/$kernel.summary"
done
rm -f "$out/swap.img"

echo "== summary: series | base"
paste -d'|' "$out/series.summary" "$out/base.summary" |
	awk -F'|' '{ printf "%-62s | %s\n", $1, $2 }'
cat "$out/notes"
echo "(the logs give each violation, after \"violation:\")"
if [ "${status[0]}" -ne 0 ]; then
	echo "FAIL: the series kernel's run ended with status ${status[0]}"
	exit 1
fi
echo "PASS: no violation on the series kernel"
